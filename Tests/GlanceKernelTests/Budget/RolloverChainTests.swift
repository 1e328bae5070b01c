import Foundation
import GlanceKernel
import Testing

/// The report chain and the year closing balance (see *The real apps Glance models*, Pulpe: budget formulas;
/// Pulpe's iOS PUL‑263 tests).
@Suite("Rollover chain")
struct RolloverChainTests {
  typealias F = BudgetFixture

  static func delta(
    _ id: String, _ year: Int, _ month: Int, _ francs: Int64?
  ) throws
    -> RolloverChain.BudgetDelta
  {
    try RolloverChain.BudgetDelta(
      id: id, period: try F.period(year, month), ownDelta: francs.map(F.chf))
  }

  @Test("example 1 (SPECS): rollovers 0/500/900/800, remaining 500/900/800/300")
  func specsChain() throws {
    let months: [(id: String, month: Int, income: Int64, expenses: Int64)] = [
      ("jan", 1, 5000, 4500), ("feb", 2, 5200, 4800), ("mar", 3, 5100, 5200),
      ("apr", 4, 5000, 5500),
    ]
    var deltas: [RolloverChain.BudgetDelta] = []
    for month in months {
      let own = try F.metrics([
        try F.line("i", .income, month.income), try F.line("e", .expense, month.expenses),
      ])
      deltas.append(
        try RolloverChain.BudgetDelta(
          id: month.id, period: try F.period(2025, month.month), ownDelta: own.ownDelta))
    }
    let chain = try RolloverChain(budgets: deltas.reversed(), currency: .chf)
    #expect(chain.balances.map(\.budgetID) == ["jan", "feb", "mar", "apr"])
    #expect(chain.balances.map(\.ownDelta) == [500, 400, -100, -500].map(F.chf))
    #expect(chain.balances.map(\.rollover) == [0, 500, 900, 800].map(F.chf))
    #expect(chain.balances.map(\.availableToSpend) == [500, 900, 800, 300].map(F.chf))
    #expect(chain.balances.map(\.previousBudgetID) == [nil, "jan", "feb", "mar"])
    // The month's metrics with its rollover: February has 5700 available, April 5800.
    for (month, balance) in zip(months, chain.balances) {
      let metrics = try F.metrics(
        [try F.line("i", .income, month.income), try F.line("e", .expense, month.expenses)])
      let withRollover = try BudgetMetrics(
        lines: [try F.line("i", .income, month.income), try F.line("e", .expense, month.expenses)],
        transactions: [], rollover: balance.rollover)
      #expect(withRollover.remaining == balance.availableToSpend)
      #expect(metrics.ownDelta == balance.ownDelta)
    }
    #expect(try chain.balance(of: "feb").rollover + F.chf(5200) == F.chf(5700))
    #expect(try chain.balance(of: "apr").rollover + F.chf(5000) == F.chf(5800))
    #expect(chain.yearClosingBalance(year: 2025) == F.chf(300))
  }

  @Test("PUL-263: opening -856, nets +200 +163 +200 close at -293, not +563")
  func yearClosingIsCumulative() throws {
    let budgets = [
      try Self.delta("dec24", 2024, 12, -856), try Self.delta("jan", 2025, 1, 200),
      try Self.delta("feb", 2025, 2, 163), try Self.delta("mar", 2025, 3, 200),
    ]
    let chain = try RolloverChain(budgets: budgets, currency: .chf)
    #expect(chain.yearClosingBalance(year: 2025) == F.chf(-293))
    #expect(chain.yearClosingBalance(year: 2025) != F.chf(563))
    #expect(chain.yearClosingBalance(year: 2024) == F.chf(-856))
    #expect(try chain.balance(of: "jan").rollover == F.chf(-856))
    // The same for every input order.
    for order in [[3, 1, 0, 2], [2, 3, 1, 0], [1, 0, 3, 2]] {
      let shuffled = try RolloverChain(budgets: order.map { budgets[$0] }, currency: .chf)
      #expect(shuffled == chain)
    }
  }

