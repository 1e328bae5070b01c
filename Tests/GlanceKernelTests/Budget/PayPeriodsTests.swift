import Foundation
import GlanceKernel
import PropertyBased
import Testing

@Suite("Pay-day periods")
struct PayPeriodsTests {
  static func date(_ text: String) -> CivilDate {
    do { return try CivilDate(iso8601: text) } catch { fatalError("\(error)") }
  }

  static func periods(_ day: Int) -> PayPeriods {
    do { return PayPeriods(payDay: try PayDay(day)) } catch { fatalError("\(error)") }
  }

  struct Example: Sendable, CustomTestStringConvertible {
    let payDay: Int
    let date: String
    let period: String
    var testDescription: String { "pay day \(payDay): \(date) → \(period)" }
  }

  /// See *The real apps Glance models*, Pulpe: pay-day periods.
  static let examples: [Example] = [
    Example(payDay: 5, date: "2026-03-04", period: "2026-02"),
    Example(payDay: 5, date: "2026-03-05", period: "2026-03"),
    Example(payDay: 5, date: "2026-01-04", period: "2025-12"),
    Example(payDay: 27, date: "2026-01-26", period: "2026-01"),
    Example(payDay: 27, date: "2026-01-27", period: "2026-02"),
    Example(payDay: 27, date: "2024-12-28", period: "2025-01"),
    Example(payDay: 20, date: "2026-03-19", period: "2026-03"),
    Example(payDay: 20, date: "2026-03-20", period: "2026-04"),
    Example(payDay: 1, date: "2026-03-31", period: "2026-03"),
    // Where Glance differs from Pulpe's periodForDate: the date starts the next period.
    Example(payDay: 31, date: "2026-04-30", period: "2026-05"),
    Example(payDay: 30, date: "2026-02-28", period: "2026-03"),
  ]

  @Test("Pulpe's examples of period(containing:)", arguments: examples)
  func periodOfDate(_ example: Example) {
    let period = Self.periods(example.payDay).period(containing: Self.date(example.date))
    #expect(period.description == example.period)
  }

  @Test("Pulpe's examples of the period dates")
  func periodDates() throws {
    let march = try BudgetPeriod(year: 2026, month: 3)
    #expect(Self.periods(5).dates(of: march).description == "2026-03: 2026-03-05 – 2026-04-04")
    #expect(Self.periods(27).dates(of: march).description == "2026-03: 2026-02-27 – 2026-03-26")
    #expect(Self.periods(30).dates(of: march).description == "2026-03: 2026-02-28 – 2026-03-29")
    #expect(Self.periods(1).dates(of: march).description == "2026-03: 2026-03-01 – 2026-03-31")
    let january = try BudgetPeriod(year: 2026, month: 1)
    #expect(Self.periods(27).dates(of: january).description == "2026-01: 2025-12-27 – 2026-01-26")
    // Pay day 31: Pulpe's April ends 30 April and its May starts 30 April. Glance's do not overlap.
    let april = try BudgetPeriod(year: 2026, month: 4)
    #expect(Self.periods(31).dates(of: april).description == "2026-04: 2026-03-31 – 2026-04-29")
    #expect(Self.periods(31).dates(of: april.next).first == Self.date("2026-04-30"))
    // Leap February with pay day 30: "March" 2024 starts 29 February.
    #expect(Self.periods(30).firstDate(of: try BudgetPeriod(year: 2024, month: 3)) == Self.date("2024-02-29"))
  }

  @Test("periods partition the calendar: random pay days, dates from 1900 to 2200")
  func partition() async {
    // 1900-01-01 ... 2199-12-31 as day numbers.
    await propertyCheck(count: 5000, input: Gen.int(in: 1...31), Gen.int64(in: -25_567...84_005)) { day, dayNumber in
      let periods = Self.periods(day)
      let date = CivilDate(dayNumber: dayNumber)
      let period = periods.period(containing: date)
      let dates = periods.dates(of: period)
      #expect(dates.contains(date), "pay day \(day): \(date) not in \(dates)")
      #expect(periods.period(containing: dates.first) == period)
      #expect(periods.period(containing: dates.last) == period)
      #expect(periods.period(containing: dates.last.adding(days: 1)) == period.next)
      #expect(periods.period(containing: dates.first.adding(days: -1)) == period.previous)
      #expect(periods.dates(of: period.next).first == dates.last.adding(days: 1))
      // The quinzaine rule names a period after the month holding (about) most of its days: at
      // worst one day short of half (pay day 16 after a 31-day month: 16 days before, 15 in).
      #expect((26...34).contains(dates.dayCount), "\(dates)")
      let inNamedMonth = (0..<dates.dayCount).filter { offset in
        let day = dates.first.adding(days: Int64(offset))
        return day.year == period.year && day.month == period.month
      }.count
      #expect(inNamedMonth * 2 >= dates.dayCount - 2, "\(dates)")
    }
  }

  @Test("pay days: strict checking and Pulpe's clamping")
  func payDays() throws {
    #expect(throws: BudgetPeriodError.payDayOutOfRange(0)) { try PayDay(0) }
    #expect(throws: BudgetPeriodError.payDayOutOfRange(32)) { try PayDay(32) }
    #expect(PayDay(clamping: 0) == .calendarMonths)
    #expect(PayDay(clamping: nil) == .calendarMonths)
    #expect(PayDay(clamping: 45).day == 31)
    #expect(throws: BudgetPeriodError.invalidPeriod(year: 2026, month: 13)) { try BudgetPeriod(year: 2026, month: 13) }
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(PayDay.self, from: Data("40".utf8)) }
    #expect(try JSONDecoder().decode(BudgetPeriod.self, from: Data(#"{"year":2026,"month":3}"#.utf8)).description == "2026-03")
  }
}
