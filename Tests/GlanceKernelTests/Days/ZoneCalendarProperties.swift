import Foundation
import GlanceKernel
import PropertyBased
import Testing

@Suite("Zone calendar properties")
struct ZoneCalendarProperties {
  @Test("the day of an instant contains it, and the next rollover is its end")
  func dayContainsInstantAndRolloverIsItsEnd() async {
    await propertyCheck(count: 3000, input: DayGen.zonedInstant) { zoned in
      let day = zoned.calendar.dayInterval(containing: zoned.instant)
      #expect(day.contains(zoned.instant), "\(zoned): \(day)")
      #expect(zoned.calendar.nextRollover(after: zoned.instant) == day.end)
      #expect(zoned.calendar.date(containing: zoned.instant) == day.date)
    }
  }

  @Test("days partition time: each day starts where the previous one ends, one date later")
  func daysPartitionTime() async {
    await propertyCheck(count: 3000, input: DayGen.zonedInstant) { zoned in
      let day = zoned.calendar.dayInterval(containing: zoned.instant)
      let next = zoned.calendar.dayInterval(containing: day.end)
      let previous = zoned.calendar.dayInterval(containing: day.start.advanced(by: -1))
      #expect(next.start == day.end, "\(zoned)")
      #expect(previous.end == day.start, "\(zoned)")
      #expect(next.date > day.date && previous.date < day.date, "\(zoned)")
      // A later date only ever skips dates the zone did not have.
      for missing in stride(from: day.date.dayNumber + 1, to: next.date.dayNumber, by: 1) {
        #expect(zoned.calendar.dayInterval(of: CivilDate(dayNumber: missing)) == nil, "\(zoned)")
      }
    }
  }

  @Test("the local day number is the day number of the local date")
  func localDayNumberIsTheDatesDayNumber() async {
    await propertyCheck(count: 3000, input: DayGen.zonedInstant) { zoned in
      let date = zoned.calendar.date(containing: zoned.instant)
      #expect(zoned.calendar.localDayNumber(containing: zoned.instant) == date.dayNumber, "\(zoned)")
    }
  }

  @Test("looking a day up by its date gives the same interval")
  func lookupByDateAgrees() async {
    await propertyCheck(count: 3000, input: DayGen.zonedInstant) { zoned in
      let day = zoned.calendar.dayInterval(containing: zoned.instant)
      #expect(zoned.calendar.dayInterval(of: day.date) == day, "\(zoned)")
    }
  }

  @Test("rollovers between two instants = distinct local dates met walking from one to the other − 1")
  func rolloversCountDistinctDates() async {
    await propertyCheck(count: 400, input: DayGen.zonedInstant, Gen.int64(in: -20...20), Gen.int64(in: 0..<Instant.millisecondsPerDay)) {
      zoned, days, extra in
      let end = zoned.instant.advanced(by: days * Instant.millisecondsPerDay + extra)
      let (low, high) = zoned.instant <= end ? (zoned.instant, end) : (end, zoned.instant)
      var dates = 0
      var day = zoned.calendar.dayInterval(containing: low)
      while true {
        dates += 1
        if day.contains(high) { break }
        day = zoned.calendar.dayInterval(containing: day.end)
      }
      let expected = Int64(dates - 1)
      #expect(zoned.calendar.rollovers(from: low, to: high) == expected, "\(zoned) → \(end)")
      #expect(zoned.calendar.rollovers(from: high, to: low) == -expected)
    }
  }

  @Test("random instants agree with Foundation's dateInterval(of: .day, for:)")
  func agreesWithFoundation() async {
    await propertyCheck(count: 3000, input: DayGen.zonedInstant) { zoned in
      var reference = Calendar(identifier: .gregorian)
      reference.timeZone = zoned.calendar.zone
      guard let interval = reference.dateInterval(of: .day, for: zoned.instant.date) else {
        Issue.record("Foundation has no day for \(zoned)")
        return
      }
      let day = zoned.calendar.dayInterval(containing: zoned.instant)
      if interval.contains(zoned.instant.date) {
        #expect(day.start == Instant(interval.start) && day.end == Instant(interval.end), "\(zoned)")
      } else {
        // A fold across midnight: Foundation's interval misses the instant; Glance's is the next.
        #expect(day.start == Instant(interval.end), "\(zoned)")
      }
    }
  }

  @Test("instants outside the cached years (before 1900, after 2200) still follow the laws")
  func outsideTheTable() async {
    let zurich = DayFixtures.calendar("Europe/Zurich")
    let farInstants = [
      Instant(secondsSince1970: -4_000_000_000),  // 1843
      Instant(secondsSince1970: 8_000_000_000),  // 2223
      Instant(secondsSince1970: 7_258_118_400 - 1),  // the last second of 2199 UTC
    ]
    for instant in farInstants {
      let day = zurich.dayInterval(containing: instant)
      #expect(day.contains(instant))
      #expect(zurich.dayInterval(containing: day.end).start == day.end)
      #expect(zurich.dayInterval(of: day.date) == day)
      #expect(zurich.localDayNumber(containing: instant) == day.date.dayNumber)
    }
  }
}
