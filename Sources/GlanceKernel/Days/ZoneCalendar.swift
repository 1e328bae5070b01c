public import Foundation

/// The Gregorian calendar of one time zone, with the zone's offset transitions cached so that
/// day lookups cost a binary search and a little arithmetic.
///
/// Build one per zone and reuse it: `init` reads the zone's transitions from 1900 to 2200 from
/// Foundation once (about a millisecond); every lookup after that is pure and fast. Instants
/// outside 1900–2200 are answered by Foundation's `Calendar` directly.
///
/// Foundation's `Calendar(identifier: .gregorian)` with the same `TimeZone` is the reference:
/// ``dayInterval(containing:)`` equals its `dateInterval(of: .day, for:)`, which the tests check
/// for the days around every offset transition of every known zone from 1970 to 2037.
///
/// Days that start at 01:00, last 23 or 25 hours, shift by 30 minutes, or do not exist are
/// ordinary data here. The next rollover is the end of the current day, never "start of day
/// plus 86 400 s" and never "start of day plus one day", both of which are an hour late on days
/// without a midnight.
///
/// Every instant a device clock reads is supported (``supportedInstants``, the years 1 to 9999).
/// Far beyond, Foundation has no day for some instants (millions of years away), and there the
/// calendar traps: code that reads instants from stored data checks them against
/// ``supportedInstants`` first (a decoded snapshot's `asOf`, a progress's completion instants).
///
/// ## Laws
/// - `dayInterval(containing: t).contains(t)`.
/// - `nextRollover(after: t) == dayInterval(containing: t).end`, and it is `> t`.
/// - Days partition time: `dayInterval(containing: d.end).start == d.end`.
/// - `dayInterval(of: date(containing: t)) == dayInterval(containing: t)`.
/// - `localDayNumber(containing: t) == date(containing: t).dayNumber`.
/// - `rollovers(from: a, to: b)` is the number of day boundaries in `(a, b]`:
///   the number of distinct local dates in `[a, b]` minus one.
public struct ZoneCalendar: Sendable {
  /// The zone (kept by ``rules``: Foundation's `TimeZone` is resilient, its layout known only at
  /// run time, so a stored one made every value holding a calendar, the world's included, copied
  /// and destroyed through the runtime's value witnesses).
  public var zone: TimeZone { rules.zone }
  let rules: ZoneRules

  /// The instants whose day every calendar computes: the years 1 to 9999 (UTC).
  public static let supportedInstants =
    Instant(millisecondsSince1970: -62_135_596_800_000)..<Instant(millisecondsSince1970: 253_402_300_800_000)

  /// The calendar of `zone`.
  public init(zone: TimeZone) {
    self.rules = ZoneRules(zone: zone)
    self.identifier = zone.identifier
  }

  /// The calendar of the zone with this IANA identifier, such as `Europe/Zurich`.
  ///
  /// - Throws: ``ZoneCalendarError/unknownZone(_:)`` when Foundation does not know it.
  public init(identifier: String) throws(ZoneCalendarError) {
    guard let zone = TimeZone(identifier: identifier) else { throw .unknownZone(identifier) }
    self.init(zone: zone)
  }

  /// The zone's identifier, such as `Europe/Zurich` (read once: memo keys read it after every
  /// event).
  public let identifier: String

  /// The offset from UTC in force at `instant`, in seconds (east positive).
  public func utcOffsetSeconds(at instant: Instant) -> Int64 {
    let seconds = instant.secondsSince1970
    guard rules.coveredSeconds.contains(seconds) else {
      return Int64(zone.secondsFromGMT(for: instant.date))
    }
    return rules.offsets[rules.segmentIndex(seconds)]
  }

  /// The local date of `instant`.
  public func date(containing instant: Instant) -> CivilDate {
    dayInterval(containing: instant).date
  }

  /// The day key (local date and zone identifier) of `instant`.
  public func dayKey(containing instant: Instant) -> DayKey {
    DayKey(date: date(containing: instant), zoneIdentifier: identifier)
  }

  /// The local day `[start, end)` that contains `instant`.
  ///
  /// - Complexity: O(log n) in the zone's transitions, from the cached table; instants outside
  ///   1900–2200 ask Foundation.
  public func dayInterval(containing instant: Instant) -> DayInterval {
    tableInterval(containing: instant) ?? foundationInterval(containing: instant)
  }

