import GlanceKernel
@testable import GlanceSimulation
import PropertyBased
import Testing

/// The device's zone over a run: when each change happens, which day boundaries the run sees,
/// and how the workload's days are cut.
@Suite("Itinerary")
struct ItineraryTests {
  static func travel() throws -> (Scenario, Itinerary, Instant) {
    let scenario = try SimulationFixtures.scenario("travel")
    let auckland = try ZoneCalendar(identifier: scenario.zone)
    let start = try #require(auckland.dayInterval(of: scenario.start)).start
    return (scenario, try Itinerary(scenario: scenario, calendar: auckland, start: start), start)
  }

  @Test("travel.yaml: 20:00 in Auckland on 10 June, 22:00 in Los Angeles on 13 June")
  func travelChanges() throws {
    let (_, itinerary, start) = try Self.travel()
    #expect(start.description == "2026-06-07T12:00:00.000Z")  // midnight of 8 June, NZST
    #expect(itinerary.changes.map(\.time.description) == ["2026-06-10T08:00:00.000Z", "2026-06-14T05:00:00.000Z"])
    #expect(itinerary.legs.map(\.calendar.identifier) == ["Pacific/Auckland", "America/Los_Angeles", "Pacific/Auckland"])
    // The clock went back 19 hours: it is 01:00 on 10 June in Los Angeles.
    let arrival = itinerary.changes[0].time
    #expect(itinerary.calendar(at: arrival).date(containing: arrival).description == "2026-06-10")
    #expect(itinerary.calendar(at: arrival.advanced(by: -1)).identifier == "Pacific/Auckland")
  }

  @Test("seven local days: the flight east repeats 10 June, the flight west skips most of 14 June")
  func sevenDays() throws {
    let (_, itinerary, start) = try Self.travel()
    var boundaries: [Instant] = []
    var cursor = start
    for _ in 0..<7 {
      cursor = itinerary.nextRollover(after: cursor)
      boundaries.append(cursor)
    }
    #expect(
      boundaries.map { itinerary.calendar(at: $0).date(containing: $0).description } == [
        "2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13", "2026-06-15", "2026-06-16",
      ])
    // The day boundaries are the zone's: midnight in Los Angeles is 07:00Z.
    #expect(boundaries[2].description == "2026-06-11T07:00:00.000Z")
    let pieces = itinerary.days(from: start, until: boundaries[6])
    // 10 June and 13/14 June are cut by the flights; the index counts local days.
    #expect(pieces.map(\.index) == [0, 1, 2, 2, 3, 4, 5, 5, 6])
    #expect(
      pieces.map(\.day.date.description) == [
        "2026-06-08", "2026-06-09", "2026-06-10", "2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13", "2026-06-14",
        "2026-06-15",
      ])
  }

  @Test("the pieces partition the run and lie in their days, for any start and any days")
  func piecesPartition() async throws {
    let (_, itinerary, start) = try Self.travel()
    await propertyCheck(count: 200, input: Gen.int64(in: 0...(9 * Instant.millisecondsPerDay)), Gen.int(in: 1...12)) {
      offset, days in
      let from = start.advanced(by: offset - 2 * Instant.millisecondsPerDay)
      var end = from
      for _ in 0..<days {
        let next = itinerary.nextRollover(after: end)
        #expect(next > end)
        end = next
      }
      let pieces = itinerary.days(from: from, until: end)
      #expect(pieces.first?.window.lowerBound == from)
      #expect(pieces.last?.window.upperBound == end)
      for (earlier, later) in zip(pieces, pieces.dropFirst()) {
        #expect(earlier.window.upperBound == later.window.lowerBound)
        #expect(later.index - earlier.index == (earlier.window.upperBound == earlier.day.end ? 1 : 0))
      }
      for piece in pieces {
        #expect(!piece.window.isEmpty)
        #expect(piece.day.start <= piece.window.lowerBound && piece.window.upperBound <= piece.day.end)
        #expect(itinerary.calendar(at: piece.window.lowerBound).dayInterval(containing: piece.window.lowerBound) == piece.day)
      }
      // Each local day the run lives through to its end is one rollover.
      #expect(pieces.filter { $0.window.upperBound == $0.day.end }.count == days)
    }
  }

  @Test("a change listed after one that happens later is a typed error naming it")
  func outOfOrder() throws {
    var (scenario, _, start) = try Self.travel()
    // Back in Auckland on 14 June at 17:00; "day 6 at 10:00" there is 13 June 22:00Z, before it.
    scenario.travel.append(Travel(day: 6, hour: 10, zone: "Europe/Zurich"))
    let auckland = try ZoneCalendar(identifier: scenario.zone)
    #expect(
      throws: TravelError.outOfOrder(index: 2, at: "2026-06-13T22:00:00.000Z", previous: "2026-06-14T05:00:00.000Z")
    ) {
      try Itinerary(scenario: scenario, calendar: auckland, start: start)
    }
    // The engine reports it as the simulation's error of the same name.
    let reported = SimulationError(TravelError.outOfOrder(index: 2, at: "a", previous: "b"))
    #expect(reported == .travelOutOfOrder(index: 2, at: "a", previous: "b"))
    #expect(reported.description.hasPrefix("travel[2]:"))
  }

  @Test("a change on a date its zone skipped is a typed error naming it")
  func skippedDate() throws {
    var scenario = try SimulationFixtures.scenario("travel")
    scenario.zone = "Pacific/Apia"
    scenario.start = try CivilDate(iso8601: "2011-12-28")
    scenario.travel = [Travel(day: 2, hour: 12, zone: "UTC")]
    let apia = try ZoneCalendar(identifier: "Pacific/Apia")
    let start = try #require(apia.dayInterval(of: scenario.start)).start
    #expect(throws: TravelError.dateSkipped(index: 0, date: "2011-12-30", zone: "Pacific/Apia")) {
      try Itinerary(scenario: scenario, calendar: apia, start: start)
    }
    #expect(
      SimulationError(TravelError.dateSkipped(index: 0, date: "2011-12-30", zone: "Pacific/Apia"))
        == .travelDateSkipped(index: 0, date: "2011-12-30", zone: "Pacific/Apia"))
  }

  @Test("a change at day 0, hour 0 replaces the start zone")
  func changeAtStart() throws {
    var (scenario, _, start) = try Self.travel()
    scenario.travel = [Travel(day: 0, hour: 0, zone: "Asia/Tokyo")]
    let itinerary = try Itinerary(scenario: scenario, calendar: try ZoneCalendar(identifier: scenario.zone), start: start)
    #expect(itinerary.legs.map(\.calendar.identifier) == ["Asia/Tokyo"])
    #expect(itinerary.changes.isEmpty)
  }
}
