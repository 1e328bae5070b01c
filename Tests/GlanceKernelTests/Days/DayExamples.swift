import Foundation
import GlanceKernel
import Testing

/// Hand-worked days (see *The real apps Glance models*, DST days and days without midnight): each one a bug somewhere else.
@Suite("Days that are not 24 hours from midnight")
struct DayExamples {
  struct Case: Sendable, CustomTestStringConvertible {
    let zone: String
    let date: String
    /// The first instant of the day, in UTC.
    let start: String
    let hours: Double
    var testDescription: String { "\(zone) \(date)" }
  }

  static let cases: [Case] = [
    // Starts at 01:00 (no midnight): startOfDay + 1 day would be an hour late.
    Case(zone: "America/Sao_Paulo", date: "2018-11-04", start: "2018-11-04T03:00:00Z", hours: 23),
    Case(zone: "America/Sao_Paulo", date: "2019-02-16", start: "2019-02-16T02:00:00Z", hours: 25),
    Case(zone: "Asia/Beirut", date: "2024-03-31", start: "2024-03-30T22:00:00Z", hours: 23),
    Case(zone: "America/Havana", date: "2024-03-10", start: "2024-03-10T05:00:00Z", hours: 23),
    Case(zone: "America/Havana", date: "2024-11-03", start: "2024-11-03T04:00:00Z", hours: 25),
    Case(zone: "America/Santiago", date: "2024-09-08", start: "2024-09-08T04:00:00Z", hours: 23),
    Case(zone: "Europe/Zurich", date: "2024-03-31", start: "2024-03-30T23:00:00Z", hours: 23),
    Case(zone: "Europe/Zurich", date: "2024-10-27", start: "2024-10-26T22:00:00Z", hours: 25),
    Case(zone: "Europe/Zurich", date: "2024-06-15", start: "2024-06-14T22:00:00Z", hours: 24),
    // Half-hour shifts.
    Case(zone: "Australia/Lord_Howe", date: "2024-04-07", start: "2024-04-06T13:00:00Z", hours: 24.5),
    Case(zone: "Australia/Lord_Howe", date: "2024-10-06", start: "2024-10-05T13:30:00Z", hours: 23.5),
    // The day after the one Samoa skipped.
    Case(zone: "Pacific/Apia", date: "2011-12-31", start: "2011-12-30T10:00:00Z", hours: 24),
  ]

  @Test("day interval, length and next rollover", arguments: cases)
  func dayInterval(_ example: Case) throws {
    let calendar = DayFixtures.calendar(example.zone)
    let date = try CivilDate(iso8601: example.date)
    let start = DayFixtures.utc(example.start)
    let day = try #require(calendar.dayInterval(of: date))
    #expect(day.start == start)
    #expect(day.durationMilliseconds == Int64(example.hours * 3600) * 1000)
    let noon = start.advanced(by: 12 * Instant.millisecondsPerHour)
    #expect(calendar.dayInterval(containing: noon) == day)
    #expect(calendar.nextRollover(after: noon) == day.end)
    #expect(calendar.nextRollover(after: day.end.advanced(by: -1)) == day.end)
  }

  @Test("Pacific/Apia skipped 2011-12-30: no interval, and 29 → 31 is one rollover")
  func apiaSkippedADay() throws {
    let apia = DayFixtures.calendar("Pacific/Apia")
    #expect(apia.dayInterval(of: try CivilDate(iso8601: "2011-12-30")) == nil)
    let lastOf29th = DayFixtures.utc("2011-12-30T09:59:59Z")
    let firstOf31st = DayFixtures.utc("2011-12-30T10:00:00Z")
    #expect(apia.date(containing: lastOf29th) == (try CivilDate(iso8601: "2011-12-29")))
    #expect(apia.date(containing: firstOf31st) == (try CivilDate(iso8601: "2011-12-31")))
    #expect(apia.nextRollover(after: lastOf29th) == firstOf31st)
    #expect(apia.rollovers(from: lastOf29th, to: firstOf31st) == 1)
    let (a, b) = (try CivilDate(iso8601: "2011-12-29"), try CivilDate(iso8601: "2011-12-31"))
    #expect(a.days(to: b) == 2)  // the calendar still counts two dates
  }

  @Test("America/Goose_Bay 1987-10-25: the minutes repeated after midnight belong to the 25th")
  func foldAcrossMidnight() throws {
    let gooseBay = DayFixtures.calendar("America/Goose_Bay")
    // 00:00 −03 on the 25th, then at 00:01 the clocks fall back to 23:01 −04 (the 24th again).
    let firstMidnight = DayFixtures.utc("1987-10-25T03:00:00Z")
    let repeatedMinute = DayFixtures.utc("1987-10-25T03:31:00Z")  // reads 23:31 on the 24th
    let day = gooseBay.dayInterval(containing: repeatedMinute)
    #expect(day.date == (try CivilDate(iso8601: "1987-10-25")))
    #expect(day.start == firstMidnight)
    #expect(day.durationMilliseconds == 25 * Instant.millisecondsPerHour)
    #expect(gooseBay.nextRollover(after: repeatedMinute) > repeatedMinute)
  }

  @Test("an unknown zone identifier is a typed error that names it")
  func unknownZone() {
    #expect(throws: ZoneCalendarError.unknownZone("Mars/Olympus_Mons")) {
      try ZoneCalendar(identifier: "Mars/Olympus_Mons")
    }
    #expect(ZoneCalendarError.unknownZone("X/Y").description.contains("X/Y"))
  }
}
