import Foundation
import GlanceKernel
import Testing

/// `ZoneCalendar.firstInstant(of:hour:)`: "20:00 on 10 June in Auckland" as an instant.
@Suite("The first instant of a local hour")
struct FirstInstantTests {
  @Test("hand-worked: the travel scenario's two zone changes")
  func travelExamples() throws {
    let auckland = try ZoneCalendar(identifier: "Pacific/Auckland")
    let losAngeles = try ZoneCalendar(identifier: "America/Los_Angeles")
    // NZST is UTC+12 in June, PDT is UTC−7.
    #expect(auckland.firstInstant(of: try CivilDate(iso8601: "2026-06-10"), hour: 20)?.description == "2026-06-10T08:00:00.000Z")
    #expect(losAngeles.firstInstant(of: try CivilDate(iso8601: "2026-06-13"), hour: 22)?.description == "2026-06-14T05:00:00.000Z")
  }

  @Test("gaps, folds and a skipped date")
  func transitions() throws {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    // 29 March 2026: 02:00 CET jumps to 03:00 CEST; 02:00 does not exist, so the gap's end (01:00Z).
    #expect(zurich.firstInstant(of: try CivilDate(iso8601: "2026-03-29"), hour: 2)?.description == "2026-03-29T01:00:00.000Z")
    // 25 October 2026: 02:00–03:00 happens twice; the first is 00:00Z (CEST).
    #expect(zurich.firstInstant(of: try CivilDate(iso8601: "2026-10-25"), hour: 2)?.description == "2026-10-25T00:00:00.000Z")
    // Havana's DST day starts at 01:00: hour 0 is skipped, so the day's first instant.
    let havana = try ZoneCalendar(identifier: "America/Havana")
    let day = try #require(havana.dayInterval(of: try CivilDate(iso8601: "2026-03-08")))
    #expect(havana.firstInstant(of: day.date, hour: 0) == day.start)
    // Apia skipped 30 December 2011.
    let apia = try ZoneCalendar(identifier: "Pacific/Apia")
    #expect(apia.firstInstant(of: try CivilDate(iso8601: "2011-12-30"), hour: 12) == nil)
  }

  @Test("against Foundation's Calendar.date(from:) in eight zones, every hour of every ninth day 2020–2027")
  func differential() throws {
    let zones = [
      "Europe/Zurich", "Pacific/Auckland", "America/Los_Angeles", "America/Havana", "Australia/Lord_Howe",
      "America/Santiago", "Asia/Kolkata", "Pacific/Chatham",
    ]
    var checked = 0
    var transitionsMet = 0
    for identifier in zones {
      let glance = try ZoneCalendar(identifier: identifier)
      var reference = Calendar(identifier: .gregorian)
      reference.timeZone = glance.zone
      var date = try CivilDate(iso8601: "2020-01-01")
      while date.year < 2028 {
        let interval = try #require(glance.dayInterval(of: date))
        for hour in 0..<24 {
          let found = try #require(glance.firstInstant(of: date, hour: hour), "\(identifier) \(date) \(hour)")
          #expect(interval.start <= found && found < interval.end)
          let components = DateComponents(year: date.year, month: date.month, day: date.day, hour: hour)
          let foundation = Instant(try #require(reference.date(from: components)))
          let wall = reference.dateComponents([.year, .month, .day, .hour, .minute], from: found.date)
          if wall == DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: 0) {
            // The clock reads the hour then: Foundation's answer (the first, in a fold).
            #expect(found == foundation, "\(identifier) \(date) \(hour): \(found), Foundation \(foundation)")
          } else {
            // A gap: the instant the clocks jumped (or the day's first instant).
            transitionsMet += 1
            let jumped = glance.utcOffsetSeconds(at: found) != glance.utcOffsetSeconds(at: found.advanced(by: -1))
            #expect(jumped || found == interval.start, "\(identifier) \(date) \(hour): \(found) reads \(wall)")
          }
          checked += 1
        }
        date = date.adding(days: 9)
      }
    }
    #expect(checked > 7_000)
    #expect(transitionsMet > 0)
  }
}