  /// The day number (``CivilDate/dayNumber``) of the local date of `instant`: what counting by
  /// date needs, without making the date and its interval.
  ///
  /// ## Laws
  /// - `localDayNumber(containing: t) == date(containing: t).dayNumber`.
  package func localDayNumber(containing instant: Instant) -> Int64 {
    tableDay(containing: instant)?.dayNumber ?? foundationInterval(containing: instant).date.dayNumber
  }

  /// The day from the cached table alone, `nil` outside it. A test hook: the differential
  /// tests use it to prove the table, not the Foundation fallback, answered.
  package func tableInterval(containing instant: Instant) -> DayInterval? {
    guard let day = tableDay(containing: instant) else { return nil }
    return DayInterval(
      date: CivilDate(dayNumber: day.dayNumber), start: Instant(secondsSince1970: day.start),
      end: Instant(secondsSince1970: day.end))
  }

  /// The day from the cached table alone, as its day number and its bounds in seconds; `nil`
  /// outside the table.
  private func tableDay(containing instant: Instant) -> (dayNumber: Int64, start: Int64, end: Int64)? {
    let seconds = instant.secondsSince1970
    guard rules.coveredSeconds.contains(seconds) else { return nil }
    let segment = rules.segmentIndex(seconds)
    let offset = rules.offsets[segment]
    let dayNumber = Int64.floorDivision(seconds + offset, 86_400)
    let start = dayNumber * 86_400 - offset
    let end = start + 86_400
    // The whole day lies in one segment, clear of the fold that may open it: plain arithmetic.
    if start >= rules.plainStarts[segment] && end < rules.segmentEnd(segment) {
      return (dayNumber, start, end)
    }
    return dayNearTransition(containing: seconds, localDayNumber: dayNumber)
  }

  /// The day holding `seconds` when a transition is near: from the first instant of the local
  /// date to the first instant of the next one.
  ///
  /// Where clocks fall back across midnight (America/Goose_Bay 1987-10-25: at 00:01 back to
  /// 23:01), the repeated minutes read as the earlier date but come after the later date has
  /// begun. A day, once begun, runs until the next day begins, so they belong to the later
  /// date. (Foundation labels them with the earlier date and returns that date's interval,
  /// which does not contain them; its intervals themselves agree with these.)
  private func dayNearTransition(
    containing seconds: Int64, localDayNumber: Int64
  ) -> (dayNumber: Int64, start: Int64, end: Int64)? {
    var day = localDayNumber
    // At most one step either way: a fold or gap moves the day by one (bounded loop).
    for _ in 0..<3 {
      guard let first = rules.firstInstant(atLocal: day * 86_400),
        let next = rules.firstInstant(atLocal: (day + 1) * 86_400)
      else { return nil }
      if seconds < first {
        day -= 1
      } else if seconds >= next {
        day += 1
      } else {
        precondition(first < next, "day \(day) of \(identifier) would be empty: [\(first), \(next))")
        return (day, first, next)
      }
    }
    return nil
  }

  /// The first instant of the next local day: when "today" ends for a widget.
  public func nextRollover(after instant: Instant) -> Instant {
    dayInterval(containing: instant).end
  }

  /// The instants of `date` in this zone, or `nil` when the zone skipped that date.
  public func dayInterval(of date: CivilDate) -> DayInterval? {
    let local = date.dayNumber * 86_400
    if rules.coveredSeconds.contains(local),
      let first = rules.firstInstant(atLocal: local),
      let next = rules.firstInstant(atLocal: local + 86_400)
    {
      guard first < next else { return nil }
      let interval = dayInterval(containing: Instant(secondsSince1970: first))
      return interval.date == date ? interval : nil
    }
    var components = DateComponents()
    (components.year, components.month, components.day) = (date.year, date.month, date.day)
    components.hour = 12
    guard let noon = rules.calendar.date(from: components) else { return nil }
    let interval = foundationInterval(containing: Instant(noon))
    return interval.date == date ? interval : nil
  }

