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

  static func world(
    duplicates: Chance = Chance(numerator: 0, denominator: 1), messageFailure: Chance = .never, replyTimeout: Chance = .never
  ) throws -> World {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    var faults = Faults()
    faults.duplicateDelivery = duplicates
    faults.messageFailure = messageFailure
    faults.replyTimeout = replyTimeout
    let start = Instant(millisecondsSince1970: 1_773_100_800_000)
    return World(
      start: start, itinerary: Itinerary(staying: zurich, from: start), refreshBudget: try RefreshBudget(),
      widgets: [.main], seed: 7, faults: faults)
  }

  static func own(_ message: WireMessage) -> Message {
    guard let own = message.payload as? Message else { preconditionFailure("a message these tests did not send: \(message)") }
    return own
  }

  /// Runs what the world asked of time through an engine's queue, collecting what reaches
  /// `device` through each channel.
  static func drain(_ world: inout World, to device: Device) -> [(Channel, Message)] {
    var received: [(Channel, Message)] = []
    var queue = EngineQueue()
    while let (_, event) = queue.next(in: &world) {
      switch event {
      case .platform(.deliver(let message, let to, _)) where to == device: received.append((.sendMessage, own(message)))
      case .platform(.pumpTransfers(let to)) where to == device:
        received += world.pumpTransfer(to: device).map { (.transferUserInfo, own($0)) }
      case .platform(.deliverContext(let to)) where to == device:
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

  /// What happens to `sendMessage`s, in time order: deliveries (with whether their reply is lost)
  /// and error handlers run.
  enum Outcome: Hashable {
    case delivered(Message, to: Device, replyLost: Bool)
    case failed(Message, to: Device, SendFailure)
  }

  /// Runs what the world asked of time through an engine's queue; `answer` is called for each
  /// delivery, inside it, as a receiver is.
  static func outcomes(_ world: inout World, answer: (inout World, Message) -> Void = { _, _ in }) -> [(Instant, Outcome)] {
    var outcomes: [(Instant, Outcome)] = []
    var queue = EngineQueue()
    while let (time, event) = queue.next(in: &world) {
      switch event {
      case .platform(.deliver(let message, let to, let replyLost)):
        outcomes.append((time, .delivered(own(message), to: to, replyLost: replyLost)))
        world.beginAnswering(message, from: to == .phone ? .watch : .phone, replyLost: replyLost)
        answer(&world, own(message))
        world.endAnswering()
      case .platform(.sendFailed(let message, let to, let failure)): outcomes.append((time, .failed(own(message), to: to, failure)))
      default: break
      }
    }
    return outcomes
  }

  static let tap = Message.addCigarette(Instant(millisecondsSince1970: 1))
  static let reply = Message.phoneLog(length: 1)

  @Test("send message to the watch: refused while its app is not in the foreground, and two minutes after it was opened")
  func watchAppMustBeActive() throws {
    var world = try Self.world()
    var sent = world.sendMessage(Self.tap, to: .watch)
    #expect(!sent, "the watch app has not been opened")
    #expect(world.injector.count(.watchAppNotRunning) == 1)
    var launched = world.openWatchApp()
    #expect(launched, "the first opening launches it")
    sent = world.sendMessage(Self.tap, to: .watch)
    #expect(sent)
    #expect(Self.outcomes(&world).map(\.1) == [.delivered(Self.tap, to: .watch, replyLost: false)])
    // The queue ran dry long before two minutes: move time past the foreground spell.
    world.schedule(.checkpoint(.finalCheck), after: World.watchSessionMilliseconds)
    var queue = EngineQueue()
    _ = queue.next(in: &world)
    #expect(world.watchAppRunning && !world.watchAppActive)
    sent = world.sendMessage(Self.tap, to: .watch)
    #expect(!sent)
    launched = world.openWatchApp()
    #expect(!launched, "running already: opened, not launched")
    #expect(world.watchAppActive)
  }

  @Test("send message: an answered one brings its reply back to the sender")
  func answered() throws {
    var world = try Self.world()
    let sent = world.sendMessage(Self.tap, to: .phone)
    #expect(sent)
    let outcomes = Self.outcomes(&world) { world, message in
      if message == Self.tap { world.reply(Self.reply) }
    }
    #expect(
      outcomes.map(\.1) == [.delivered(Self.tap, to: .phone, replyLost: false), .delivered(Self.reply, to: .watch, replyLost: false)])
  }

  @Test("send message: one failed in flight is never delivered; its sender's error handler runs")
  func failedInFlight() throws {
    var world = try Self.world(messageFailure: .always)
    let sent = world.sendMessage(Self.tap, to: .phone)
    #expect(sent)
    #expect(Self.outcomes(&world).map(\.1) == [.failed(Self.tap, to: .phone, .deliveryFailed)])
    #expect(world.injector.count(.messageFailure) == 1 && world.injector.count(.replyTimeout) == 0)
  }

  @Test("send message: a lost reply is delivered, answered in vain, and times out ten seconds after sending")
  func replyTimesOut() throws {
    var world = try Self.world(replyTimeout: .always)
    let start = world.now
    let sent = world.sendMessage(Self.tap, to: .phone)
    #expect(sent)
    let outcomes = Self.outcomes(&world) { world, _ in world.reply(Self.reply) }
    #expect(outcomes.map(\.1) == [.delivered(Self.tap, to: .phone, replyLost: true), .failed(Self.tap, to: .phone, .replyTimedOut)])
    #expect(outcomes.last?.0 == start.advanced(by: World.replyTimeoutMilliseconds))
    #expect(world.injector.count(.replyTimeout) == 1)
  }

  @Test("send message: a reply answered after the watch went out of range times out instead")
  func replyOutOfRange() throws {
    var world = try Self.world()
    let sent = world.sendMessage(Self.tap, to: .phone)
    #expect(sent)
    let outcomes = Self.outcomes(&world) { world, message in
      guard message == Self.tap else { return }
      world.setReachable(false)
      world.reply(Self.reply)
    }
    #expect(outcomes.map(\.1) == [.delivered(Self.tap, to: .phone, replyLost: false), .failed(Self.tap, to: .phone, .replyTimedOut)])
  }

  @Test("killing the watch app takes away the messages on their way to it and its error handlers")
  func watchKill() throws {
    var world = try Self.world(messageFailure: .never)
    _ = world.openWatchApp()
    var sent = world.sendMessage(Self.tap, to: .watch)
    #expect(sent)
    var failing = try Self.world(messageFailure: .always)
    _ = failing.openWatchApp()
    sent = failing.sendMessage(Self.tap, to: .phone)
    #expect(sent)
    let sentAt = failing.now
    world.killWatchApp()
    failing.killWatchApp()
    #expect(Self.outcomes(&world).isEmpty && Self.outcomes(&failing).isEmpty)
    #expect(!world.watchAppRunning && !world.watchAppActive)
    // Handed back by the engine: the message to the watch left the air; the one to the phone that
    // failed in flight is what the killed watch app still holds.
    #expect(world.pendingSince(to: .watch) == nil && world.strandedSince.watch == nil)
    #expect(failing.strandedSince.watch == sentAt && failing.pendingSince(to: .phone) == sentAt)
  }
}
