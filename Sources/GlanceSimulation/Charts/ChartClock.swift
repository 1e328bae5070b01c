public import GlanceKernel

/// How a chart writes times: in UTC, or in the local time of the zones the device was in
/// (a zone change is a new leg from its instant on).
///
/// ## Laws
/// - ``utc`` writes `Instant.description`'s digits: offset 0, caption "UTC".
/// - `offsetSeconds(at: t)` is the offset of the leg in force at `t` (the last leg whose
///   `from` is at or before `t`; the first leg before that).
public struct ChartClock: Hashable, Sendable {
  /// A zone from an instant on.
  public struct Leg: Hashable, Sendable {
    /// When the device entered the zone (`nil`: from the start).
    public let from: Instant?
    public let calendar: ZoneCalendar

    public init(from: Instant?, calendar: ZoneCalendar) {
      self.from = from
      self.calendar = calendar
    }
  }

  /// The legs, in time order; empty for UTC.
  public let legs: [Leg]

  /// UTC.
  public static let utc = ChartClock(legs: [])

  /// The local time of `legs` (in time order, the first from the start).
  public init(legs: [Leg]) {
    self.legs = legs
  }

  /// The leg's calendar in force at `instant`, `nil` for UTC.
  func calendar(at instant: Instant) -> ZoneCalendar? {
    guard let first = legs.first else { return nil }
    return legs.last { leg in leg.from.map { $0 <= instant } ?? true }?.calendar ?? first.calendar
  }

  /// The UTC offset in force at `instant`, in seconds.
  func offsetSeconds(at instant: Instant) -> Int64 {
    calendar(at: instant)?.utcOffsetSeconds(at: instant) ?? 0
  }

  /// Local milliseconds since 1970 (the instant as the wall clock reads it, as if in UTC).
  func localMilliseconds(_ instant: Instant) -> Int64 {
    instant.millisecondsSince1970 &+ offsetSeconds(at: instant) &* 1_000
  }

  /// The local date of `instant`.
  func date(_ instant: Instant) -> CivilDate {
    CivilDate(dayNumber: SVGChart.floorDivision(localMilliseconds(instant), Instant.millisecondsPerDay))
  }

  /// `HH:MM` of the local time, for every instant (the remainder is taken directly, so that no
  /// intermediate product overflows).
  func clockText(_ instant: Instant) -> String {
    let remainder = localMilliseconds(instant) % Instant.millisecondsPerDay
    let millisecondsOfDay = remainder < 0 ? remainder + Instant.millisecondsPerDay : remainder
    let minutes = millisecondsOfDay / Instant.millisecondsPerMinute
    return "\(Self.two(minutes / 60)):\(Self.two(minutes % 60))"
  }

  /// `10 Mar` (with the year when `withYear`: `10 Mar 2026`).
  func dateText(_ instant: Instant, withYear: Bool = false) -> String {
    Self.text(date(instant), withYear: withYear)
  }

  static func text(_ date: CivilDate, withYear: Bool) -> String {
    "\(date.day) \(monthNames[date.month - 1])" + (withYear ? " \(date.year)" : "")
  }

  /// `Tue 10 Mar`.
  func dayText(_ instant: Instant) -> String {
    let date = date(instant)
    return "\(Self.weekdayNames[date.weekday % 7]) \(Self.text(date, withYear: false))"
  }

  /// The zones, for the axis: `Europe/Zurich local time`, or the legs in order.
  var caption: String {
    guard !legs.isEmpty else { return "UTC" }
    return legs.map(\.calendar.identifier).joined(separator: " → ") + " local time"
  }

  static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
  static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  /// By `CivilDate.weekday % 7` (0 Sunday … 6 Saturday, whatever the kernel's numbering of 7).
  static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
}
