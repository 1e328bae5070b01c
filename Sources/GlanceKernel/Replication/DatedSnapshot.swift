/// The figures a widget or a watch is given: today's tally, computed at ``asOf`` for the local
/// day ``dayKey``.
///
/// MirrorSmoker's widget read an undated `todayCount`, so after midnight it showed yesterday's
/// count and its "+" incremented it (12 at 23:59, a tap at 00:05, the widget said 13, the truth
/// was 1). A `TallySnapshot` carries its day: on any other local day, or in another zone, it
/// projects to zero (``count(at:in:)``), with no reload needed.
///
/// ## Laws
/// - `count(at: t, in: calendar)` is ``todayCount`` when `calendar.dayKey(containing: t) == dayKey`
///   and 0 otherwise.
/// - `dayKey` is the day of `asOf`, and `asOf` is in ``ZoneCalendar/supportedInstants`` (checked
///   on every checking init, including decoding).
/// - Decoding what encoding wrote gives the same snapshot; corrupted data is a typed error.
public struct TallySnapshot: Hashable, Sendable {
  /// When the figures were computed.
  public let asOf: Instant
  /// The local day (and zone) the figures belong to: the day of ``asOf``.
  public let dayKey: DayKey
  /// The count on that day, as of ``asOf``.
  public let todayCount: Int

  /// A snapshot from stored figures, checked.
  ///
  /// - Throws: ``SnapshotError`` when the count is negative, `asOf` is outside
  ///   ``ZoneCalendar/supportedInstants``, or `dayKey` is not the day of `asOf` in `calendar`.
  public init(asOf: Instant, dayKey: DayKey, todayCount: Int, calendar: ZoneCalendar) throws(SnapshotError) {
    guard todayCount >= 0 else { throw .negativeCount(field: "todayCount", value: todayCount) }
    try SnapshotError.check(dayKey, isTheDayOf: asOf, in: calendar)
    self.asOf = asOf
    self.dayKey = dayKey
    self.todayCount = todayCount
  }

  /// The snapshot of `tally` at `asOf` in `calendar`'s zone.
  public init(tally: Tally, asOf: Instant, calendar: ZoneCalendar) {
    self.asOf = asOf
    self.dayKey = calendar.dayKey(containing: asOf)
    self.todayCount = tally.count(on: dayKey.date, in: calendar)
  }

  /// The count this snapshot stands for at `instant`: ``todayCount`` on its own day in its own
  /// zone, 0 on any other day or in any other zone (a snapshot of another day never shows as
  /// today's).
  public func count(at instant: Instant, in calendar: ZoneCalendar) -> Int {
    calendar.dayKey(containing: instant) == dayKey ? todayCount : 0
  }
}

/// The figures the step widgets are given (BabySteps): computed at ``asOf`` for ``dayKey``,
/// with the per-day activity of the last 14 days so that the activity widgets can shift at
/// midnight without a reload.
///
/// ## Laws
/// - ``completedToday(at:in:)`` is ``completedToday`` on the snapshot's own day and zone, 0
///   otherwise.
/// - ``activity(_:at:in:)`` has exactly `span` cells, oldest first, ending with the local date of
///   the instant; each cell's count is the snapshot's count for that date, 0 for dates it does
///   not hold (later days, or another zone).
/// - `recentActivity` holds consecutive dates ending with `dayKey.date`, and its last count is
///   `completedToday` (checked on every init, including decoding).
public struct StepsSnapshot: Hashable, Sendable {
  /// How many days of activity a snapshot keeps: enough for the largest activity widget.
  public static let activityDays = ActivityWidgetSpan.fortnight.rawValue

  public let asOf: Instant
  public let dayKey: DayKey
  public let completedToday: Int
  public let totalSteps: Int
  public let completedTasks: Int
  public let totalTasks: Int
  /// Completed steps per local date, oldest first, ending with `dayKey.date`.
  public let recentActivity: [ActivityDay]
  /// The next step of the first task in progress, if any.
  public let nextStep: NextStep?

