/// What MirrorSmoker's app shows about today: the count, its status band, the smoke-free streak
/// and the daily average, every figure from one ``Tally`` at one instant in one zone.
///
/// ```swift
/// let summary = TallySummary(tally: replica.tally, at: now, in: zurich, limit: 10, streakLimit: 30)
/// summary.count    // today's count
/// summary.band     // StatusBand(count: summary.count, limit: 10)
/// ```
///
/// The average is the one of the 30 × 24 hours before today began (the events in
/// `[s − 30 × 24 h, s)` for `s` today's first instant, divided by 30), so that every figure changes only when an event
/// is counted or at a local day boundary: a widget can plan it to the next boundary, and two
/// surfaces that look at different instants of one day agree.
///
/// ## Laws
/// - `count == tally.count(at: now, in: calendar)` and `band == StatusBand(count: count, limit: limit)`.
/// - `streak == tally.smokeFreeStreak(at: now, in: calendar, limit: streakLimit)`; it is 0 when
///   `count > 0`.
/// - `average == tally.dailyAverage(at: s − 1 ms)` with `s` the first instant of today in
///   `calendar`: the events in `[s − 30 × 24 h, s)`, over 30.
/// - Constant on each local day of `calendar` for a fixed tally.
public struct TallySummary: Hashable, Sendable {
  /// Today's count.
  public let count: Int
  /// Today's count against the daily limit.
  public let band: StatusBand
  /// Consecutive smoke-free local days up to today, at most the streak limit.
  public let streak: Int
  /// Events per day over the 30 × 24 h before today began, exact.
  public let average: Ratio

  /// The summary of `tally` at `now`, with "today" taken in `calendar`'s zone.
  ///
  /// - Precondition: `limit >= 0` and `streakLimit >= 0`.
  public init(tally: Tally, at now: Instant, in calendar: ZoneCalendar, limit: Int, streakLimit: Int) {
    let today = calendar.dayInterval(containing: now)
    let count = tally.count(in: today)
    self.count = count
    self.band = StatusBand(count: count, limit: limit)
    self.streak = tally.smokeFreeStreak(at: now, in: calendar, limit: streakLimit)
    // Just before today began, so that an event at today's first instant is today's, not the average's.
    self.average = tally.dailyAverage(at: today.start.advanced(by: -1))
    precondition(count == 0 || streak == 0, "a day with \(count) events has a streak of \(streak)")
  }
}
