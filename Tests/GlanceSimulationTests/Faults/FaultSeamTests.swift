import Foundation
import GlanceKernel
@testable import GlanceSimulation
import Testing

/// The seams through which a fault family reaches the rest of the simulator without naming it:
/// the judge reads what faults do through ``FaultEffects``, and a fault event's trace line is
/// written with the event (``FaultEvent/traceLine``). Worked with the store-locks family, whose
/// figures are set by hand.
@Suite("Fault seams")
struct FaultSeamTests {
  /// A world whose store faults are `storeFaults`, at the epoch in Zurich.
  static func world(storeFaults: StoreFaults = StoreFaults()) throws -> World {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    let itinerary = try Itinerary(
      scenario: try SimulationFixtures.scenario("default"), calendar: zurich, start: Instant(millisecondsSince1970: 0))
    return World(
      start: Instant(millisecondsSince1970: 0), itinerary: itinerary, refreshBudget: try RefreshBudget(limit: 70), widgets: [.main],
      seed: 1, faults: Faults(), storeFaults: storeFaults)
  }

  static func event(_ number: UInt8) -> Event {
    Event(
      id: EventID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, number))), kind: .add,
      instant: Instant(millisecondsSince1970: Int64(number) * 1_000), origin: .app)
  }

  @Test("the judge's fault effects count the deferred writes' events: none, two, then none once stored")
  func effectsCountDeferredWrites() throws {
    let storeFaults = StoreFaults()
    let world = try Self.world(storeFaults: storeFaults)
    #expect(world.faultEffects == .none)
    storeFaults.noteDeferred([Self.event(1), Self.event(2)])
    #expect(world.faultEffects == FaultEffects(deferredWrites: 2))
    storeFaults.noteStored([Self.event(2)])
    #expect(world.faultEffects.deferredWrites == 1)
    storeFaults.noteStored([Self.event(1)])
    #expect(world.faultEffects == .none)
  }

  @Test("a fault event's trace line is what the world's trace writes for it")
  func traceLinesLiveWithTheFaults() {
    let events: [FaultEvent] = [
      .kill(.app), .killDeadline(.widgetExtension), .killWatchApp, .armStoreWriteFailure(1), .storeWriteFailureDeadline(1),
      .corruptDefaults, .reachability(true), .reachability(false), .storeBusy(true), .storeBusy(false), .suspendApp,
    ]
    for event in events { #expect(World.describe(.fault(event)) == event.traceLine) }
    #expect(FaultEvent.kill(.watchApp).traceLine == "kill of the watchApp armed")
    #expect(FaultEvent.reachability(false).traceLine == "watch out of range")
    #expect(Set(events.map(\.traceLine)).count == events.count, "each event has a line of its own")
  }
}
