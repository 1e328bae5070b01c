import Testing

@testable import GlanceSimulation

/// A trace's lines name processes, devices, failures and action kinds by hand-written names:
/// each must be what `String(describing:)` (string interpolation) writes.
@Suite("World trace names")
struct WorldTraceNameTests {
  @Test("every process, device and failure is named as String(describing:) names it")
  func simpleCases() {
    for process in [Process.app, .widgetExtension, .watchApp] {
      #expect(World.traceName(process) == String(describing: process))
    }
    for device in [Device.phone, .watch] {
      #expect(World.traceName(device) == String(describing: device))
    }
    for failure in [SendFailure.deliveryFailed, .replyTimedOut] {
      #expect(World.traceName(failure) == String(describing: failure))
    }
  }

  @Test("every action kind is named as String(describing:) names it, an app session at its bounds")
  func actionKinds() {
    let sessions = [0, 1, 30, 1_440, -1, Int.max, Int.min].flatMap { minutes in
      [PlannedAction.Kind.appOpen(minutes: minutes), .appOpen(minutes: minutes, fromWidget: true)]
    }
    for kind in sessions + [.appTap, .widgetTap, .watchTap, .appDelete, .appEdit] {
      #expect(World.traceName(kind) == String(describing: kind))
    }
  }
}
