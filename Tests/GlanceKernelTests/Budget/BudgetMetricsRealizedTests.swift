import GlanceKernel
import Testing

/// Realized ("pointé") metrics: see *The real apps Glance models*, Pulpe: budget formulas, and Pulpe's
/// TypeScript tests (rollover lines count; the balance has no rollover).
@Suite("Realized metrics")
struct RealizedMetricsTests {
  typealias F = BudgetFixture

  @Test("example 3: income 5000, expenses 2320, balance 2680 (TypeScript)")
  func workedExample() throws {
    let lines = [
      try F.line("salary", .income, 5000, checked: true), try F.line("courses", .expense, 800),
      try F.line("loyer", .expense, 1500, checked: true), try F.line("epargne", .saving, 500),
    ]
    let transactions = [
      try F.transaction("t600", .expense, 600, on: "courses", checked: true),
      try F.transaction("t250", .expense, 250, on: "courses"),
      try F.transaction("free120", .expense, 120, checked: true),
      try F.transaction("free300", .income, 300),
      try F.transaction("free100", .saving, 100, checked: true),
    ]
    let metrics = try F.metrics(lines, transactions, rollover: -200)
    let realized = metrics.realized
    #expect(realized.income == F.chf(5000))
    #expect(realized.expenses == F.chf(2320))  // 600 + max(1500, 0) + 0 + 120 + 100
    #expect(realized.balance == F.chf(2680))  // Pulpe's iOS: 2480, with the -200 report
    #expect(realized.savings == .zero(.chf))  // TypeScript: no free transactions; Swift: 100
    #expect(realized.checkedItemsCount == 5)
    #expect(realized.totalItemsCount == 9)
    #expect(realized.completionPercentage == Ratio(numerator: 500, denominator: 9))
    #expect(metrics.committed == F.chf(750))
    #expect(metrics.checked + metrics.committed + metrics.remaining == metrics.available)
    #expect(
      try RealizedMetrics(lines: lines, transactions: transactions, currency: .chf) == realized)
  }

  @Test(
    "TypeScript: realized balance with a checked rollover expense line, 5000 - 3000 - 1950 = 50")
  func rolloverExpenseLine() throws {
    let realized = try F.metrics([
      try F.line("i", .income, 5000, checked: true), try F.line("e", .expense, 3000, checked: true),
      try F.line("rollover-b", .expense, 1950, checked: true, rollover: true),
    ]).realized
    #expect(realized.balance == F.chf(50))
  }

  @Test("TypeScript: realized balance with a checked rollover income line, 5000 + 3094 - 8000 = 94")
  func rolloverIncomeLine() throws {
    let realized = try F.metrics([
      try F.line("i", .income, 5000, checked: true),
      try F.line("rollover-b", .income, 3094, checked: true, rollover: true),
      try F.line("e", .expense, 8000, checked: true),
    ]).realized
    #expect(realized.income == F.chf(8094))
    #expect(realized.balance == F.chf(94))
  }

  @Test("TypeScript: an unchecked rollover line is ignored, 5000 - 3000 = 2000")
  func uncheckedRolloverLine() throws {
    let realized = try F.metrics([
      try F.line("i", .income, 5000, checked: true), try F.line("e", .expense, 3000, checked: true),
      try F.line("rollover-b", .expense, 1950, rollover: true),
    ]).realized
    #expect(realized.balance == F.chf(2000))
  }

  @Test("TypeScript: expense 100 + rollover expense 50 → realized 150")
  func rolloverLineInRealizedExpenses() throws {
    let realized = try F.metrics([
      try F.line("e", .expense, 100, checked: true),
      try F.line("rollover-b", .expense, 50, checked: true, rollover: true),
    ]).realized
    #expect(realized.expenses == F.chf(150))
  }

  @Test("a checked line with unchecked transactions counts its envelope")
  func checkedParentUncheckedChildren() throws {
    let realized = try F.metrics(
      [try F.line("e", .expense, 500, checked: true)],
      [try F.transaction("t", .expense, 300, on: "e")]
    ).realized
    #expect(realized.expenses == F.chf(500))
  }

  @Test("a checked line takes the max with its checked transactions; an unchecked one only those")
  func checkedAndUncheckedLines() throws {
    let realized = try F.metrics(
      [try F.line("a", .expense, 500, checked: true), try F.line("b", .expense, 400)],
      [
        try F.transaction("a1", .expense, 700, on: "a", checked: true),
        try F.transaction("a2", .expense, 900, on: "a"),
        try F.transaction("b1", .saving, 150, on: "b", checked: true),
        try F.transaction("b2", .income, 80, on: "b", checked: true),
      ]
    ).realized
    #expect(realized.expenses == F.chf(700 + 150))
    // The income transaction on an expense line is no expense, but it is realized income.
    #expect(realized.income == F.chf(80))
  }

  @Test(
    "realized income has no envelope: a checked 5000 line and its checked 5000 transaction give 10000"
  )
  func realizedIncomeQuirk() throws {
    let realized = try F.metrics(
      [try F.line("salary", .income, 5000, checked: true)],
      [
        try F.transaction("pay", .income, 5000, on: "salary", checked: true),
        try F.transaction("ghost", .income, 10, on: "nowhere", checked: true),
      ]
    ).realized
    #expect(realized.income == F.chf(10_010))
  }

  @Test("realized savings: kind-strict, checked/unchecked rule, no free transactions (TypeScript)")
  func realizedSavings() throws {
    let lines = [
      try F.line("s1", .saving, 200, checked: true), try F.line("s2", .saving, 300),
      try F.line("e", .expense, 400, checked: true),
    ]
    let transactions = [
      try F.transaction("onS2", .saving, 150, on: "s2", checked: true),
      try F.transaction("expenseOnS2", .expense, 90, on: "s2", checked: true),
      try F.transaction("freeSaving", .saving, 75, checked: true),
      try F.transaction("uncheckedOnS1", .saving, 999, on: "s1"),
    ]
    let realized = try F.metrics(lines, transactions).realized
    // s1 checked: max(200, 0) = 200; s2 unchecked: 150 (the expense is not a saving); the free
    // 75 is left out (Pulpe's Swift counts it).
    #expect(realized.savings == F.chf(350))
    // Realized expenses count every outflow kind on s2: 200 + (150 + 90) + 400 + 75.
    #expect(realized.expenses == F.chf(915))
  }

  @Test("completion is 0 with no items and 100 when everything is checked")
  func completion() throws {
    let none = try RealizedMetrics(lines: [], transactions: [], currency: .eur)
    #expect(none.completionPercentage == .zero)
    #expect(none.income == .zero(.eur))
    let all = try F.metrics(
      [try F.line("i", .income, 1, checked: true)],
      [try F.transaction("t", .expense, 1, checked: true)]
    ).realized
    #expect(all.completionPercentage == Ratio(100))
  }
}
