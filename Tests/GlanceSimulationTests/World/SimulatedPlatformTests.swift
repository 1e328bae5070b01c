import GlanceKernel
@testable import GlanceSimulation
import GlanceSync
import Testing

/// The simulated WatchConnectivity refuses what the real one refuses, and hands the world what
/// an engine asked for, in order.
@Suite("Simulated platform")
struct SimulatedPlatformTests {
  static func world() throws -> World {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    let itinerary = try Itinerary(
      scenario: try SimulationFixtures.scenario("default"), calendar: zurich, start: Instant(millisecondsSince1970: 0))
    return World(
      start: Instant(millisecondsSince1970: 0), itinerary: itinerary, refreshBudget: try RefreshBudget(limit: 70), widgets: [.main],
      seed: 1, faults: Faults())
  }

  @Test("a payload over its channel's bound is refused, on every channel, and never reaches the world", arguments: PeerChannel.allCases)
  func oversizedIsRefused(channel: PeerChannel) throws {
    var world = try Self.world()
    _ = world.openWatchApp()  // sendMessage reaches the watch only while its app is in the foreground
    let platform = SimulatedPlatform()
    var refused: PeerLinkError? = nil
    platform.run(&world) {
      do {
        try platform.phoneLink.send([UInt8](repeating: 0, count: channel.payloadBytesMax + 1), on: channel)
      } catch {
        refused = error as? PeerLinkError
      }
      try platform.phoneLink.send([UInt8](repeating: 0, count: channel.payloadBytesMax), on: channel)
    }
    #expect(refused == .payloadTooLarge(channel: channel, bytes: channel.payloadBytesMax + 1, limit: channel.payloadBytesMax))
    #expect(platform.refusedPayloads == 1 && platform.largestPayloads[channel] == channel.payloadBytesMax)
    let onItsWay = world.transfers.watch.count + (world.contexts.watch == nil ? 0 : 1) + world.port.count
    #expect(onItsWay >= 1, "the payload at the bound was sent")
  }

  @Test("sendMessage is refused while the watch is out of range")
  func sendMessageNeedsReach() throws {
    var world = try Self.world()
    world.setReachable(false)
    let platform = SimulatedPlatform()
    var refused: PeerLinkError? = nil
    platform.run(&world) {
      do { try platform.watchLink.send([1, 2, 3], on: .sendMessage) } catch { refused = error as? PeerLinkError }
    }
    #expect(refused == .notReachable)
  }

  @Test("the phone's sendMessage is refused while the watch app is not in the foreground, in range or not")
  func sendMessageNeedsTheWatchApp() throws {
    var world = try Self.world()
    let platform = SimulatedPlatform()
    var refusals: [PeerLinkError?] = []
    for opened in [false, true] {
      if opened { _ = world.openWatchApp() }
      var refused: PeerLinkError? = nil
      platform.run(&world) {
        do { try platform.phoneLink.send([1, 2, 3], on: .sendMessage) } catch { refused = error as? PeerLinkError }
      }
      refusals.append(refused)
    }
    #expect(refusals == [.notReachable, nil])
  }
}
