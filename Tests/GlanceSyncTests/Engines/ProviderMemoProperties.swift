import Foundation
import GlanceKernel
@testable import GlanceSync
import GlanceTestSupport
import Testing

/// The providers keep the models, change points and displays of their timelines between reloads
/// (``BudgetModelMemo``, ``StepsDisplayMemo``); a timeline through the memos equals the timeline
/// of a projection made by hand from the whole log, after every write, reload and zone change.
@Suite("Provider memos")
struct ProviderMemoProperties: NumberedIDs {
  static let tasks = [
    StepTask(id: task(0), title: "Walk", order: 0, steps: [step(0), step(1), step(2)]),
    StepTask(id: task(1), title: "Read", order: 1, steps: [step(3), step(4)]),
  ]
  /// Zurich (DST), Apia (a skipped day: 2011-12-30) and Sao Paulo (days without a midnight).
  static let zones = ["Europe/Zurich", "Pacific/Apia", "America/Sao_Paulo"]
  /// 2011-12-01, so that the runs cross Apia's skipped day and a year's end.
  static let origin: Int64 = 1_322_697_600_000

  @Test("a budget timeline through the memos equals the timeline of the whole log's sums")
  func budgetTimelinesEqualPlainPlanning() throws {
    let calendars = try Self.zones.map { try ZoneCalendar(identifier: $0) }
    for seed in UInt64(1)...12 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      let book = BudgetBook(
        payDay: try PayDay(random.below(31) + 1), firstPeriod: try BudgetPeriod(year: 2011, month: 10),
        income: Money(minorUnits: Int64(500_000), currency: .chf))
      let provider = try BudgetWidgets(book: book, refreshBudget: 70)
      let log = FeedLog()
      var now = Instant(millisecondsSince1970: Self.origin)
      var calendar = calendars[0]
      var written = 0
      for round in 0..<150 {
        now = now.advanced(by: Int64(random.below(20 * 60)) * Instant.millisecondsPerMinute)
        if random.below(10) == 0 { calendar = calendars[random.below(calendars.count)] }
        if random.below(3) == 0 {
          let amount = Money(minorUnits: Int64(random.below(9_000) + 5), currency: .chf)
          let instant = now.advanced(by: -Int64(random.below(40 * 24)) * Instant.millisecondsPerHour)
          _ = try log.record(
            Event(id: EventID(Self.uuid(9, written)), kind: .expense(amount: amount, note: "x"), instant: instant, origin: .app))
          written += 1
        }
        let spent = book.spent(BudgetBook.expenses(of: log.replica()), in: calendar)
        for kind in [BudgetWidgetKind.currentPeriod(.small), .yearOverview] {
          let plain = WidgetTimelines.plan(
            BudgetBookProjection(book: book, spent: spent, kind: kind, calendar: calendar), now: now,
            horizonMilliseconds: WidgetTimelines.periodHorizonMilliseconds, refreshBudget: 70)
          #expect(
            try provider.timeline(of: log, kind: kind, at: now, in: calendar) == plain,
            "seed \(seed), round \(round), \(kind) at \(now) in \(calendar)")
          #expect(
            try provider.model(of: log, kind: kind, at: now, in: calendar) == plain.entries[0].model,
            "seed \(seed), round \(round), \(kind) at \(now) in \(calendar)")
        }
      }
    }
  }

  @Test("a steps timeline through the memo equals the timeline of the whole log's progress")
  func stepsTimelinesEqualPlainPlanning() throws {
    let calendars = try Self.zones.map { try ZoneCalendar(identifier: $0) }
    for seed in UInt64(1)...12 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      let provider = try StepsWidget(tasks: Self.tasks, refreshBudget: 70)
      let log = FeedLog()
      var now = Instant(millisecondsSince1970: Self.origin)
      var calendar = calendars[0]
      var written = 0
      for round in 0..<150 {
        now = now.advanced(by: Int64(random.below(6 * 60)) * Instant.millisecondsPerMinute)
        if random.below(10) == 0 { calendar = calendars[random.below(calendars.count)] }
        if random.below(3) == 0 {
          let step = Self.step(random.below(5))
          // Now, or earlier (a late delivery), or up to a day later (a clock running ahead).
          let instant = now.advanced(by: Int64(random.below(72) - 48) * Instant.millisecondsPerHour)
          let kind: EventKind = random.below(4) == 0 ? .uncomplete(step: step) : .complete(step: step)
          _ = try log.record(Event(id: EventID(Self.uuid(9, written)), kind: kind, instant: instant, origin: .app))
          written += 1
        }
        let replica = log.replica()
        let progress = try StepProgress(tasks: replica.stepTasks(startingWith: Self.tasks), completions: replica.stepCompletions)
        let snapshot = StepsSnapshot(progress: progress, asOf: now, calendar: calendar)
        let plain = WidgetTimelines.plan(
          StepsDisplayProjection(snapshot: snapshot, calendar: calendar), now: now,
          horizonMilliseconds: WidgetTimelines.dayHorizonMilliseconds, refreshBudget: 70)
        #expect(
          try provider.timeline(of: log, at: now, in: calendar) == plain, "seed \(seed), round \(round) at \(now) in \(calendar)")
        #expect(
          try provider.display(of: log, at: now, in: calendar) == plain.entries[0].model,
          "seed \(seed), round \(round) at \(now) in \(calendar)")
      }
    }
  }
}
