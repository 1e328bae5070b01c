import GlanceKernel
@testable import GlanceSimulation
import Testing

/// WatchConnectivity's three channels as the world models them, each with its documented
/// guarantee: `sendMessage` needs reachability, `transferUserInfo` is a durable FIFO delivered at
/// least once, `updateApplicationContext` keeps only the latest value.
@Suite("WatchConnectivity channels")
struct ChannelTests {
  /// What these tests send: the world carries any design's messages unread.
  enum Message: Hashable, Sendable {
    case phoneLog(length: Int)
    case addCigarette(Instant)
  }

  static func world(duplicates: Chance = Chance(numerator: 0, denominator: 1)) throws -> World {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    var faults = Faults()
    faults.duplicateDelivery = duplicates
    let start = Instant(millisecondsSince1970: 1_773_100_800_000)
    return World(
      start: start, itinerary: Itinerary(staying: zurich, from: start), refreshBudget: try RefreshBudget(),
      widgets: [.main], seed: 7, faults: faults)
  }

  static func own(_ message: WireMessage) -> Message {
    guard let own = message.payload as? Message else { preconditionFailure("a message these tests did not send: \(message)") }
    return own
  }

  /// Runs the world's queue, collecting what reaches `device` through each channel.
  static func drain(_ world: inout World, to device: Device) -> [(Channel, Message)] {
    var received: [(Channel, Message)] = []
    while let (_, event) = world.popNext() {
      switch event {
      case .deliver(let message, let to, let channel) where to == device: received.append((channel, own(message)))
      case .pumpTransfers(let to) where to == device:
        received += world.pumpTransfer(to: device).map { (.transferUserInfo, own($0)) }
      case .deliverContext(let to) where to == device:
        if let message = world.takeContext(for: device) { received.append((.applicationContext, own(message))) }
      default: break
      }
    }
    return received
  }

  @Test("application context: out of range, three updates; back in range, only the latest arrives, once")
  func latestWins() throws {
    var world = try Self.world()
    world.setReachable(false)
    for length in 1...3 { world.updateApplicationContext(Message.phoneLog(length: length), to: .watch) }
    #expect(Self.drain(&world, to: .watch).isEmpty)
    #expect(!world.isQuiescent)
    world.setReachable(true)
    let received = Self.drain(&world, to: .watch)
    #expect(received.count == 1)
    #expect(received.first?.0 == .applicationContext && received.first?.1 == .phoneLog(length: 3))
    #expect(world.isQuiescent)
  }

  @Test("application context: an update while one is in flight replaces it")
  func replacedInFlight() throws {
    var world = try Self.world()
    world.updateApplicationContext(Message.phoneLog(length: 1), to: .watch)
    world.updateApplicationContext(Message.phoneLog(length: 2), to: .watch)
    #expect(Self.drain(&world, to: .watch).map(\.1) == [.phoneLog(length: 2)])
  }

  @Test("user info: out of range, everything queued arrives in send order once back, duplicates allowed")
  func fifo() throws {
    var world = try Self.world(duplicates: Chance(numerator: 1, denominator: 2))
    world.setReachable(false)
    let sent = (1...20).map { Message.addCigarette(Instant(millisecondsSince1970: Int64($0))) }
    for message in sent { world.transferUserInfo(message, to: .phone) }
    #expect(Self.drain(&world, to: .phone).isEmpty)
    world.setReachable(true)
    let received = Self.drain(&world, to: .phone).map(\.1)
    // In order, each at least once: removing repeats gives exactly what was sent.
    var once: [Message] = []
    for message in received where once.last != message { once.append(message) }
    #expect(once == sent)
    #expect(received.count > sent.count)  // with a 1/2 chance, some came twice (seed 7)
  }

  @Test("send message: fails out of range, delivered when reachable")
  func sendMessage() throws {
    var world = try Self.world()
    world.setReachable(false)
    let whileAway = world.sendMessage(Message.addCigarette(Instant(millisecondsSince1970: 1)), to: .phone)
    #expect(!whileAway)
    world.setReachable(true)
    let inRange = world.sendMessage(Message.addCigarette(Instant(millisecondsSince1970: 2)), to: .phone)
    #expect(inRange)
    #expect(Self.drain(&world, to: .phone).map(\.1) == [.addCigarette(Instant(millisecondsSince1970: 2))])
  }
}
