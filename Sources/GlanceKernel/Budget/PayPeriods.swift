/// The day of the month a salary arrives: budget periods start on it (Pulpe's `payDayOfMonth`).
///
/// ## Laws
/// - `day` is in 1…31. Day 1 means calendar months.
public struct PayDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The day of the month, 1…31.
  public let day: Int

  /// Calendar months: periods from the 1st to the last day of each month.
  public static let calendarMonths = PayDay(unchecked: 1)

  /// A pay day, checked.
  ///
  /// - Throws: ``BudgetPeriodError/payDayOutOfRange(_:)`` outside 1…31.
  public init(_ day: Int) throws(BudgetPeriodError) {
    guard (1...31).contains(day) else { throw .payDayOutOfRange(day) }
    self.day = day
  }

  /// Pulpe's reading of a stored setting: 0 or less (or nothing) means calendar months, above 31
  /// means 31.
  public init(clamping day: Int?) {
    self.day = min(max(day ?? 1, 1), 31)
  }

  private init(unchecked day: Int) { self.day = day }

  /// Decodes an integer and checks it is in 1…31 (a stored pay day is never silently clamped).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let value = try container.decode(Int.self)
    do {
      try self.init(value)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(day)
  }

  public static func < (lhs: PayDay, rhs: PayDay) -> Bool { lhs.day < rhs.day }

  public var description: String { "pay day \(day)" }
}

/// A budget period, named after the month that holds most of its days (Pulpe's quinzaine rule):
/// with pay day 27, "March" runs from 27 February to 26 March.
///
/// ## Laws
/// - Order is chronological: by year, then month.
/// - `period.next.previous == period`.
public struct BudgetPeriod: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  public let year: Int
  /// 1…12.
  public let month: Int

  /// The period named after `month` of `year`.
  ///
  /// - Throws: ``BudgetPeriodError/invalidPeriod(year:month:)`` when the month is not 1…12 or the
  ///   year is outside ``CivilDate/validYears``.
  public init(year: Int, month: Int) throws(BudgetPeriodError) {
    guard (1...12).contains(month), CivilDate.validYears.contains(year) else {
      throw .invalidPeriod(year: year, month: month)
    }
    self.year = year
    self.month = month
  }

  init(unchecked year: Int, month: Int) {
    self.year = year
    self.month = month
  }

  /// The following period.
  public var next: BudgetPeriod {
    month == 12 ? BudgetPeriod(unchecked: year + 1, month: 1) : BudgetPeriod(unchecked: year, month: month + 1)
  }

  /// The period before.
  public var previous: BudgetPeriod {
    month == 1 ? BudgetPeriod(unchecked: year - 1, month: 12) : BudgetPeriod(unchecked: year, month: month - 1)
  }

  public static func < (lhs: BudgetPeriod, rhs: BudgetPeriod) -> Bool {
    (lhs.year, lhs.month) < (rhs.year, rhs.month)
  }

  /// `2026-03`.
  public var description: String {
    (month < 10 ? "\(year)-0\(month)" : "\(year)-\(month)")
  }

  private enum CodingKeys: String, CodingKey { case year, month }

  /// Decodes `{"year": 2026, "month": 3}` and checks it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let year = try container.decode(Int.self, forKey: .year)
    let month = try container.decode(Int.self, forKey: .month)
    do {
      try self.init(year: year, month: month)
    } catch {
      throw DecodingError.dataCorruptedError(forKey: .month, in: container, debugDescription: error.description)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(year, forKey: .year)
    try container.encode(month, forKey: .month)
  }
}

/// The local dates of one budget period, both ends included.
public struct PeriodDates: Hashable, Sendable, CustomStringConvertible {
  public let period: BudgetPeriod
  public let first: CivilDate
  public let last: CivilDate

  /// The number of dates in the period (28 to 31, or more or fewer around clamped pay days).
  public var dayCount: Int { Int(first.days(to: last)) + 1 }

  /// Whether `date` is in the period.
  public func contains(_ date: CivilDate) -> Bool { first <= date && date <= last }

  public var description: String { "\(period): \(first) – \(last)" }
}

/// Pulpe's pay-day periods, made to **partition time**: every local date belongs to exactly one
/// period, consecutive periods touch with no gap and no overlap, and ``period(containing:)`` agrees
/// with ``dates(of:)``.
///
/// A period named after month M starts on the pay day of M (pay day ≤ 15) or of the month before
/// (pay day > 15), clamped to the length of that month, and ends the day before the next period
/// starts. Pulpe computes the end separately (pay day − 1 of the following month, clamped), so with
/// pay day 31 its "April" ends on 30 April while its "May" starts on 30 April, and its
/// `periodForDate(30 April)` says April. Glance ends April on 29 April and puts 30 April in May
/// (the period that starts that day); likewise 28 February 2026 with pay day 30 is in March, which
/// starts that day. Every other date gets Pulpe's answer.
///
/// ## Laws
/// - `dates(of: period(containing: d)).contains(d)` for every date `d`.
/// - `dates(of: p.next).first == dates(of: p).last.adding(days: 1)`.
/// - `period(containing: dates(of: p).first) == p` and `period(containing: dates(of: p).last) == p`.
public struct PayPeriods: Hashable, Sendable {
  public let payDay: PayDay

  public init(payDay: PayDay) {
    self.payDay = payDay
  }

  /// The first date of `period`: the pay day, clamped, in the month it starts in.
  public func firstDate(of period: BudgetPeriod) -> CivilDate {
    let start = payDay.day > 15 ? period.previous : period
    let day = min(payDay.day, CivilDate.daysInMonth(year: start.year, month: start.month))
    return CivilDate(unchecked: start.year, month: start.month, day: day)
  }

  /// The dates of `period`, first to last.
  public func dates(of period: BudgetPeriod) -> PeriodDates {
    PeriodDates(period: period, first: firstDate(of: period), last: firstDate(of: period.next).adding(days: -1))
  }

  /// The period that contains `date`.
  public func period(containing date: CivilDate) -> BudgetPeriod {
    // The period whose first date falls in the month of `date`.
    let sameMonth = BudgetPeriod(unchecked: date.year, month: date.month)
    let candidate = payDay.day > 15 ? sameMonth.next : sameMonth
    let period = date >= firstDate(of: candidate) ? candidate : candidate.previous
    #if GLANCE_INTERNAL_CHECKS
      precondition(dates(of: period).contains(date), "\(date) is not in \(dates(of: period))")
    #endif
    return period
  }
}

/// Why a pay day or a period is not valid.
public enum BudgetPeriodError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A pay day outside 1…31.
  case payDayOutOfRange(Int)
  /// A month outside 1…12, or a year outside the supported years.
  case invalidPeriod(year: Int, month: Int)

  public var description: String {
    switch self {
    case .payDayOutOfRange(let day):
      return "pay day \(day) is outside 1…31"
    case .invalidPeriod(let year, let month):
      return "no budget period for year \(year), month \(month); the month must be 1…12"
    }
  }
}
