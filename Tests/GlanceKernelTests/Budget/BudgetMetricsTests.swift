import Foundation
import GlanceKernel
import Testing

/// The envelope rule and the planned totals: see *The real apps Glance models*, Pulpe: budget formulas, and
/// Pulpe's tests where Pulpe's TypeScript and Swift agree.
@Suite("Budget metrics")
struct BudgetMetricsTests {
  typealias F = BudgetFixture

  // MARK: Worked examples (§1.6)

  @Test("example 2: envelopes plus free transactions, rollover -200")
  func envelopesAndFreeTransactions() throws {
    let lines = [
      try F.line("salary", .income, 5000), try F.line("courses", .expense, 800),
      try F.line("loyer", .expense, 1500), try F.line("epargne", .saving, 500),
    ]
    let transactions = [
      try F.transaction("t600", .expense, 600, on: "courses"),
      try F.transaction("t250", .expense, 250, on: "courses"),
      try F.transaction("free120", .expense, 120),
      try F.transaction("free300", .income, 300),
      try F.transaction("free100", .saving, 100),
    ]
    let metrics = try F.metrics(lines, transactions, rollover: -200)
    #expect(metrics.totalIncome == F.chf(5300))
    #expect(metrics.totalExpenses == F.chf(3070))  // max(800, 850) + 1500 + 500 + 120 + 100
    #expect(metrics.totalSavings == F.chf(600))
    #expect(metrics.available == F.chf(5100))
    #expect(metrics.remaining == F.chf(2030))
    #expect(metrics.endingBalance == F.chf(2030))
    #expect(metrics.rollover == F.chf(-200))
    #expect(metrics.ownDelta == F.chf(2230))
    #expect(metrics.usagePercentage == Ratio(numerator: 307_000, denominator: 5100))
    #expect(metrics.emotion == .comfortable)
  }

  @Test("example 4: a deficit month with a negative report; the hero ledger balances")
  func deficitMonth() throws {
    let metrics = try F.metrics(
      [
        try F.line("salary", .income, 5000, checked: true),
        try F.line("rent", .expense, 3000, checked: true),
        try F.line("misc", .expense, 1000),
      ], rollover: -1950)
    #expect(metrics.available == F.chf(3050))
    #expect(metrics.totalExpenses == F.chf(4000))
    #expect(metrics.remaining == F.chf(-950))
    #expect(metrics.emotion == .deficit)
    #expect(metrics.realized.expenses == F.chf(3000))
    #expect(metrics.checked == F.chf(3000))
    #expect(metrics.committed == F.chf(1000))
    #expect(metrics.checked + metrics.committed + metrics.remaining == F.chf(3050))
    // TypeScript realized balance (no rollover): 2000. Pulpe's iOS adds the -1950 report: 50.
    #expect(metrics.realized.balance == F.chf(2000))
    #expect(metrics.realized.balance + metrics.rollover == F.chf(50))
  }

  @Test("\"188/100\": an overspent envelope counts the whole overage")
  func overage188() throws {
    let metrics = try F.metrics(
      [try F.line("e", .expense, 100)], [try F.transaction("t", .expense, 188, on: "e")])
    #expect(metrics.totalExpenses == F.chf(188))
  }

  // MARK: Pulpe's TypeScript and iOS tests (§6)

  @Test("savings are expenses: income 5000, expense 3000, saving 1000 → expenses 4000, ending 1000")
  func savingsAreExpenses() throws {
    let metrics = try F.metrics([
      try F.line("i", .income, 5000), try F.line("e", .expense, 3000),
      try F.line("s", .saving, 1000),
    ])
    #expect(metrics.totalExpenses == F.chf(4000))
    #expect(metrics.totalSavings == F.chf(1000))
    #expect(metrics.endingBalance == F.chf(1000))
  }

  @Test("iOS all metrics: 3000 income, 800 expense, 200 saving, rollover 500")
  func iosAllMetrics() throws {
    let metrics = try F.metrics(
      [
        try F.line("i", .income, 3000), try F.line("e", .expense, 800),
        try F.line("s", .saving, 200),
      ],
      rollover: 500)
    #expect(metrics.totalExpenses == F.chf(1000))
    #expect(metrics.available == F.chf(3500))
    #expect(metrics.remaining == F.chf(2500))
  }

  @Test("iOS deficit: 3000 available against 3500 expenses → -500")
  func iosDeficit() throws {
    let metrics = try F.metrics([try F.line("i", .income, 3000), try F.line("e", .expense, 3500)])
    #expect(metrics.remaining == F.chf(-500))
    #expect(metrics.emotion == .deficit)
  }

