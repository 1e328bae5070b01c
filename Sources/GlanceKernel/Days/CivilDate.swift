/// A date on the proleptic Gregorian calendar (year, month, day), with no time and no zone.
///
/// A civil date names a local day; which instants it covers depends on a zone
/// (``ZoneCalendar/dayInterval(of:)``), and in some zones some dates have no instants at all
/// (Pacific/Apia skipped 2011-12-30).
///
/// Dates are numbered by ``dayNumber``, the count of days since 1970-01-01 (negative before),
/// computed with Howard Hinnant's `days_from_civil` algorithm, which is exact for every year
/// in ``validYears``.
///
/// ## Laws
/// - `CivilDate(dayNumber: d).dayNumber == d` for every `d` in range, and
///   `CivilDate(dayNumber: date.dayNumber) == date` for every valid date.
/// - Order is chronological and equals the order of `dayNumber`.
/// - `date.adding(days: n).dayNumber == date.dayNumber + n`; `a.days(to: b) == b.dayNumber - a.dayNumber`.
/// - `CivilDate(iso8601: date.description) == date`.
public struct CivilDate: Hashable, Comparable, Sendable {
  /// The years a `CivilDate` can hold: enough for every ``Instant`` (±292 277 026 years
  /// around 1970).
  public static let validYears: ClosedRange<Int> = -300_000_000...300_000_000

  @usableFromInline let storedYear: Int32
  @usableFromInline let storedMonth: UInt8
  @usableFromInline let storedDay: UInt8

  /// The year; year 0 is 1 BC (astronomical numbering, as ISO 8601).
  @inlinable public var year: Int { Int(storedYear) }
  /// The month, 1 (January) to 12.
  @inlinable public var month: Int { Int(storedMonth) }
  /// The day of the month, 1 to 28, 29, 30 or 31.
  @inlinable public var day: Int { Int(storedDay) }

  /// The date with these fields, checked.
  ///
  /// - Throws: ``CivilDateError/invalidDate(year:month:day:)`` when the month is not 1–12, the
  ///   day does not exist in that month (February 29 outside leap years included), or the year
  ///   is outside ``validYears``.
  public init(year: Int, month: Int, day: Int) throws(CivilDateError) {
    guard Self.validYears.contains(year), (1...12).contains(month),
      day >= 1, day <= Self.daysInMonth(year: year, month: month)
    else { throw .invalidDate(year: year, month: month, day: day) }
    self.init(unchecked: year, month: month, day: day)
  }

  @usableFromInline
  init(unchecked year: Int, month: Int, day: Int) {
    storedYear = Int32(year)
    storedMonth = UInt8(month)
    storedDay = UInt8(day)
  }

