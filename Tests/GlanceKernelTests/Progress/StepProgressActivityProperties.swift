import Foundation
import GlanceKernel
import GlanceTestSupport
import PropertyBased
import Testing

/// ``StepProgress/activity(_:endingAt:in:)`` and the snapshot made of it, against brute force
/// written from the definitions (one calendar lookup per completion and per cell), and the
/// steps display against the widget projection, with `now` and the completions clustered
/// around offset transitions (DST days, days that start at 01:00, skipped dates, folds across
/// midnight).
@Suite("StepProgress activity properties")
struct StepProgressActivityProperties {
  /// Completions within three weeks either side of `zoned.instant`, drawn from a generator
  /// seeded by it, some of them inside its day.
  static func completions(around zoned: ZonedInstant) -> [StepID: Instant] {
    var random = GlanceTestSupport.SplitMix64(seed: UInt64(bitPattern: zoned.instant.millisecondsSince1970))
    var completions: [StepID: Instant] = [:]
    for number in 0..<random.below(40) {
      let spread = random.below(3) == 0 ? Instant.millisecondsPerDay : 21 * Instant.millisecondsPerDay
      let offset = Int64(random.below(Int(2 * spread))) - spread
      completions[ProgressFixture.step(number)] = zoned.instant.advanced(by: offset)
    }
    return completions
  }

  @Test("each cell counts the completions of its date; the snapshot's today is the last cell")
  func activityCountsEachDate() async {
    await propertyCheck(count: 1500, input: DayGen.zonedInstant) { zoned in
      let calendar = zoned.calendar
      let completions = Self.completions(around: zoned)
      let task = ProgressFixture.task(1, order: 0, steps: 0..<max(completions.count, 1))
      guard let progress = try? StepProgress(tasks: [task], completions: completions) else {
        Issue.record("\(zoned): the progress was refused")
        return
      }
      let today = calendar.date(containing: zoned.instant)
      for window in ActivityWindow.allCases {
        let expected = (0..<window.rawValue).reversed().map { back -> ActivityDay in
          let date = today.adding(days: -Int64(back))
          return ActivityDay(date: date, count: completions.values.filter { calendar.date(containing: $0) == date }.count)
        }
        #expect(progress.activity(window, endingAt: zoned.instant, in: calendar) == expected, "\(zoned), \(window)")
      }
      let snapshot = StepsSnapshot(progress: progress, asOf: zoned.instant, calendar: calendar)
      #expect(snapshot.dayKey == calendar.dayKey(containing: zoned.instant), "\(zoned)")
      #expect(snapshot.completedToday == progress.completedToday(at: zoned.instant, in: calendar), "\(zoned)")
    }
  }

  @Test("the steps display's models are the widget projection's, on the snapshot's day and on others")
  func displayIsTheWidgetProjections() async {
    await propertyCheck(count: 600, input: DayGen.zonedInstant) { zoned in
      let calendar = zoned.calendar
      let completions = Self.completions(around: zoned)
      let task = ProgressFixture.task(1, order: 0, steps: 0..<(completions.count + 1))
      guard let progress = try? StepProgress(tasks: [task], completions: completions) else {
        Issue.record("\(zoned): the progress was refused")
        return
      }
      let snapshot = StepsSnapshot(progress: progress, asOf: zoned.instant, calendar: calendar)
      // The snapshot's own instant, a moment later, and the days around it.
      let day = Instant.millisecondsPerDay
      for offset in [0, 1, 6 * Instant.millisecondsPerHour, day, -day, 9 * day] {
        let instant = zoned.instant.advanced(by: offset)
        let display = StepsDisplay(snapshot: snapshot, at: instant, calendar: calendar)
        func model(_ kind: WidgetKind) -> WidgetModel? {
          try? WidgetProjection(snapshot: .steps(snapshot), kind: kind, calendar: calendar, labels: .english).model(at: instant)
        }
        #expect(model(.stepsProgress(.medium)) == .stepsProgress(display.progress), "\(zoned), \(offset) ms later")
        #expect(model(.activity(.week)) == .activity(display.activity), "\(zoned), \(offset) ms later")
        #expect(model(.nextStep) == .nextStep(display.next), "\(zoned), \(offset) ms later")
      }
    }
  }
}