  @Test("usage: 25 %, and over 100 %")
  func usage() throws {
    let quarter = try F.metrics([try F.line("i", .income, 4000), try F.line("e", .expense, 1000)])
    #expect(quarter.usagePercentage == F.percent(25))
    let over = try F.metrics([try F.line("i", .income, 1000), try F.line("e", .expense, 1500)])
    #expect(over.usagePercentage == F.percent(150))
  }

  @Test("iOS envelope tests: covered, overage, free, two envelopes, income, savings")
  func iosEnvelopes() throws {
    let covered = try F.metrics(
      [try F.line("e", .expense, 500)], [try F.transaction("t", .expense, 100, on: "e")])
    #expect(covered.totalExpenses == F.chf(500))
    let plusFree = try F.metrics(
      [try F.line("e", .expense, 500)], [try F.transaction("t", .expense, 50)])
    #expect(plusFree.totalExpenses == F.chf(550))
    let two = try F.metrics(
      [try F.line("a", .expense, 500), try F.line("b", .expense, 300)],
      [
        try F.transaction("t1", .expense, 200, on: "a"),
        try F.transaction("t2", .expense, 350, on: "b"),
      ])
    #expect(two.totalExpenses == F.chf(850))
    let income = try F.metrics(
      [try F.line("i", .income, 2500)], [try F.transaction("t", .income, 3000, on: "i")])
    #expect(income.totalIncome == F.chf(3000))
    let savings = try F.metrics(
      [try F.line("s", .saving, 300)], [try F.transaction("t", .saving, 400, on: "s")])
    #expect(savings.totalSavings == F.chf(400))
    #expect(savings.totalExpenses == F.chf(400))
  }

  @Test("several transactions in one envelope add up before the max")
  func multiplePerEnvelope() throws {
    let metrics = try F.metrics(
      [try F.line("e", .expense, 500)],
      [
        try F.transaction("a", .expense, 200, on: "e"),
        try F.transaction("b", .expense, 100, on: "e"),
        try F.transaction("c", .expense, 300, on: "e"),
      ])
    #expect(metrics.totalExpenses == F.chf(600))
  }

  // MARK: Kinds, dangling ids, rollover lines

  @Test("an allocation of the other direction counts nowhere")
  func mismatchedKindsIgnored() throws {
    let metrics = try F.metrics(
      [try F.line("e", .expense, 300), try F.line("i", .income, 1000)],
      [
        try F.transaction("incomeOnExpense", .income, 500, on: "e"),
        try F.transaction("expenseOnIncome", .expense, 2000, on: "i"),
      ])
    #expect(metrics.totalIncome == F.chf(1000))
    #expect(metrics.totalExpenses == F.chf(300))
  }

  @Test("a saving line draws on expense transactions too (TypeScript), and the reverse")
  func outflowKindsShareEnvelopes() throws {
    let saving = try F.metrics(
      [try F.line("s", .saving, 500)], [try F.transaction("t", .expense, 600, on: "s")])
    #expect(saving.totalExpenses == F.chf(600))  // Pulpe's Swift aggregate: 500
    #expect(saving.totalSavings == F.chf(600))
    let expense = try F.metrics(
      [try F.line("e", .expense, 500)], [try F.transaction("t", .saving, 700, on: "e")])
    #expect(expense.totalExpenses == F.chf(700))
    #expect(expense.totalSavings == .zero(.chf))
  }

  @Test("an allocation to a missing line counts in no total")
  func danglingAllocationsIgnored() throws {
    let metrics = try F.metrics(
      [try F.line("e", .expense, 300)],
      [
        try F.transaction("ghostExpense", .expense, 900, on: "ghost"),
        try F.transaction("ghostIncome", .income, 900, on: "ghost"),
      ])
    #expect(metrics.totalIncome == .zero(.chf))
    #expect(metrics.totalExpenses == F.chf(300))
  }

