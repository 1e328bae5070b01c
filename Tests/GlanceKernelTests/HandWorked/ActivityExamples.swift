import GlanceKernel
import Testing

private typealias F = ProgressFixture

/// BabySteps' activity windows and levels (`ActivityView.swift`, `ActivityLevel.swift`), worked
/// out by hand in Zurich across the spring change of 2024 (31 March, clocks 02:00 → 03:00 CEST).
@Suite("Hand-worked: activity windows and levels")
struct ActivityExamples {
  /// Seven completions, each placed by hand on its Zurich date:
  /// - 2024-03-28 22:59:59 UTC = 23:59:59 CET on 28 March;
  /// - 2024-03-28 23:00:00 UTC = 00:00:00 CET on 29 March (the day turns at local midnight);
  /// - 2024-03-30 23:30 UTC = 00:30 CET on 31 March (the short day: 23 hours);
  /// - 2024-03-31 21:59 UTC = 23:59 CEST on 31 March (after the change, UTC+2);
  /// - 2024-03-31 22:00 UTC = 00:00 CEST on 1 April;
  /// - 2024-04-02 08:00 and 09:00 UTC = 10:00 and 11:00 CEST on 2 April ("today").
  /// The week ending on 2 April runs 27 March … 2 April: counts 0, 1, 1, 0, 2, 1, 2.
  @Test("a week in Zurich across the spring change: 27 March … 2 April counts 0, 1, 1, 0, 2, 1, 2")
  func weekAcrossSpringChange() throws {
    let zurich = try F.zone("Europe/Zurich")
    let instants = [
      try F.utc(2024, 3, 28, 22, 59, 59), try F.utc(2024, 3, 28, 23), try F.utc(2024, 3, 30, 23, 30),
      try F.utc(2024, 3, 31, 21, 59), try F.utc(2024, 3, 31, 22), try F.utc(2024, 4, 2, 8), try F.utc(2024, 4, 2, 9),
    ]
    let task = F.task(1, order: 0, steps: 0..<instants.count)
    let completions = Dictionary(uniqueKeysWithValues: instants.enumerated().map { (F.step($0.offset), $0.element) })
    let progress = try StepProgress(tasks: [task], completions: completions)
    let now = try F.utc(2024, 4, 2, 10)  // 12:00 CEST on 2 April
    let week = progress.activity(.week, endingAt: now, in: zurich)
    let dates = try (27...31).map { try F.date(2024, 3, $0) } + [try F.date(2024, 4, 1), try F.date(2024, 4, 2)]
    #expect(week.map(\.date) == dates)
    #expect(week.map(\.count) == [0, 1, 1, 0, 2, 1, 2])
    #expect(progress.completedToday(at: now, in: zurich) == 2)
    // The same instants seen from New York (UTC−4 in spring) fall a day earlier or on the same
    // date: 18:59:59 and 19:00 on 28 March, 19:30 on 30 March, 17:59 and 18:00 on 31 March,
    // 04:00 and 05:00 on 2 April.
    let newYork = try F.zone("America/New_York")
    #expect(progress.activity(.week, endingAt: now, in: newYork).map(\.count) == [0, 2, 0, 1, 2, 0, 2])
  }

  /// 14 days end on today and start 13 days before; 91 days start 90 days before (BabySteps'
  /// `windowStart` is the start of the day 90 days ago): from 2 April 2024, 20 March and
  /// 3 January 2024 (2 April is day 93 of a leap year; 93 − 90 = day 3).
  @Test("the 14- and 91-day windows ending 2 April 2024 start on 20 March and 3 January")
  func windowStarts() throws {
    let zurich = try F.zone("Europe/Zurich")
    let now = try F.utc(2024, 4, 2, 10)
    let progress = StepProgress.empty
    let (march20, january3) = (try F.date(2024, 3, 20), try F.date(2024, 1, 3))
    #expect(progress.activity(.fortnight, endingAt: now, in: zurich).first?.date == march20)
    #expect(progress.activity(.quarter, endingAt: now, in: zurich).first?.date == january3)
  }

  /// The level table by hand: 0 none; 1–3 low; 4–6 medium; 7–9 high; 10 and more very high.
  @Test("a week of counts 0, 2, 3, 4, 6, 9, 12 is none, low, low, medium, medium, high, very high")
  func levels() {
    let counts = [0, 2, 3, 4, 6, 9, 12]
    #expect(counts.map(ActivityLevel.init(count:)) == [.none, .low, .low, .medium, .medium, .high, .veryHigh])
  }
}