  @Test("an incomplete year ends on its last budgeted month: 300 - 200 + 150 = 250")
  func incompleteYear() throws {
    let chain = try RolloverChain(
      budgets: [
        try Self.delta("feb", 2026, 2, 150), try Self.delta("dec", 2025, 12, 300),
        try Self.delta("jan", 2026, 1, -200),
      ], currency: .chf)
    #expect(chain.yearClosingBalance(year: 2026) == F.chf(250))
  }

  @Test("no budgets, or none in that year: the closing balance is 0")
  func emptyYear() throws {
    let empty = try RolloverChain(budgets: [], currency: .chf)
    #expect(empty.balances.isEmpty)
    #expect(empty.yearClosingBalance(year: 2025) == .zero(.chf))
    let chain = try RolloverChain(budgets: [try Self.delta("a", 2024, 5, 10)], currency: .chf)
    #expect(chain.yearClosingBalance(year: 2023) == .zero(.chf))
  }

  @Test("gaps and year boundaries: every earlier budget counts, deficits included; nil is 0")
  func gapsAndNil() throws {
    let chain = try RolloverChain(
      budgets: [
        try Self.delta("nov", 2024, 11, -300), try Self.delta("pending", 2025, 1, nil),
        try Self.delta("jun", 2025, 6, 1000), try Self.delta("mar", 2026, 3, 50),
      ], currency: .chf)
    #expect(chain.balances.map(\.rollover) == [0, -300, -300, 700].map(F.chf))
    #expect(try chain.balance(of: "pending").ownDelta == .zero(.chf))
    #expect(try chain.balance(of: "mar").previousBudgetID == "jun")
    #expect(try chain.balance(of: "mar").availableToSpend == F.chf(750))
  }

  @Test("unknown budgets, duplicate ids, duplicate periods and foreign currencies are errors")
  func errors() throws {
    let chain = try RolloverChain(budgets: [try Self.delta("a", 2025, 1, 1)], currency: .chf)
    // Pulpe's calculateRollover answers zeros here.
    #expect(throws: BudgetError.unknownBudget(id: "zzz")) { try chain.balance(of: "zzz") }
    #expect(throws: BudgetError.duplicateID(.budget(id: "a"))) {
      try RolloverChain(
        budgets: [try Self.delta("a", 2025, 1, 1), try Self.delta("a", 2025, 2, 1)], currency: .chf)
    }
    #expect(
      throws: BudgetError.duplicatePeriod(
        try F.period(2025, 1), firstBudgetID: "a", secondBudgetID: "b")
    ) {
      try RolloverChain(
        budgets: [try Self.delta("b", 2025, 1, 1), try Self.delta("a", 2025, 1, 2)], currency: .chf)
    }
    #expect(throws: BudgetError.currencyMismatch(.budget(id: "a"), expected: .eur, found: .chf)) {
      try RolloverChain(budgets: [try Self.delta("a", 2025, 1, 1)], currency: .eur)
    }
    #expect(throws: BudgetError.emptyID(.budget(id: ""))) {
      try RolloverChain.BudgetDelta(id: "", period: try F.period(2025, 1), ownDelta: nil)
    }
    #expect(
      BudgetError.duplicatePeriod(try F.period(2025, 1), firstBudgetID: "a", secondBudgetID: "b")
        .description
        == "budgets \"a\" and \"b\" are both for period 2025-01")
  }

  @Test("budget deltas round-trip through JSON")
  func codable() throws {
    for delta in [try Self.delta("a", 2025, 3, -12), try Self.delta("b", 2025, 4, nil)] {
      let data = try JSONEncoder().encode(delta)
      #expect(try JSONDecoder().decode(RolloverChain.BudgetDelta.self, from: data) == delta)
    }
    let empty = Data(#"{"id":"","period":{"year":2025,"month":1}}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(RolloverChain.BudgetDelta.self, from: empty)
    }
  }
}
