import GlanceKernel
import Testing

/// Per-line consumption (see *The real apps Glance models*, Pulpe: budget formulas).
@Suite("Line consumption")
struct LineConsumptionTests {
  typealias F = BudgetFixture

  @Test("allocated counts every kind; available, percentage and flags follow")
  func consumption() throws {
    let line = try F.line("courses", .expense, 500)
    let consumption = try LineConsumption(
      line: line,
      transactions: [
        try F.transaction("a", .expense, 300, on: "courses"),
        try F.transaction("b", .income, 100, on: "courses"),
        try F.transaction("other", .expense, 999, on: "loyer"),
        try F.transaction("free", .expense, 999),
      ])
    #expect(consumption.lineID == "courses")
    #expect(consumption.allocated == F.chf(400))
    #expect(consumption.available == F.chf(100))
    #expect(consumption.percentage == F.percent(80))
    #expect(consumption.isNearLimit)
    #expect(!consumption.isOverBudget)
  }

  @Test(
    "boundaries: 79.99 % neither, 80 % and 100 % near the limit, 100.01 % over",
    arguments: [
      (Int64(7_999), false, false), (8_000, true, false), (10_000, true, false),
      (10_001, false, true),
      (0, false, false),
    ])
  func boundaries(allocatedUnits: Int64, nearLimit: Bool, over: Bool) throws {
    let line = try BudgetLine(id: "l", kind: .expense, amount: .chf(10_000))
    let transactions =
      allocatedUnits == 0
      ? []
      : [try BudgetTransaction(id: "t", kind: .expense, amount: .chf(allocatedUnits), lineID: "l")]
    let consumption = try LineConsumption(line: line, transactions: transactions)
    #expect(consumption.isNearLimit == nearLimit)
    #expect(consumption.isOverBudget == over)
    #expect(consumption.available + consumption.allocated == consumption.lineAmount)
  }

  @Test("consumptions(lines:…) keeps the order of the lines and checks the input")
  func allLines() throws {
    let lines = [try F.line("b", .expense, 100), try F.line("a", .saving, 50)]
    let transactions = [try F.transaction("t", .saving, 75, on: "a")]
    let all = try LineConsumption.consumptions(
      lines: lines, transactions: transactions, currency: .chf)
    #expect(all.map(\.lineID) == ["b", "a"])
    #expect(all.map(\.percentage) == [.zero, F.percent(150)])
    #expect(all[1].isOverBudget)
    #expect(throws: BudgetError.duplicateID(.line(id: "b"))) {
      try LineConsumption.consumptions(
        lines: [lines[0], lines[0]], transactions: [], currency: .chf)
    }
    #expect(throws: BudgetError.currencyMismatch(.line(id: "b"), expected: .eur, found: .chf)) {
      try LineConsumption.consumptions(lines: lines, transactions: [], currency: .eur)
    }
  }
}

/// Daily budget and projection: day counts are inputs, results exact.
@Suite("Budget metrics: daily budget and projection")
struct BudgetMetricsDailyTests {
  typealias F = BudgetFixture

