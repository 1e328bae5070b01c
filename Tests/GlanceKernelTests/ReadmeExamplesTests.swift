import Foundation
import GlanceKernel
import Testing

/// The code of the README and of the DocC article *Using the kernel* (moved there from the README),
/// run: if an API it shows changes, this fails and the text gets fixed.
@Suite("README examples")
struct ReadmeExamplesTests {
  @Test("days, replication and timelines")
  func daysAndTimelines() throws {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    let now = Instant(Date(timeIntervalSince1970: 1_718_402_340))  // 2024-06-14 23:59 in Zurich
    let today = zurich.dayInterval(containing: now)
    let rollover = zurich.nextRollover(after: now)
    #expect(rollover == today.end)

    var replica = Replica()
    let uuid = UUID(uuid: (1, 2, 3, 4, 5, 6, 0x40, 8, 0x80, 10, 11, 12, 13, 14, 15, 16))
    try replica.insert(Event(id: EventID(uuid), kind: .add, instant: now, origin: .widgetIntent))
    let watchReplica = replica
    try replica.merge(watchReplica)

    let snapshot = TallySnapshot(tally: replica.tally, asOf: now, calendar: zurich)
    let timeline = try TimelinePlanner.plan(
      .tally(snapshot), kind: .tally, now: now, horizon: now.advanced(by: 2 * Instant.millisecondsPerDay),
      calendar: zurich, labels: .english)
    #expect(timeline.entries.map(\.date) == [now, rollover])
    #expect(timeline.policy == .after(now.advanced(by: 2 * Instant.millisecondsPerDay)))
  }

  @Test("budgets")
  func budgets() throws {
    let chf = { (francs: Int64) in Money(minorUnits: francs * 100, currency: .chf) }
    let lines = [
      try BudgetLine(id: "salary", kind: .income, amount: chf(5000)),
      try BudgetLine(id: "rent", kind: .expense, amount: chf(1500)),
    ]
    let transactions = [try BudgetTransaction(id: "t1", kind: .expense, amount: chf(120), lineID: nil)]
    let carried = chf(-200)
    let metrics = try BudgetMetrics(lines: lines, transactions: transactions, rollover: carried)
    #expect(metrics.remaining == chf(3180))
    #expect(metrics.usagePercentage == Ratio(numerator: 1620 * 100, denominator: 4800))

    let deltas = [
      try RolloverChain.BudgetDelta(id: "jan", period: try BudgetPeriod(year: 2026, month: 1), ownDelta: chf(200)),
      try RolloverChain.BudgetDelta(id: "feb", period: try BudgetPeriod(year: 2026, month: 2), ownDelta: chf(-50)),
    ]
    let chain = try RolloverChain(budgets: deltas, currency: .chf)
    #expect(chain.yearClosingBalance(year: 2026) == chf(150))

    let periods = PayPeriods(payDay: try PayDay(27))
    let today = try CivilDate(year: 2026, month: 1, day: 27)
    #expect(periods.period(containing: today) == (try BudgetPeriod(year: 2026, month: 2)))
    let march = try BudgetPeriod(year: 2026, month: 3)
    #expect(periods.dates(of: march).first == (try CivilDate(year: 2026, month: 2, day: 27)))

    var entry = AmountEntry(currency: .chf)
    try entry.apply(.chip(20))
    #expect(entry.selectedChip == 20)
    try entry.apply(.rename("Courses"))
    let expense = try entry.submit()
    #expect(expense.amount == chf(20) && expense.name == "Courses")
  }
}