  /// The first instant at which the local clock reads `hour`:00 on `date`: when the clock reads
  /// it twice (a fall-back fold), the earlier; when it skips it (a spring-forward gap), the
  /// instant the gap ends. `nil` when the zone skipped the whole date (Apia 2011-12-30).
  ///
  /// Where a person does something "at 20:00 on 10 June" (a flight, a scenario's zone change),
  /// this is the instant. `hour` must be in `0...23`.
  ///
  /// ## Laws
  /// - The result lies in `dayInterval(of: date)`.
  /// - Where no transition is near, its local time is `date` `hour`:00 (differential-tested
  ///   against Foundation's `Calendar.date(from:)`).
  public func firstInstant(of date: CivilDate, hour: Int) -> Instant? {
    precondition((0...23).contains(hour), "an hour of the day is 0…23, not \(hour)")
    guard let day = dayInterval(of: date) else { return nil }
    let local = date.dayNumber * 86_400 + Int64(hour) * 3_600
    let found: Instant
    if rules.coveredSeconds.contains(local), let first = rules.firstInstant(atLocal: local) {
      found = Instant(secondsSince1970: first)
    } else {
      var components = DateComponents()
      (components.year, components.month, components.day, components.hour) = (date.year, date.month, date.day, hour)
      guard let date = rules.calendar.date(from: components) else { return nil }
      found = Instant(date)
    }
    // A gap at the day's start (no midnight) resolves before the day: its first instant then.
    return min(max(found, day.start), day.end.advanced(by: -1))
  }

  /// The number of local day boundaries crossed from `start` to `end`: 0 on the same day, 1
  /// from today to tomorrow, negative when `end` is earlier. Dates the zone skipped are not
  /// counted (Apia: 2011-12-29 to 2011-12-31 is one rollover).
  public func rollovers(from start: Instant, to end: Instant) -> Int64 {
    let first = date(containing: start).dayNumber
    let last = date(containing: end).dayNumber
    guard first != last else { return 0 }
    let (low, high) = first < last ? (first, last) : (last, first)
    let skipped = rules.missingDayNumbers.reduce(into: Int64(0)) { count, day in
      if low < day && day < high { count += 1 }
    }
    let magnitude = high - low - skipped
    return first < last ? magnitude : -magnitude
  }

  /// The instants in `range` at which the zone's UTC offset changes, in order (the table's
  /// view: within 1900–2200 only).
  public func offsetTransitions(in range: Range<Instant>) -> [Instant] {
    let lower = range.lowerBound.secondsSince1970
    let upper = range.upperBound.secondsSince1970
    var instants: [Instant] = []
    // The first segment that starts at or after `lower` (segment 0 starts at -∞: skip it).
    var index = rules.segmentIndex(lower)
    if index == 0 || rules.segmentStarts[index] < lower { index += 1 }
    while index < rules.segmentStarts.count, rules.segmentStarts[index] <= upper {
      let instant = Instant(secondsSince1970: rules.segmentStarts[index])
      if range.contains(instant) { instants.append(instant) }
      index += 1
    }
    return instants
  }

  /// Foundation's day for `instant` (outside the table's years). Where Foundation's interval
  /// does not contain the instant (the minutes of a fold across midnight), the day that does:
  /// the next one.
  private func foundationInterval(containing instant: Instant) -> DayInterval {
    var probe = instant.date
    for _ in 0..<3 {
      guard let interval = rules.calendar.dateInterval(of: .day, for: probe) else {
        preconditionFailure("Foundation has no day for \(instant) in \(identifier)")
      }
      let day = DayInterval(
        date: foundationDate(of: interval.start), start: Instant(interval.start), end: Instant(interval.end))
      if day.end <= instant { probe = interval.end; continue }
      return day
    }
    preconditionFailure("Foundation has no day containing \(instant) in \(identifier)")
  }

  private func foundationDate(of date: Date) -> CivilDate {
    let components = rules.calendar.dateComponents([.year, .month, .day], from: date)
    guard let year = components.year, let month = components.month, let day = components.day else {
      preconditionFailure("Foundation gave no date for \(date) in \(identifier)")
    }
    do {
      return try CivilDate(year: year, month: month, day: day)
    } catch {
      preconditionFailure("Foundation gave \(error) for \(date) in \(identifier)")
    }
  }
}

extension ZoneCalendar: Hashable {
  /// Two calendars are equal when their zones have the same identifier.
  public static func == (lhs: ZoneCalendar, rhs: ZoneCalendar) -> Bool {
    lhs.identifier == rhs.identifier
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
  }
}

extension ZoneCalendar: CustomStringConvertible {
  public var description: String { "ZoneCalendar(\(identifier))" }
}

/// Why a zone calendar could not be made.
public enum ZoneCalendarError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Foundation knows no zone with this identifier.
  case unknownZone(String)

  public var description: String {
    switch self {
    case .unknownZone(let identifier):
      return "unknown time zone \"\(identifier)\"; expected an IANA identifier such as Europe/Zurich"
    }
  }
}
