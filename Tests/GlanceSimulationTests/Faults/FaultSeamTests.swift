@testable import GlanceSimulation
import Testing

/// The seams through which a fault family reaches the rest of the simulator without naming it:
/// a fault event's trace line is written with the event (``FaultEvent/traceLine``).
@Suite("Fault seams")
struct FaultSeamTests {
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