  @Test("an empty line id is a free transaction, as in TypeScript")
  func emptyLineIDIsFree() throws {
    let transaction = try BudgetTransaction(
      id: "t", kind: .expense, amount: F.chf(40), lineID: "", isChecked: false)
    #expect(transaction.lineID == nil)
    #expect(transaction.isFree)
    #expect(
      transaction
        == (try BudgetTransaction(id: "t", kind: .expense, amount: F.chf(40), lineID: nil)))
    let metrics = try F.metrics([try F.line("e", .expense, 100)], [transaction])
    #expect(metrics.totalExpenses == F.chf(140))
  }

  @Test("rollover lines count like any other line (TypeScript)")
  func rolloverLinesCount() throws {
    let metrics = try F.metrics([
      try F.line("i", .income, 1000), try F.line("e", .expense, 100, checked: true),
      try F.line("rollover-b1", .expense, 50, checked: true, rollover: true),
    ])
    #expect(metrics.totalExpenses == F.chf(150))
    #expect(metrics.realized.expenses == F.chf(150))  // Pulpe's Swift: 100
  }

  // MARK: Boundaries of usage and emotion

  @Test(
    "emotion at 79, 80, 90, 100 and 120 % usage",
    arguments: [
      (79, EmotionState.comfortable), (80, .tight), (90, .tight), (100, .tight), (120, .deficit),
    ])
  func emotionBoundaries(percent: Int, expected: EmotionState) throws {
    let metrics = try F.metrics(
      [try F.line("i", .income, 1000), try F.line("e", .expense, Int64(percent) * 10)])
    #expect(metrics.usagePercentage == F.percent(percent))
    #expect(metrics.emotion == expected)
  }

  @Test("79.99 % is comfortable and exactly 80 % is tight (exact comparison)")
  func eightyPercentIsExact() throws {
    let below = try BudgetMetrics(
      lines: [
        try BudgetLine(id: "i", kind: .income, amount: .chf(100_000)),
        try BudgetLine(id: "e", kind: .expense, amount: .chf(79_999)),
      ], transactions: [], rollover: .zero(.chf))
    #expect(below.usagePercentage == Ratio(numerator: 79_999, denominator: 1000))
    #expect(below.emotion == .comfortable)
    // 1234.55 available: 80 % is 987.64 exactly; one Rappen less is comfortable.
    for (units, expected) in [(Int64(98_764), EmotionState.tight), (98_763, .comfortable)] {
      let metrics = try BudgetMetrics(
        lines: [
          try BudgetLine(id: "i", kind: .income, amount: .chf(100_000)),
          try BudgetLine(id: "e", kind: .expense, amount: .chf(units)),
        ], transactions: [], rollover: .chf(23_455))
      #expect(metrics.emotion == expected, "\(units)")
      #expect((metrics.usagePercentage == F.percent(80)) == (expected == .tight))
    }
  }

  @Test("100 % used with remaining exactly 0 is tight, not deficit")
  func remainingZero() throws {
    let metrics = try F.metrics(
      [try F.line("i", .income, 800), try F.line("e", .expense, 1000)], rollover: 200)
    #expect(metrics.remaining == .zero(.chf))
    #expect(metrics.usagePercentage == F.percent(100))
    #expect(metrics.emotion == .tight)
  }

  @Test("available ≤ 0: usage is 0; nothing available and nothing spent is comfortable")
  func nothingAvailable() throws {
    let zero = try F.metrics([try F.line("i", .income, 1000)], rollover: -1000)
    #expect(zero.available == .zero(.chf))
    #expect(zero.usagePercentage == .zero)
    #expect(zero.emotion == .comfortable)
    let negative = try F.metrics([try F.line("e", .expense, 100)], rollover: -500)
    #expect(negative.available == F.chf(-500))
    #expect(negative.usagePercentage == .zero)
    #expect(negative.emotion == .deficit)
    let empty = try F.metrics([])
    #expect(empty.usagePercentage == .zero)
    #expect(empty.emotion == .comfortable)
    #expect(empty.realized.completionPercentage == .zero)
  }

  @Test("standalone usage and emotion agree with the metrics and refuse mixed currencies")
  func standaloneRules() throws {
    #expect(
      try BudgetMetrics.usagePercentage(totalExpenses: F.chf(80), available: F.chf(100))
        == F.percent(80))
    #expect(try EmotionState(available: F.chf(100), totalExpenses: F.chf(80)) == .tight)
    #expect(try EmotionState(available: F.chf(100), totalExpenses: F.chf(101)) == .deficit)
    let euro = Money(minorUnits: 100, currency: .eur)
    #expect(
      throws: BudgetError.currencyMismatch(.argument("totalExpenses"), expected: .chf, found: .eur)
    ) {
      try EmotionState(available: F.chf(1), totalExpenses: euro)
    }
    #expect(
      throws: BudgetError.currencyMismatch(.argument("totalExpenses"), expected: .chf, found: .eur)
    ) {
      try BudgetMetrics.usagePercentage(totalExpenses: euro, available: F.chf(1))
    }
  }

  // MARK: Bad input

  @Test("amounts must be positive and ids non-empty")
  func invalidItems() {
    #expect(throws: BudgetError.nonPositiveAmount(.line(id: "l"), amount: .zero(.chf))) {
      try BudgetLine(id: "l", kind: .expense, amount: .zero(.chf))
    }
    #expect(throws: BudgetError.nonPositiveAmount(.line(id: "l"), amount: .chf(-1))) {
      try BudgetLine(id: "l", kind: .income, amount: .chf(-1))
    }
    #expect(throws: BudgetError.nonPositiveAmount(.transaction(id: "t"), amount: .zero(.chf))) {
      try BudgetTransaction(id: "t", kind: .expense, amount: .zero(.chf), lineID: nil)
    }
    #expect(throws: BudgetError.emptyID(.line(id: ""))) {
      try BudgetLine(id: "", kind: .income, amount: .chf(1))
    }
    #expect(throws: BudgetError.emptyID(.transaction(id: ""))) {
      try BudgetTransaction(id: "", kind: .income, amount: .chf(1), lineID: nil)
    }
    #expect(
      BudgetError.nonPositiveAmount(.line(id: "l"), amount: .chf(-1)).description
        == "line \"l\" has amount -0.01; amounts must be greater than zero (the kind gives the direction)"
    )
  }

  @Test("duplicate ids and mixed currencies are refused, naming the item")
  func invalidBudgets() throws {
    let line = try F.line("a", .expense, 10)
    #expect(throws: BudgetError.duplicateID(.line(id: "a"))) { try F.metrics([line, line]) }
    let transaction = try F.transaction("t", .expense, 5)
    #expect(throws: BudgetError.duplicateID(.transaction(id: "t"))) {
      try F.metrics([line], [transaction, transaction])
    }
    let euroLine = try BudgetLine(
      id: "eur", kind: .income, amount: Money(minorUnits: 100, currency: .eur))
    #expect(throws: BudgetError.currencyMismatch(.line(id: "eur"), expected: .chf, found: .eur)) {
      try F.metrics([line, euroLine])
    }
    let euroTransaction = try BudgetTransaction(
      id: "te", kind: .income, amount: Money(minorUnits: 100, currency: .eur), lineID: nil)
    #expect(
      throws: BudgetError.currencyMismatch(.transaction(id: "te"), expected: .chf, found: .eur)
    ) {
      try F.metrics([line], [euroTransaction])
    }
    let error = BudgetError.currencyMismatch(.transaction(id: "te"), expected: .chf, found: .eur)
    #expect(error.description == "transaction \"te\" is in EUR, but the budget counts in CHF")
  }

  @Test("a euro budget counts in euros")
  func euroBudget() throws {
    let euro = { (units: Int64) in Money(minorUnits: units, currency: .eur) }
    let metrics = try BudgetMetrics(
      lines: [try BudgetLine(id: "i", kind: .income, amount: euro(10_000))],
      transactions: [
        try BudgetTransaction(id: "t", kind: .expense, amount: euro(2_500), lineID: nil)
      ],
      rollover: euro(0))
    #expect(metrics.currency == .eur)
    #expect(metrics.remaining == euro(7_500))
  }

  @Test("compute(lines:transactions:rollover:) is the init")
  func computeIsInit() throws {
    let lines = [try F.line("i", .income, 10), try F.line("e", .expense, 4)]
    #expect(
      try BudgetMetrics.compute(lines: lines, transactions: [], rollover: F.chf(3))
        == (try F.metrics(lines, rollover: 3)))
  }

  // MARK: Codable

  @Test("lines and transactions round-trip through JSON and decode with the same checks")
  func codable() throws {
    let line = try F.line("l", .saving, 12, checked: true, rollover: true)
    let transaction = try F.transaction("t", .income, 7, on: "l", checked: true)
    let free = try F.transaction("f", .expense, 3)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let lineJSON = String(decoding: try encoder.encode(line), as: UTF8.self)
    #expect(
      lineJSON
        == #"{"amount":"12.00 CHF","id":"l","isChecked":true,"isRollover":true,"kind":"saving"}"#)
    #expect(try JSONDecoder().decode(BudgetLine.self, from: try encoder.encode(line)) == line)
    for item in [transaction, free] {
      #expect(
        try JSONDecoder().decode(BudgetTransaction.self, from: try encoder.encode(item)) == item)
    }
    let zeroLine = Data(
      #"{"amount":"0.00 CHF","id":"l","isChecked":true,"isRollover":false,"kind":"income"}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(BudgetLine.self, from: zeroLine)
    }
    let emptyTarget = Data(
      #"{"amount":"1.00 CHF","id":"t","isChecked":false,"kind":"expense","lineID":""}"#.utf8)
    #expect(try JSONDecoder().decode(BudgetTransaction.self, from: emptyTarget).isFree)
  }
}
