import Foundation
import GlanceKernel
import PropertyBased
import Testing

@Suite("Civil dates")
struct CivilDateTests {
  @Test("day numbers round-trip and agree with Foundation's Gregorian calendar in UTC")
  func dayNumbersAgreeWithFoundation() async throws {
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = try #require(TimeZone(identifier: "UTC"))
    let reference = utc
    // 1582-10-15 ... 9999-12-31: before 1582-10-15 Foundation's "gregorian" calendar is Julian,
    // while CivilDate is proleptic Gregorian (as ISO 8601).
    await propertyCheck(count: 3000, input: Gen.int64(in: -141_427...2_932_896)) { dayNumber in
      let date = CivilDate(dayNumber: dayNumber)
      #expect(date.dayNumber == dayNumber)
      let instant = Date(timeIntervalSince1970: TimeInterval(dayNumber) * 86_400)
      let fields = reference.dateComponents([.year, .month, .day, .weekday], from: instant)
      #expect(fields.year == date.year && fields.month == date.month && fields.day == date.day, "\(date)")
      // Foundation: 1 = Sunday; ISO: 7 = Sunday.
      #expect(fields.weekday.map { ($0 + 5) % 7 + 1 } == date.weekday)
    }
  }

  @Test("ISO text round-trips, for any year CivilDate holds")
  func isoRoundTrip() async throws {
    // Every day an Instant can fall on: ±1.07 × 10^11 days.
    await propertyCheck(count: 2000, input: Gen.int64(in: -106_751_991_167...106_751_991_167)) { dayNumber in
      let date = CivilDate(dayNumber: dayNumber)
      let parsed = try CivilDate(iso8601: date.description)
      #expect(parsed == date)
      let decoded = try JSONDecoder().decode(CivilDate.self, from: JSONEncoder().encode(date))
      #expect(decoded == date)
    }
  }

  @Test("order is chronological and adding days moves the day number")
  func orderAndArithmetic() async {
    await propertyCheck(count: 2000, input: Gen.int64(in: -1_000_000...1_000_000), Gen.int64(in: -1000...1000)) {
      dayNumber, days in
      let date = CivilDate(dayNumber: dayNumber)
      let later = date.adding(days: days)
      #expect(later.dayNumber == dayNumber + days)
      #expect(date.days(to: later) == days)
      #expect((date < later) == (days > 0))
    }
  }

  @Test("impossible dates and malformed texts are typed errors")
  func errors() {
    #expect(throws: CivilDateError.invalidDate(year: 2023, month: 2, day: 29)) {
      try CivilDate(year: 2023, month: 2, day: 29)
    }
    #expect(throws: CivilDateError.invalidDate(year: 2024, month: 13, day: 1)) {
      try CivilDate(year: 2024, month: 13, day: 1)
    }
    #expect(throws: CivilDateError.invalidDate(year: 2024, month: 4, day: 31)) {
      try CivilDate(iso8601: "2024-04-31")
    }
    #expect(throws: CivilDateError.malformed(text: "2024-3-31", position: 6)) {
      try CivilDate(iso8601: "2024-3-31")
    }
    #expect(throws: CivilDateError.malformed(text: "24-03-31", position: 2)) {
      try CivilDate(iso8601: "24-03-31")
    }
    #expect(throws: CivilDateError.malformed(text: "2024-03-31T00", position: 10)) {
      try CivilDate(iso8601: "2024-03-31T00")
    }
    #expect(throws: CivilDateError.malformed(text: "", position: 0)) { try CivilDate(iso8601: "") }
    #expect(throws: CivilDateError.malformed(text: "12024-01-01", position: 4)) {
      try CivilDate(iso8601: "12024-01-01")
    }
  }

  @Test("the extreme instants compare, hash and print without trapping")
  func extremeInstants() {
    let earliest = Instant(millisecondsSince1970: .min)
    let latest = Instant(millisecondsSince1970: .max)
    #expect(earliest != latest)
    #expect(earliest < latest)
    #expect(Set([earliest, latest, earliest]).count == 2)
    #expect(earliest.description == "-292275055-05-16T16:47:04.192Z")
    #expect(latest.description == "+292278994-08-17T07:12:55.807Z")
  }

  @Test("worked examples: leap years, weekdays, signed years")
  func examples() throws {
    #expect(try CivilDate(year: 2024, month: 2, day: 29).description == "2024-02-29")
    #expect(try CivilDate(year: 1970, month: 1, day: 1).dayNumber == 0)
    #expect(try CivilDate(year: 1970, month: 1, day: 1).weekday == 4)  // Thursday
    #expect(try CivilDate(year: 2000, month: 3, day: 1).dayNumber == 11_017)
    #expect(try CivilDate(year: -1, month: 12, day: 31).description == "-0001-12-31")
    #expect(try CivilDate(year: 10_000, month: 1, day: 1).description == "+10000-01-01")
    #expect(try CivilDate(iso8601: "+10000-01-01") == CivilDate(year: 10_000, month: 1, day: 1))
    #expect(CivilDate.isLeapYear(2000) && !CivilDate.isLeapYear(1900) && CivilDate.isLeapYear(2024))
  }
}
