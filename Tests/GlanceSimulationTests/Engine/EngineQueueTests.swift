import GlanceKernel
@testable import GlanceSimulation
import GlanceSync
import Testing

/// The laws of ``EngineQueue``: the engine owns the queue, takes what the world asked of time in
/// the order asked, moves the world's clock as it pops, and carries out a process's end where it
/// was asked.
@Suite("EngineQueue")
struct EngineQueueTests {
  /// A step these tests schedule, named by a number.
  struct Step: OperationStep, Equatable {
    let number: Int
    var isOperationStep: Bool { true }
  }

  /// Pops everything: each event's time and what it is (a step's number and process, or the
  /// event's trace line).
  static func run(_ queue: inout EngineQueue, _ world: inout World) -> [(Instant, String)] {
    var popped: [(Instant, String)] = []
    while let (time, event) = queue.next(in: &world) {
      #expect(world.now == time, "the world's clock moves to each event")
      if case .platform(.step(let process, let step)) = event, let own = step.payload as? Step {
        popped.append((time, "\(World.traceName(process)) \(own.number)"))
      } else {
        popped.append((time, World.describe(event)))
      }
    }
    return popped
  }

  @Test("events pop in time order, ties in the order asked, whoever asked; the clock moves to each")
  func order() throws {
    var world = try ChannelTests.world()
    let start = world.now
    var queue = EngineQueue()
    world.schedule(step: Step(number: 1), in: .app, after: 10)
    world.schedule(.checkpoint(.finalCheck), after: 10)
    world.schedule(step: Step(number: 2), in: .app, after: 5)
    world.schedule(step: Step(number: 3), in: .app, after: 10)
    #expect(world.port.count == 4 && queue.count == 0, "asked, not yet taken")
    queue.take(from: &world)
    #expect(world.port.isEmpty && queue.count == 4)
    let popped = Self.run(&queue, &world)
    #expect(popped.map(\.1) == ["app 2", "app 1", "final check", "app 3"])
    #expect(popped.map(\.0) == [5, 10, 10, 10].map { start.advanced(by: $0) })
    #expect(world.now == start.advanced(by: 10) && queue.count == 0)
  }

  @Test("a process's end takes away its events asked before it, in the same call or earlier; those asked after it stay")
  func endWhereAsked() throws {
    var world = try ChannelTests.world()
    var queue = EngineQueue()
    let launched = world.launchApp()
    #expect(launched)
    world.schedule(step: Step(number: 1), in: .app, after: 10)
    queue.take(from: &world)
    world.schedule(step: Step(number: 2), in: .app, after: 20)
    world.scheduleWake(at: world.now.advanced(by: 30), for: .reloadAfterDeafWindow)
    world.scheduleWake(at: world.now.advanced(by: 30), for: .pacedReload)
    world.schedule(step: Step(number: 3), in: .widgetExtension, after: 30)
    world.killApp()
    let relaunched = world.launchApp()
    #expect(relaunched)
    world.schedule(step: Step(number: 4), in: .app, after: 40)
    #expect(Self.run(&queue, &world).map(\.1) == ["paced background reload due", "widgetExtension 3", "app 4"])
  }

  @Test("the watch app's end hands the world the messages that vanished with it")
  func watchEnd() throws {
    var world = try ChannelTests.world()
    var queue = EngineQueue()
    _ = world.openWatchApp()
    let sent = world.sendMessage(ChannelTests.tap, to: .watch)
    #expect(sent && world.pendingSince(to: .watch) == world.now)
    world.killWatchApp()
    queue.take(from: &world)
    #expect(world.pendingSince(to: .watch) == nil, "the message left the air with the watch app")
    #expect(Self.run(&queue, &world).isEmpty)
    #expect(world.isQuiescent)
  }
}
