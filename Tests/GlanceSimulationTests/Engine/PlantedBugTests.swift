import GlanceKernel
@testable import GlanceSimulation
import Testing

/// Each invariant must fire on a planted bug (STYLE §56): the converged design with one part
/// broken on purpose.
@Suite("Planted bugs")
struct PlantedBugTests {
  /// Converged, but the widget plans one entry refreshed every 15 minutes (BabySteps' provider).
  struct NoMidnightEntry: SyncDesign {
    static let name = "planted-no-midnight-entry"
    static let expectedToConverge = true
    var inner: ConvergedTally
    static let domain = Domain.tally
    static let surfaces = ConvergedTally.surfaces
    init(calendar: ZoneCalendar, scenario: Scenario) { inner = ConvergedTally(calendar: calendar, scenario: scenario) }
    mutating func perform(_ action: PlannedAction, world: inout World) -> TruthEffect { inner.perform(action, world: &world) }
    mutating func appBecameActive(world: inout World) { inner.appBecameActive(world: &world) }
    mutating func appKilled(world: inout World) { inner.appKilled(world: &world) }
    mutating func step(_ step: Step, world: inout World) { inner.step(step, world: &world) }
    mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {
      inner.receive(message, on: device, via: channel, world: &world)
    }
    func timeline(world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
      let planned = inner.timeline(world: world)
      return ([planned.entries[0]], .after(world.now.advanced(by: 15 * Instant.millisecondsPerMinute)))
    }
    func count(on surface: Surface, world: World) -> Int { inner.count(on: surface, world: world) }
    func storedTimestamps() -> [Instant] { inner.storedTimestamps() }
    func trueValue(of entries: SortedInstants, at instant: Instant) -> Int { inner.trueValue(of: entries, at: instant) }
  }

  /// Converged, but the widget's provider reads a snapshot the app writes only when it comes to
  /// the foreground: reloads after a write show the old count.
  struct StaleSnapshot: SyncDesign {
    static let name = "planted-stale-snapshot"
    static let expectedToConverge = true
    var inner: ConvergedTally
    var snapshotCount = 0
    static let domain = Domain.tally
    static let surfaces = ConvergedTally.surfaces
    init(calendar: ZoneCalendar, scenario: Scenario) { inner = ConvergedTally(calendar: calendar, scenario: scenario) }
    mutating func perform(_ action: PlannedAction, world: inout World) -> TruthEffect { inner.perform(action, world: &world) }
    mutating func appBecameActive(world: inout World) {
      snapshotCount = inner.count(on: .app, world: world)
      inner.appBecameActive(world: &world)
    }
    mutating func appKilled(world: inout World) { inner.appKilled(world: &world) }
    mutating func step(_ step: Step, world: inout World) { inner.step(step, world: &world) }
    mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {
      inner.receive(message, on: device, via: channel, world: &world)
    }
    func timeline(world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
      ([(world.now, snapshotCount)], inner.timeline(world: world).policy)
    }
    func count(on surface: Surface, world: World) -> Int { inner.count(on: surface, world: world) }
    func storedTimestamps() -> [Instant] { inner.storedTimestamps() }
    func trueValue(of entries: SortedInstants, at instant: Instant) -> Int { inner.trueValue(of: entries, at: instant) }
  }

  static func run<Design: SyncDesign>(_ design: Design.Type) throws -> StrategyResult {
    let scenario = try SimulationFixtures.scenario("default")
    let calendar = try ZoneCalendar(identifier: scenario.zone)
    let start = try #require(calendar.dayInterval(of: scenario.start)).start
    var end = start
    for _ in 0..<14 { end = calendar.nextRollover(after: end) }
    let actions = WorkloadPlanner.actions(scenario: scenario, calendar: calendar, start: start, days: 14, seed: 42)
    let faults = WorkloadPlanner.faults(scenario: scenario, calendar: calendar, start: start, days: 14, seed: 42)
    return RunInputs(
      scenario: scenario, calendar: calendar, start: start, end: end, seed: 42, actions: actions, faults: faults
    ).play(Design.self)
  }

  @Test("a widget without an entry at the day boundary breaks rollover")
  func rolloverFires() throws {
    let result = try Self.run(NoMidnightEntry.self)
    #expect(result.violation(.rollover) != nil)
    #expect(result.violation(.noLostWrite) == nil && result.violation(.noDoubleCount) == nil)
  }

  @Test("a widget that lags the store after a foreground write breaks the staleness bound")
  func stalenessFires() throws {
    let result = try Self.run(StaleSnapshot.self)
    #expect(result.violation(.staleness) != nil)
  }

  @Test("the unbroken converged design passes the same run")
  func controlPasses() throws {
    #expect(try Self.run(ConvergedTally.self).violations.isEmpty)
  }
}
