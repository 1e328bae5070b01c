/// How today's count compares with the day's limit: one rule for every surface.
///
/// | band | count |
/// |---|---|
/// | ``perfect`` | 0 |
/// | ``excellent`` | below 50 % of the limit |
/// | ``good`` | below 80 % |
/// | ``nearLimit`` | below 100 % |
/// | ``limitReached`` | exactly the limit |
/// | ``exceeded(by:)`` | above the limit, by how many |
///
/// These are the bands of MirrorSmoker's `ContentView`. MirrorSmoker's widget (against the
/// average: ≤ 0.8 blue, ≤ 1 yellow) and its watch (0 / ≤ 5 / ≤ 10) use other thresholds, so one
/// count gets a different colour on each surface; Glance has this single rule for app, widget
/// and watch.
///
/// A limit of 0 (the quit day, or a plan that has reached zero): 0 is ``perfect`` and any
/// positive count is ``exceeded(by:)`` that count. There is no "excellent" share of nothing.
///
/// ## Laws
/// - Computed with integer comparisons only (`count × 100 < limit × 50`, at double width so
///   that nothing overflows); no floating point.
/// - Monotonic: for a fixed limit, a larger count never gives a better band.
/// - `count == 0` gives ``perfect`` for every limit; `count == limit > 0` gives ``limitReached``;
///   `count > limit` gives `exceeded(by: count − limit)`.
public enum StatusBand: Hashable, Sendable, Codable {
  /// No events today.
  case perfect
  /// Some, but fewer than half the limit.
  case excellent
  /// At least half, below 80 % of the limit.
  case good
  /// At least 80 %, below the limit.
  case nearLimit
  /// Exactly the limit.
  case limitReached
  /// Above the limit by `by` (always at least 1).
  case exceeded(by: Int)

  /// The band of `count` events against a daily `limit`.
  ///
  /// - Precondition: `count >= 0` and `limit >= 0` (both are counts; a negative one is a
  ///   programmer error).
  public init(count: Int, limit: Int) {
    precondition(count >= 0, "a count cannot be negative (got \(count))")
    precondition(limit >= 0, "a limit cannot be negative (got \(limit))")
    if count == 0 {
      self = .perfect
    } else if Self.isBelow(count, percent: 50, of: limit) {
      self = .excellent
    } else if Self.isBelow(count, percent: 80, of: limit) {
      self = .good
    } else if Self.isBelow(count, percent: 100, of: limit) {
      self = .nearLimit
    } else if count == limit {
      self = .limitReached
    } else {
      precondition(count > limit, "count \(count) is neither below, at nor above limit \(limit)")
      self = .exceeded(by: count - limit)
    }
  }

  /// Whether `count × 100 < limit × percent`, exactly: both products are taken at double width,
  /// so no count or limit overflows.
  private static func isBelow(_ count: Int, percent: Int, of limit: Int) -> Bool {
    let scaledCount = count.multipliedFullWidth(by: 100)
    let scaledLimit = limit.multipliedFullWidth(by: percent)
    return (scaledCount.high, scaledCount.low) < (scaledLimit.high, scaledLimit.low)
  }
}