  /// The date `dayNumber` days after 1970-01-01 (before it when negative).
  ///
  /// - Precondition: the date's year is within ``validYears``.
  public init(dayNumber: Int64) {
    // Hinnant, civil_from_days: shift the epoch to 0000-03-01 so that leap days end each
    // 400-year era's years.
    let shifted = dayNumber + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    // Within the era every figure is small and non-negative (a day of the era is 0…146 096), so
    // it is computed unsigned with wrapping operators: no overflow is possible, and this runs for
    // every day interval a calendar hands out.
    let dayOfEra = UInt64(shifted - era * 146_097)
    let yearOfEra = (dayOfEra &- dayOfEra / 1460 &+ dayOfEra / 36_524 &- dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra &- (365 &* yearOfEra &+ yearOfEra / 4 &- yearOfEra / 100)
    let shiftedMonth = (5 &* dayOfYear &+ 2) / 153
    let day = dayOfYear &- (153 &* shiftedMonth &+ 2) / 5 &+ 1
    let month = shiftedMonth < 10 ? shiftedMonth &+ 3 : shiftedMonth &- 9
    let year = Int64(yearOfEra) + era * 400 + (month <= 2 ? 1 : 0)
    precondition(
      Self.validYears.contains(Int(year)),
      "day number \(dayNumber) is outside the years CivilDate supports (\(Self.validYears))")
    self.init(unchecked: Int(year), month: Int(month), day: Int(day))
  }

  /// Days since 1970-01-01 (Hinnant's `days_from_civil`).
  public var dayNumber: Int64 {
    let month = Int64(storedMonth)
    let year = Int64(storedYear) - (month <= 2 ? 1 : 0)
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + Int64(storedDay) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` later (earlier when negative).
  public func adding(days: Int64) -> CivilDate {
    CivilDate(dayNumber: dayNumber + days)
  }

  /// The number of days from `self` to `other` on the calendar (negative when `other` is
  /// earlier). This counts dates, existing or not in some zone: see
  /// ``ZoneCalendar/rollovers(from:to:)`` for the days a zone actually lived through.
  public func days(to other: CivilDate) -> Int64 {
    other.dayNumber - dayNumber
  }

  /// The ISO weekday: 1 = Monday … 7 = Sunday.
  public var weekday: Int {
    // 1970-01-01 was a Thursday (4).
    Int((dayNumber + 3) % 7 + 7) % 7 + 1
  }

  /// Whether `year` is a Gregorian leap year.
  public static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days in `month` (1–12) of `year`.
  public static func daysInMonth(year: Int, month: Int) -> Int {
    precondition((1...12).contains(month), "month \(month) is not 1–12")
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  @inlinable
  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    (lhs.storedYear, lhs.storedMonth, lhs.storedDay) < (rhs.storedYear, rhs.storedMonth, rhs.storedDay)
  }
}

/// Why fields or a text are not a civil date.
public enum CivilDateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The fields name no date: month not 1–12, a day the month does not have, or a year outside
  /// ``CivilDate/validYears``.
  case invalidDate(year: Int, month: Int, day: Int)
  /// The text is not `YYYY-MM-DD` (or the signed extended form `±YYYYY-MM-DD`, up to nine year
  /// digits); `position` is
  /// the 0-based offset, in characters, of the first character that does not fit.
  case malformed(text: String, position: Int)

  public var description: String {
    switch self {
    case .invalidDate(let year, let month, let day):
      return "no such date: year \(year), month \(month), day \(day)"
    case .malformed(let text, let position):
      return "\"\(text)\" is not a date of the form YYYY-MM-DD (problem at position \(position))"
    }
  }
}

extension CivilDate: CustomStringConvertible {
  /// ISO 8601: `2024-03-31`; years outside 0…9999 take a sign and at least four digits
  /// (`-0001-12-31`, `+10000-01-01`).
  public var description: String {
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    let yearText: String
    switch year {
    case 0...9999: yearText = padded(year, 4)
    case 10000...: yearText = "+" + padded(year, 4)
    default: yearText = "-" + padded(-year, 4)
    }
    return "\(yearText)-\(padded(month, 2))-\(padded(day, 2))"
  }

  /// Parses what ``description`` writes, strictly: `YYYY-MM-DD`, or a sign and four to nine
  /// year digits for years outside 0…9999.
  ///
  /// - Throws: ``CivilDateError/malformed(text:position:)`` for any other shape,
  ///   ``CivilDateError/invalidDate(year:month:day:)`` for a well-formed date that does not exist.
  public init(iso8601 text: String) throws(CivilDateError) {
    let bytes = Array(text.utf8)
    var index = 0
    var negative = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    let signed = index == 1
    func digits(_ range: ClosedRange<Int>) throws(CivilDateError) -> Int {
      var value = 0
      var count = 0
      while index < bytes.count, count < range.upperBound,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
      {
        value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        count += 1
        index += 1
      }
      guard range.contains(count) else { throw .malformed(text: text, position: index) }
      return value
    }
    func dash() throws(CivilDateError) {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "-") else {
        throw .malformed(text: text, position: index)
      }
      index += 1
    }
    let yearStart = index
    let magnitude = try digits(4...9)
    // Unsigned years have exactly four digits; a sign is required beyond 9999 or below 0.
    if !signed && index - yearStart != 4 { throw .malformed(text: text, position: yearStart + 4) }
    try dash()
    let month = try digits(2...2)
    try dash()
    let day = try digits(2...2)
    guard index == bytes.count else { throw .malformed(text: text, position: index) }
    // All consumed bytes are ASCII, so byte offsets are character offsets.
    try self.init(year: negative ? -magnitude : magnitude, month: month, day: day)
  }
}

extension CivilDate: Codable {
  /// Encodes the ISO 8601 text, as in `"2024-03-31"`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// Decodes exactly what ``encode(to:)`` writes.
  ///
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``CivilDateError``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      try self.init(iso8601: text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }
}
