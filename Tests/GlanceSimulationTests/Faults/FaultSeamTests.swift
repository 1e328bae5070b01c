import Foundation
import GlanceKernel
@testable import GlanceSimulation
import Testing

/// The seams through which a fault family reaches the rest of the simulator without naming it:
/// the judge reads what faults do through ``FaultEffects``, the world carries out the fault
/// events that act on it alone (``World/strike(_:)``) and asks the engine for the app's end with
/// its kill request, and a fault event's trace line is written with the event
/// (``FaultEvent/traceLine``). Worked with the store-locks family, whose figures are set by hand.
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

  /// The events the world asked of time and the engine has not taken, in the order asked.
  static func requested(_ world: inout World) -> [(time: Instant, line: String)] {
    var requested: [(time: Instant, line: String)] = []
    while let request = world.takeRequest() {
      if case .schedule(let event, let time) = request { requested.append((time, World.describe(event))) }
    }
    return requested
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

  @Test("a busy spell is carried out by the world: commits meet the lock until it is released")
  func busySpellStrikesTheWorld() throws {
    let storeFaults = StoreFaults()
    var world = try Self.world(storeFaults: storeFaults)
    world.strike(.storeBusy(true))
    #expect(storeFaults.busy)
    world.strike(.storeBusy(false))
    #expect(!storeFaults.busy)
    // Once faults are off, a spell beginning takes nothing.
    world.endFaults()
    world.strike(.storeBusy(true))
    #expect(!storeFaults.busy)
    let killRequested = world.takeKillRequest()
    #expect(!killRequested)
  }

  @Test("going to the background holding the lock queues the suspension 5 s on, after the event; not holding it queues nothing")
  func backgroundHoldingTheLockQueuesTheSuspension() throws {
    let storeFaults = StoreFaults()
    var world = try Self.world(storeFaults: storeFaults)
    _ = world.launchApp()
    world.appEntersForeground()
    world.appEntersBackground()
    world.eventHandled(hasWatch: false)
    #expect(Self.requested(&world).isEmpty)

    world.appEntersForeground()
    #expect(storeFaults.takeLock(for: .app, store: "phone") == 1)
    world.appEntersBackground()
    // Nothing is queued before the design's callback has returned and the event is handled.
    #expect(Self.requested(&world).isEmpty)
    world.eventHandled(hasWatch: false)
    let requested = Self.requested(&world)
    #expect(requested.count == 1)
    #expect(requested.first?.time == Instant(millisecondsSince1970: StoreFaults.suspensionMilliseconds))
    #expect(requested.first?.line == FaultEvent.suspendApp.traceLine)
    // Asked once per transition.
    world.eventHandled(hasWatch: false)
    #expect(Self.requested(&world).isEmpty)
  }

  @Test("the suspension asks for the app's end only when the app is in the background holding the lock, and counts it")
  func suspensionAsksForTheKill() throws {
    let storeFaults = StoreFaults()
    var world = try Self.world(storeFaults: storeFaults)
    _ = world.launchApp()
    world.appEntersForeground()
    #expect(storeFaults.takeLock(for: .app, store: "phone") == 1)
    // In the foreground: iOS does not suspend it.
    world.strike(.suspendApp)
    let inForeground = world.takeKillRequest()
    #expect(!inForeground && world.injector.count(.suspendedHoldingLock) == 0)
    world.appEntersBackground()
    world.strike(.suspendApp)
    let inBackground = world.takeKillRequest()
    #expect(inBackground && world.injector.count(.suspendedHoldingLock) == 1)
    // The request is taken once.
    let again = world.takeKillRequest()
    #expect(!again)
    // The engine kills the app: the transaction rolls back, and a later suspension finds nothing.
    world.killApp()
    #expect(storeFaults.lock == nil)
    world.strike(.suspendApp)
    let afterTheKill = world.takeKillRequest()
    #expect(!afterTheKill && world.injector.count(.suspendedHoldingLock) == 1)
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