  /// The snapshot of `progress` at `asOf` in `calendar`'s zone.
  public init(progress: StepProgress, asOf: Instant, calendar: ZoneCalendar) {
    let recentActivity = progress.activity(.fortnight, endingAt: asOf, in: calendar)
    // The last cell is `asOf`'s date, and its count is `progress.completedToday(at: asOf, in:
    // calendar)` (StepProgress's laws): one pass over the completions makes both.
    let today = recentActivity[recentActivity.count - 1]
    self.asOf = asOf
    self.dayKey = DayKey(date: today.date, zoneIdentifier: calendar.identifier)
    self.completedToday = today.count
    self.totalSteps = progress.totalSteps
    self.completedTasks = progress.completedTasks
    self.totalTasks = progress.totalTasks
    self.recentActivity = recentActivity
    self.nextStep = progress.nextStep
  }

  /// This snapshot's figures as of `asOf`, an instant of the same local day in the same zone:
  /// every figure depends on `asOf` only through the day that contains it, so
  /// `StepsSnapshot(progress: p, asOf: t, calendar: c).redated(to: u)` equals
  /// `StepsSnapshot(progress: p, asOf: u, calendar: c)` when `c.dayInterval(containing: u)`
  /// is the interval that contains `t` (``StepsSnapshotMemo`` relies on this).
  package func redated(to asOf: Instant) -> StepsSnapshot {
    StepsSnapshot(redating: self, to: asOf)
  }

  private init(redating snapshot: StepsSnapshot, to asOf: Instant) {
    self.asOf = asOf
    self.dayKey = snapshot.dayKey
    self.completedToday = snapshot.completedToday
    self.totalSteps = snapshot.totalSteps
    self.completedTasks = snapshot.completedTasks
    self.totalTasks = snapshot.totalTasks
    self.recentActivity = snapshot.recentActivity
    self.nextStep = snapshot.nextStep
  }

  /// A snapshot from stored figures, checked.
  ///
  /// - Throws: ``SnapshotError`` naming the first field that is negative, inconsistent, or
  ///   does not belong to `dayKey` (an `asOf` outside ``ZoneCalendar/supportedInstants`` among
  ///   them).
  public init(
    asOf: Instant, dayKey: DayKey, completedToday: Int, totalSteps: Int, completedTasks: Int,
    totalTasks: Int, recentActivity: [ActivityDay], nextStep: NextStep?, calendar: ZoneCalendar
  ) throws(SnapshotError) {
    for (field, value) in [
      ("completedToday", completedToday), ("totalSteps", totalSteps),
      ("completedTasks", completedTasks), ("totalTasks", totalTasks),
    ] where value < 0 {
      throw .negativeCount(field: field, value: value)
    }
    guard completedToday <= totalSteps else {
      throw .inconsistent(field: "completedToday", reason: "\(completedToday) is more than totalSteps \(totalSteps)")
    }
    guard completedTasks <= totalTasks else {
      throw .inconsistent(field: "completedTasks", reason: "\(completedTasks) is more than totalTasks \(totalTasks)")
    }
    try SnapshotError.check(dayKey, isTheDayOf: asOf, in: calendar)
    try Self.checkActivity(recentActivity, endingOn: dayKey.date, completedToday: completedToday)
    self.asOf = asOf
    self.dayKey = dayKey
    self.completedToday = completedToday
    self.totalSteps = totalSteps
    self.completedTasks = completedTasks
    self.totalTasks = totalTasks
    self.recentActivity = recentActivity
    self.nextStep = nextStep
  }

