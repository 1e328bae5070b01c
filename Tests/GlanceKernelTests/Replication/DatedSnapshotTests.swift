import Foundation
import GlanceKernel
import PropertyBased
import Testing

@Suite("Dated snapshots")
struct DatedSnapshotTests {
  @Test("a tally snapshot counts on its own day and zone only")
  func tallyProjectsToZeroOnOtherDays() async {
    await propertyCheck(
      count: 1000, input: DayGen.zonedInstant, Gen.int(in: 0...50),
      Gen.int64(in: -3 * Instant.millisecondsPerDay...3 * Instant.millisecondsPerDay)
    ) {
      zoned, count, shift in
      let snapshot = PlanningGen.tallySnapshot(asOf: zoned.instant, count: count, calendar: zoned.calendar)
      guard case .tally(let tally) = snapshot else { return }
      let other = zoned.instant.advanced(by: shift)
      let sameDay = zoned.calendar.dayInterval(containing: zoned.instant).contains(other)
      #expect(tally.count(at: other, in: zoned.calendar) == (sameDay ? count : 0), "\(zoned) → \(other)")
      // Read in another zone, it is never today's.
      let elsewhere = DayFixtures.calendar(zoned.calendar.identifier == "Asia/Tokyo" ? "UTC" : "Asia/Tokyo")
      #expect(tally.count(at: zoned.instant, in: elsewhere) == 0)
    }
  }

  @Test("snapshots survive JSON, and the day key travels with them")
  func codableRoundTrip() async throws {
    await propertyCheck(count: 300, input: DayGen.zonedInstant, Gen.int(in: 0...40).array(of: StepsSnapshot.activityDays)) {
      zoned, counts in
      for snapshot in [
        PlanningGen.tallySnapshot(asOf: zoned.instant, count: counts[0], calendar: zoned.calendar),
        PlanningGen.stepsSnapshot(asOf: zoned.instant, counts: counts, calendar: zoned.calendar),
      ] {
        switch snapshot {
        case .tally(let tally):
          let decoded = try JSONDecoder().decode(TallySnapshot.self, from: JSONEncoder().encode(tally))
          #expect(decoded == tally)
        case .steps(let steps):
          let decoded = try JSONDecoder().decode(StepsSnapshot.self, from: JSONEncoder().encode(steps))
          #expect(decoded == steps)
        }
      }
    }
  }

