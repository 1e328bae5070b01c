/// MirrorSmoker's daily tally: the instants of every counted event (one cigarette each), with
/// today's count, the 30-day average and the smoke-free streak as pure functions of them.
///
/// ```swift
/// let tally = replica.tally
/// tally.count(at: now, in: zurich)                              // today's count
/// tally.dailyAverage(at: now)                                   // exact, e.g. 7/3
/// tally.smokeFreeStreak(at: now, in: zurich, limit: 30)
/// StatusBand(count: tally.count(at: now, in: zurich), limit: 10)
/// ```
///
/// The instants are kept sorted, so a day's count is two binary searches. Duplicates are kept:
/// two cigarettes may share an instant (each has its own event id in the ``Replica``).
///
/// Attribution: an instant belongs to the local day that contains it in the zone the caller
/// passes. Days are the zone's real days (23, 24 or 25 hours; starting at 01:00 where midnight
/// is skipped), never `startOfDay + 86 400 s`.
///
/// ## Laws
/// - ``instants`` is sorted (non-decreasing) whatever the input order; `Tally(instants: xs)` is
///   equal for every permutation of `xs`.
/// - `count(on: d, in: z)` equals the number of instants in `z.dayInterval(of: d)` (0 when the
///   zone skipped `d`); the counts of consecutive dates sum to the instants they cover.
/// - `count(at: t, in: z) == count(on: z.date(containing: t), in: z)`.
/// - `dailyAverage(at: t) == Ratio(numerator: n, denominator: 30)` where n counts the instants in
///   `(t − 30 × 24 h, t]`.
/// - `insert(t)` then `remove(t)` gives back the same tally; `remove(t)` of an absent `t` is
///   `false` and changes nothing.
/// - `0 <= smokeFreeStreak(at:in:limit:) <= limit`, and it is 0 when today's count is positive.
public struct Tally: Hashable, Sendable {
  /// Every counted instant, sorted; equal instants are separate events.
  public private(set) var instants: [Instant]

  /// An empty tally.
  public init() {
    instants = []
  }

  /// A tally of these instants, in any order.
  ///
  /// - Complexity: O(n log n).
  public init(instants: some Sequence<Instant>) {
    self.instants = instants.sorted()
  }

  /// The number of counted instants, on any day.
  public var totalCount: Int { instants.count }

  /// Adds one event at `instant`.
  ///
  /// - Complexity: O(n) (a binary search, then an array insertion).
  public mutating func insert(_ instant: Instant) {
    instants.insert(instant, at: firstIndex(after: instant))
  }

  /// Removes one event at `instant`; returns `false` (and changes nothing) when there is none.
  ///
  /// - Complexity: O(n) (a binary search, then an array removal).
  @discardableResult
  public mutating func remove(_ instant: Instant) -> Bool {
    let index = firstIndex(notBefore: instant)
    guard index < instants.count, instants[index] == instant else { return false }
    instants.remove(at: index)
    return true
  }

  // MARK: Counting

  /// The number of instants on the local `date` in `calendar`'s zone; 0 for a date the zone
  /// skipped (Pacific/Apia 2011-12-30).
  ///
  /// - Complexity: O(log n + log z) for n instants and z offset transitions.
  public func count(on date: CivilDate, in calendar: ZoneCalendar) -> Int {
    guard let day = calendar.dayInterval(of: date) else { return 0 }
    return count(in: day)
  }

  /// Today's count: the number of instants on the local day that contains `now`.
  ///
  /// An instant later than `now` on the same local day (a clock running ahead) counts too: the
  /// figure is per date, like ``count(on:in:)``.
  ///
  /// - Complexity: O(log n + log z).
  public func count(at now: Instant, in calendar: ZoneCalendar) -> Int {
    count(in: calendar.dayInterval(containing: now))
  }

  /// The number of instants in `day`'s `[start, end)`: ``count(at:in:)`` for a caller that
  /// already holds the day.
  ///
  /// - Complexity: O(log n).
  public func count(in day: DayInterval) -> Int {
    let low = firstIndex(notBefore: day.start)
    let high = firstIndex(notBefore: day.end)
    precondition(low <= high, "day \(day) counted backwards: \(low) > \(high)")
    return high - low
  }

