import GlanceKernel
@testable import GlanceSync
import GlanceTestSupport
import Testing

/// `BudgetBook.figures` sums the own deltas of the consecutive budgeted periods as it goes; the
/// reference is the kernel's `RolloverChain` of the same deltas (the figures' law).
@Suite("BudgetBook figures")
struct BudgetFiguresProperties {
  static func chain(_ book: BudgetBook, _ spent: [BudgetPeriod: Money], through current: BudgetPeriod) throws -> [PeriodFigures] {
    var periods: [BudgetPeriod] = book.firstPeriod <= current ? [book.firstPeriod] : []
    while let last = periods.last, last < current { periods.append(last.next) }
    // Given in reverse: the chain orders them itself.
    let chain = try RolloverChain(
      budgets: periods.reversed().map { period in
        try RolloverChain.BudgetDelta(
          id: "\(period)", period: period, ownDelta: book.income - (spent[period] ?? .zero(book.income.currency)))
      }, currency: book.income.currency)
    return chain.balances.map { PeriodFigures(period: $0.period, budgetID: nil, remaining: $0.availableToSpend) }
  }

  @Test("the running sum equals the rollover chain's available-to-spend, before, at and after the first period")
  func runningSumEqualsTheChain() throws {
    for seed in UInt64(1)...200 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      // Incomes and expenses large enough, now and then, to leave Int64 (the GMP path).
      let large = random.below(5) == 0
      let income = Money(minorUnits: Int64(random.below(1_000_000)) * (large ? Int64.max / 2_000_000 : 1), currency: .chf)
      let book = BudgetBook(
        payDay: try PayDay(random.below(31) + 1), firstPeriod: try BudgetPeriod(year: 2025, month: 11), income: income)
      var spent: [BudgetPeriod: Money] = [:]
      var period = try BudgetPeriod(year: 2025, month: 8)
      for _ in 0..<30 {
        if random.below(3) != 0 {
          spent[period] = Money(minorUnits: Int64(random.below(2_000_000)) * (large ? Int64.max / 4_000_000 : 1), currency: .chf)
        }
        period = period.next
      }
      var current = try BudgetPeriod(year: 2025, month: 9)
      for _ in 0..<26 {
        let expected = try Self.chain(book, spent, through: current)
        #expect(book.figures(spent: spent, through: current) == expected, "seed \(seed), \(current)")
        current = current.next
      }
    }
  }
}