  @Test("daily budget: remaining ÷ days left, exact, rounded only on request")
  func dailyBudget() throws {
    let perDay = try BudgetMetrics.dailyBudget(remaining: F.chf(2030), daysLeftIncludingToday: 17)
    #expect(perDay == Ratio(numerator: 203_000, denominator: 17))
    #expect(
      try BudgetMetrics.dailyBudget(
        remaining: F.chf(2030), daysLeftIncludingToday: 17, rounding: .down)
        == .chf(11_941))
    #expect(
      try BudgetMetrics.dailyBudget(
        remaining: F.chf(2030), daysLeftIncludingToday: 17, rounding: .up)
        == .chf(11_942))
    #expect(
      try BudgetMetrics.dailyBudget(remaining: F.chf(31), daysLeftIncludingToday: 1) == Ratio(3100))
    let metrics = try F.metrics([try F.line("i", .income, 300)])
    #expect(try metrics.dailyBudget(daysLeftIncludingToday: 30, rounding: .halfUp) == F.chf(10))
  }

  @Test("daily budget is 0 when nothing (or less) remains, and refuses a day count below 1")
  func dailyBudgetEdges() throws {
    #expect(
      try BudgetMetrics.dailyBudget(remaining: .zero(.chf), daysLeftIncludingToday: 5) == .zero)
    #expect(
      try BudgetMetrics.dailyBudget(remaining: F.chf(-950), daysLeftIncludingToday: 5) == .zero)
    for days in [0, -3] {
      #expect(
        throws: BudgetError.nonPositiveDayCount(argument: "daysLeftIncludingToday", value: days)
      ) {
        try BudgetMetrics.dailyBudget(remaining: F.chf(10), daysLeftIncludingToday: days)
      }
    }
  }

  @Test("projection: 600 spent by day 10 of 30 → 60 a day, 1800 by the end")
  func projection() throws {
    let projection = try BudgetMetrics.projection(
      available: F.chf(3000), budgetedExpenses: F.chf(2000), realizedExpenses: F.chf(600),
      dayOfPeriod: 10, daysInPeriod: 30)
    #expect(projection.dailyRate == Ratio(6000))
    #expect(projection.projectedEndBalance == Ratio(120_000))
    #expect(projection.plannedEndBalance == F.chf(1000))
    #expect(projection.isOnTrack)
    let fast = try BudgetMetrics.projection(
      available: F.chf(3000), budgetedExpenses: F.chf(2000), realizedExpenses: F.chf(1000),
      dayOfPeriod: 7, daysInPeriod: 31)
    #expect(fast.dailyRate == Ratio(numerator: 100_000, denominator: 7))
    #expect(fast.projectedEndBalance(rounding: .halfUp) == .chf(300_000 - 442_857))
    #expect(!fast.isOnTrack)
  }

  @Test("projection on day 1, with no spending, and on the last day")
  func projectionEdges() throws {
    let firstDay = try BudgetMetrics.projection(
      available: F.chf(1000), budgetedExpenses: F.chf(900), realizedExpenses: F.chf(40),
      dayOfPeriod: 1, daysInPeriod: 28)
    #expect(firstDay.dailyRate(rounding: .halfUp) == F.chf(40))
    #expect(firstDay.projectedEndBalance == Ratio(100_000 - 112_000))
    #expect(!firstDay.isOnTrack)
    let idle = try BudgetMetrics.projection(
      available: F.chf(1000), budgetedExpenses: F.chf(900), realizedExpenses: .zero(.chf),
      dayOfPeriod: 12, daysInPeriod: 30)
    #expect(idle.dailyRate == .zero)
    #expect(idle.projectedEndBalance == Ratio(100_000))
    #expect(idle.isOnTrack)
    let last = try BudgetMetrics.projection(
      available: F.chf(1000), budgetedExpenses: F.chf(900), realizedExpenses: F.chf(900),
      dayOfPeriod: 30, daysInPeriod: 30)
    #expect(last.projectedEndBalance == F.chf(100).minorUnitsRatio)
    #expect(last.isOnTrack)  // exactly the plan
  }

  @Test("projection from the metrics uses available, totalExpenses and realized expenses")
  func projectionFromMetrics() throws {
    let metrics = try F.metrics(
      [
        try F.line("i", .income, 5000, checked: true),
        try F.line("e", .expense, 3000, checked: true),
        try F.line("m", .expense, 1000),
      ], rollover: -1950)
    let projection = try metrics.projection(dayOfPeriod: 15, daysInPeriod: 30)
    #expect(projection.dailyRate == Ratio(20_000))
    #expect(projection.projectedEndBalance == Ratio(305_000 - 600_000))
    #expect(projection.plannedEndBalance == metrics.remaining)
    #expect(!projection.isOnTrack)
  }

  @Test("projection refuses days outside the period and mixed currencies")
  func projectionErrors() {
    let chf = F.chf(1)
    #expect(throws: BudgetError.nonPositiveDayCount(argument: "daysInPeriod", value: 0)) {
      try BudgetMetrics.projection(
        available: chf, budgetedExpenses: chf, realizedExpenses: chf, dayOfPeriod: 1,
        daysInPeriod: 0)
    }
    for day in [0, 32] {
      #expect(throws: BudgetError.dayOutsidePeriod(dayOfPeriod: day, daysInPeriod: 31)) {
        try BudgetMetrics.projection(
          available: chf, budgetedExpenses: chf, realizedExpenses: chf, dayOfPeriod: day,
          daysInPeriod: 31)
      }
    }
    let euro = Money(minorUnits: 1, currency: .eur)
    #expect(
      throws: BudgetError.currencyMismatch(
        .argument("realizedExpenses"), expected: .chf, found: .eur)
    ) {
      try BudgetMetrics.projection(
        available: chf, budgetedExpenses: chf, realizedExpenses: euro, dayOfPeriod: 1,
        daysInPeriod: 30)
    }
  }
}