  /// The instants in `day`'s `[start, end)`, in order: what a store query for one day returns.
  ///
  /// - `instants(in: day).count == count(in: day)`.
  /// - Complexity: O(log n).
  public func instants(in day: DayInterval) -> ArraySlice<Instant> {
    instants[firstIndex(notBefore: day.start)..<firstIndex(notBefore: day.end)]
  }

  /// MirrorSmoker's daily average: the number of instants in `(now − 30 × 24 h, now]`, divided
  /// by 30, exactly.
  ///
  /// The divisor is always 30, even for a user who started counting three days ago (MirrorSmoker
  /// does the same everywhere; its `UserProfile` claims "days with data" but divides by 30, and
  /// its statistics screen divides by days *with* cigarettes, which is biased upwards). The window
  /// is 720 elapsed hours, not 30 local dates, so it does not depend on a zone. Instants after
  /// `now` are not counted.
  ///
  /// - Complexity: O(log n).
  public func dailyAverage(at now: Instant) -> Ratio {
    let windowMilliseconds = 30 * Instant.millisecondsPerDay
    let upper = firstIndex(after: now)
    let (start, overflow) = now.millisecondsSince1970.subtractingReportingOverflow(windowMilliseconds)
    // Near the start of time the window reaches past Int64.min: every instant up to now counts.
    let lower = overflow ? 0 : firstIndex(after: Instant(millisecondsSince1970: start))
    precondition(lower <= upper, "average window counted backwards: \(lower) > \(upper)")
    return Ratio(numerator: upper - lower, denominator: 30)
  }

  /// The number of consecutive smoke-free local days going back from today, today included;
  /// 0 when today's count is positive; at most `limit`.
  ///
  /// Days are the zone's real days, reached by stepping from a day's start back by one
  /// millisecond (never by 86 400 s), so a 23- or 25-hour day is one day, and a date the zone
  /// skipped (Pacific/Apia 2011-12-30) is not a day at all: the streak goes from 12-31 straight
  /// to 12-29.
  ///
  /// A tally does not know when tracking began, so with no data the streak is `limit`. Unlike
  /// MirrorSmoker, whose `calculateCurrentStreak` is capped at a fixed 30, the cap is the caller's
  /// explicit `limit` (pass the days since the user started, or 30 to match MirrorSmoker).
  ///
  /// - Precondition: `limit >= 0`.
  /// - Complexity: O(limit × (log n + log z)).
  public func smokeFreeStreak(at now: Instant, in calendar: ZoneCalendar, limit: Int) -> Int {
    precondition(limit >= 0, "a streak limit cannot be negative (got \(limit))")
    var day = calendar.dayInterval(containing: now)
    var streak = 0
    // Bounded by `limit` iterations.
    while streak < limit, count(in: day) == 0 {
      streak += 1
      let previous = calendar.dayInterval(containing: day.start.advanced(by: -1))
      precondition(previous.end == day.start, "day \(previous) does not end where \(day) starts")
      day = previous
    }
    return streak
  }

  // MARK: Binary search

  /// The index of the first instant `>= instant` (`instants.count` if none).
  func firstIndex(notBefore instant: Instant) -> Int {
    partitionIndex { $0 >= instant }
  }

  /// The index of the first instant `> instant` (`instants.count` if none).
  func firstIndex(after instant: Instant) -> Int {
    partitionIndex { $0 > instant }
  }

  /// The first index whose instant satisfies `isInUpperPart`, which must be false for a prefix
  /// of the sorted instants and true for the rest.
  private func partitionIndex(where isInUpperPart: (Instant) -> Bool) -> Int {
    var low = 0
    var high = instants.count
    while low < high {
      let middle = low + (high - low) / 2
      if isInUpperPart(instants[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

extension Tally: Codable {
  /// Encodes the sorted instants as one array of integers (milliseconds since 1970).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(instants)
  }

  /// Decodes an array of instants, in any order (a tally is a multiset; sorting is not a guess).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(instants: try container.decode([Instant].self))
  }
}