  @Test("corrupted figures are refused with the reason, never shown")
  func corruptedDataIsRefused() throws {
    let zurich = DayFixtures.calendar("Europe/Zurich")
    let asOf = DayFixtures.utc("2024-06-14T21:59:00Z")
    let today = zurich.dayKey(containing: asOf)
    let yesterday = DayKey(date: today.date.adding(days: -1), zoneIdentifier: today.zoneIdentifier)
    #expect(throws: SnapshotError.negativeCount(field: "todayCount", value: -1)) {
      try TallySnapshot(asOf: asOf, dayKey: today, todayCount: -1, calendar: zurich)
    }
    #expect(throws: SnapshotError.dayKeyMismatch(dayKey: yesterday, asOf: asOf, expected: today)) {
      try TallySnapshot(asOf: asOf, dayKey: yesterday, todayCount: 3, calendar: zurich)
    }
    let corrupted = [
      #"{"asOf":1718402340000,"dayKey":{"date":"2024-06-13","zoneIdentifier":"Europe/Zurich"},"todayCount":3}"#,
      #"{"asOf":1718402340000,"dayKey":{"date":"2024-06-14","zoneIdentifier":"Europe/Zurich"},"todayCount":-2}"#,
      #"{"asOf":1718402340000,"dayKey":{"date":"2024-06-14","zoneIdentifier":"Mars/Base"},"todayCount":3}"#,
      #"{"asOf":1718402340000,"dayKey":{"date":"2024-02-30","zoneIdentifier":"Europe/Zurich"},"todayCount":3}"#,
    ]
    for text in corrupted {
      #expect(throws: DecodingError.self, "\(text)") {
        try JSONDecoder().decode(TallySnapshot.self, from: Data(text.utf8))
      }
    }
    let valid = #"{"asOf":1718402340000,"dayKey":{"date":"2024-06-14","zoneIdentifier":"Europe/Zurich"},"todayCount":3}"#
    #expect(try JSONDecoder().decode(TallySnapshot.self, from: Data(valid.utf8)).todayCount == 3)
  }

  /// Found by `make fuzz` (`Fuzz/Corpus/snapshot/crash-asof-far-future.json`): decoding asked
  /// Foundation for the day of an instant millions of years away, which it does not have, and
  /// trapped.
  @Test("an asOf outside the years 1 to 9999 is refused, never computed")
  func asOfOutOfRange() throws {
    let zurich = DayFixtures.calendar("Europe/Zurich")
    let far = Instant(millisecondsSince1970: 104_268_816_000_001_000)
    let key = DayKey(date: try CivilDate(year: 2300, month: 6, day: 1), zoneIdentifier: "Europe/Zurich")
    #expect(throws: SnapshotError.asOfOutOfRange(asOf: far)) {
      try TallySnapshot(asOf: far, dayKey: key, todayCount: 2, calendar: zurich)
    }
    let days = [ActivityDay(date: key.date, count: 0)]
    for asOf in [far, Instant(millisecondsSince1970: .max), Instant(millisecondsSince1970: .min)] {
      #expect(throws: SnapshotError.asOfOutOfRange(asOf: asOf)) {
        try StepsSnapshot(
          asOf: asOf, dayKey: key, completedToday: 0, totalSteps: 0, completedTasks: 0, totalTasks: 0,
          recentActivity: days, nextStep: nil, calendar: zurich)
      }
    }
    let found = #"{"asOf":1e17,"dayKey":{"date":"2026-03-10","zoneIdentifier":"UTC"},"todayCount":0}"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(TallySnapshot.self, from: Data(found.utf8)) }
    // Both ends of the range survive JSON, in zones east and west of UTC.
    let range = ZoneCalendar.supportedInstants
    for identifier in ["Pacific/Apia", "America/Santiago", "Europe/Zurich"] {
      let calendar = DayFixtures.calendar(identifier)
      for asOf in [range.lowerBound, range.upperBound.advanced(by: -1)] {
        let tally = TallySnapshot(tally: Tally(), asOf: asOf, calendar: calendar)
        #expect(try JSONDecoder().decode(TallySnapshot.self, from: JSONEncoder().encode(tally)) == tally)
      }
    }
  }

  @Test("steps snapshot figures that contradict each other are refused")
  func inconsistentSteps() throws {
    let zurich = DayFixtures.calendar("Europe/Zurich")
    let asOf = DayFixtures.utc("2024-06-14T10:00:00Z")
    let key = zurich.dayKey(containing: asOf)
    let days = (0..<3).map { ActivityDay(date: key.date.adding(days: Int64($0 - 2)), count: $0) }
    #expect(throws: SnapshotError.inconsistent(field: "completedToday", reason: "2 is more than totalSteps 1")) {
      try StepsSnapshot(
        asOf: asOf, dayKey: key, completedToday: 2, totalSteps: 1, completedTasks: 0, totalTasks: 0,
        recentActivity: days, nextStep: nil, calendar: zurich)
    }
    let gap = [days[0], days[2]]
    #expect(throws: SnapshotError.self) {
      try StepsSnapshot(
        asOf: asOf, dayKey: key, completedToday: 2, totalSteps: 5, completedTasks: 0, totalTasks: 0,
        recentActivity: gap, nextStep: nil, calendar: zurich)
    }
    let snapshot = try StepsSnapshot(
      asOf: asOf, dayKey: key, completedToday: 2, totalSteps: 5, completedTasks: 0, totalTasks: 1,
      recentActivity: days, nextStep: nil, calendar: zurich)
    // The week ending tomorrow: the two known days shift left, tomorrow is 0, older days are 0.
    let tomorrow = zurich.nextRollover(after: asOf)
    let week = snapshot.activity(.week, at: tomorrow, in: zurich).map(\.count)
    #expect(week == [0, 0, 0, 0, 1, 2, 0])
    #expect(snapshot.completedToday(at: tomorrow, in: zurich) == 0)
  }
}