  private static func checkActivity(
    _ days: [ActivityDay], endingOn date: CivilDate, completedToday: Int
  ) throws(SnapshotError) {
    guard (1...activityDays).contains(days.count) else {
      throw .inconsistent(field: "recentActivity", reason: "\(days.count) days; expected 1 to \(activityDays)")
    }
    for (offset, day) in days.reversed().enumerated() {
      guard day.date == date.adding(days: -Int64(offset)) else {
        throw .inconsistent(
          field: "recentActivity", reason: "day \(day.date) out of sequence; expected consecutive dates ending \(date)")
      }
      guard day.count >= 0 else { throw .negativeCount(field: "recentActivity[\(day.date)]", value: day.count) }
    }
    guard days.last?.count == completedToday else {
      throw .inconsistent(field: "recentActivity", reason: "today's cell differs from completedToday \(completedToday)")
    }
  }

  /// Steps completed on the local day of `instant`: ``completedToday`` on the snapshot's own day
  /// and zone, 0 on any other.
  public func completedToday(at instant: Instant, in calendar: ZoneCalendar) -> Int {
    completedToday(on: calendar.date(containing: instant), in: calendar)
  }

  /// Steps completed on the local `date` of `calendar`: ``completedToday`` on the snapshot's
  /// own day and zone, 0 on any other (``completedToday(at:in:)`` of any instant of that date).
  func completedToday(on date: CivilDate, in calendar: ZoneCalendar) -> Int {
    DayKey(date: date, zoneIdentifier: calendar.identifier) == dayKey ? completedToday : 0
  }

  /// The `span` activity cells that end with the local date of `instant`.
  public func activity(_ span: ActivityWidgetSpan, at instant: Instant, in calendar: ZoneCalendar) -> [ActivityDay] {
    activity(span, on: calendar.date(containing: instant), in: calendar)
  }

  /// The `span` activity cells that end with the local date `today` of `calendar`
  /// (``activity(_:at:in:)`` of any instant of that date).
  func activity(_ span: ActivityWidgetSpan, on today: CivilDate, in calendar: ZoneCalendar) -> [ActivityDay] {
    let sameZone = calendar.identifier == dayKey.zoneIdentifier
    // On the snapshot's own day the cells are the last of `recentActivity` (consecutive dates
    // ending with `dayKey.date`, checked on every init): the general answer below, copied.
    if sameZone, today == dayKey.date, recentActivity.count >= span.rawValue {
      return Array(recentActivity.suffix(span.rawValue))
    }
    return (0..<span.rawValue).reversed().map { back in
      let date = today.adding(days: -Int64(back))
      let known = sameZone ? recentActivity.first { $0.date == date }?.count : nil
      return ActivityDay(date: date, count: known ?? 0)
    }
  }
}

/// Why stored snapshot figures were refused. The widget shows its empty state instead of
/// guessing.
public enum SnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A count below zero.
  case negativeCount(field: String, value: Int)
  /// The day key is not the local day of the as-of instant.
  case dayKeyMismatch(dayKey: DayKey, asOf: Instant, expected: DayKey)
  /// Figures that contradict each other.
  case inconsistent(field: String, reason: String)
  /// The as-of instant lies outside ``ZoneCalendar/supportedInstants`` (the years 1 to 9999): no
  /// clock reads it, and its day may not be computable.
  case asOfOutOfRange(asOf: Instant)

  public var description: String {
    switch self {
    case .negativeCount(let field, let value):
      return "\(field) is \(value); counts are never negative"
    case .dayKeyMismatch(let dayKey, let asOf, let expected):
      return "day key \(dayKey) is not the day of \(asOf) (that is \(expected))"
    case .inconsistent(let field, let reason):
      return "\(field): \(reason)"
    case .asOfOutOfRange(let asOf):
      return "asOf \(asOf) is outside the years 1 to 9999"
    }
  }

  static func check(_ dayKey: DayKey, isTheDayOf asOf: Instant, in calendar: ZoneCalendar) throws(SnapshotError) {
    guard ZoneCalendar.supportedInstants.contains(asOf) else { throw .asOfOutOfRange(asOf: asOf) }
    let expected = calendar.dayKey(containing: asOf)
    guard dayKey == expected else { throw .dayKeyMismatch(dayKey: dayKey, asOf: asOf, expected: expected) }
  }
}
