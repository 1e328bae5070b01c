/// One local day in one zone: the half-open interval of instants `[start, end)` whose local
/// date is ``date``.
///
/// A day interval is whatever the zone makes of that date: usually 24 hours from midnight to
/// midnight, but 23 or 25 hours on DST days, 23.5 or 24.5 hours on Lord Howe Island, starting
/// at 01:00 where the clocks skip midnight (America/Sao_Paulo 2018-11-04), and absent where a
/// zone skipped the date (Pacific/Apia 2011-12-30). The kernel never assumes 24 hours.
///
/// ## Laws
/// - `start < end`.
/// - The next day's interval starts at `end`: consecutive days touch, with no gap and no overlap.
public struct DayInterval: Hashable, Sendable {
  /// The local date the interval covers.
  public let date: CivilDate
  /// The first instant of the day.
  public let start: Instant
  /// The first instant of the next existing day (exclusive end).
  public let end: Instant

  /// A day interval; `start` must be before `end`.
  public init(date: CivilDate, start: Instant, end: Instant) {
    precondition(start < end, "day \(date) would be empty or reversed: [\(start), \(end))")
    self.date = date
    self.start = start
    self.end = end
  }

  /// The length of the day in milliseconds (86 400 000 on most days).
  public var durationMilliseconds: Int64 { start.distance(to: end) }

  /// Whether `instant` is in `[start, end)`.
  public func contains(_ instant: Instant) -> Bool {
    start <= instant && instant < end
  }
}

extension DayInterval: CustomStringConvertible {
  public var description: String { "\(date) [\(start), \(end))" }
}

/// A local day together with the zone it was counted in: what a dated snapshot carries so
/// that no reader ever mistakes another day's (or another zone's) figures for today's.
///
/// ## Laws
/// - Two keys are equal only when both the date and the zone identifier are equal.
public struct DayKey: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// The local date.
  public let date: CivilDate
  /// The IANA identifier of the zone the date was computed in, such as `Europe/Zurich`.
  public let zoneIdentifier: String

  public init(date: CivilDate, zoneIdentifier: String) {
    self.date = date
    self.zoneIdentifier = zoneIdentifier
  }

  /// By date, then by zone identifier (a total order, so sorted output never depends on hashing).
  public static func < (lhs: DayKey, rhs: DayKey) -> Bool {
    (lhs.date, lhs.zoneIdentifier) < (rhs.date, rhs.zoneIdentifier)
  }

  /// `2024-03-31@Europe/Zurich`.
  public var description: String { "\(date)@\(zoneIdentifier)" }
}
