import GlanceKernel
@testable import GlanceSimulation
import Testing

/// The converged tally with one part replaced: everything a planted bug does not override goes
/// to `inner`.
protocol PlantedTallyBug: SyncDesign {
  var inner: ConvergedTally { get set }
}

extension PlantedTallyBug {
  static var expectedToConverge: Bool { true }
  static var domain: Domain { .tally }
  static var surfaces: [Surface] { ConvergedTally.surfaces }
  mutating func perform(_ action: PlannedAction, world: inout World) -> TruthEffect { inner.perform(action, world: &world) }
  mutating func appBecameActive(world: inout World) { inner.appBecameActive(world: &world) }
  mutating func appKilled(world: inout World) { inner.appKilled(world: &world) }
  mutating func step(_ step: Step, world: inout World) { inner.step(step, world: &world) }
  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {
    inner.receive(message, on: device, via: channel, world: &world)
  }
  func count(on surface: Surface, world: World) -> Int { inner.count(on: surface, world: world) }
  func storedTimestamps() -> [Instant] { inner.storedTimestamps() }
}

/// Each invariant must fire on a planted bug (STYLE §56): the converged design with one part
/// broken on purpose.
@Suite("Planted bugs")
struct PlantedBugTests {
  /// Converged, but the widget plans one entry refreshed every 15 minutes (BabySteps' provider).
  struct NoMidnightEntry: PlantedTallyBug {
    static let name = "planted-no-midnight-entry"
    var inner: ConvergedTally
    init(scenario: Scenario) { inner = ConvergedTally(scenario: scenario) }
    func timeline(world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
      let planned = inner.timeline(world: world)
      return ([planned.entries[0]], .after(world.now.advanced(by: 15 * Instant.millisecondsPerMinute)))
    }
  }

  /// Converged, but the widget's provider reads a snapshot the app writes only when it comes to
  /// the foreground: reloads after a write show the old count.
  struct StaleSnapshot: PlantedTallyBug {
    static let name = "planted-stale-snapshot"
    var inner: ConvergedTally
    var snapshotCount = 0
    init(scenario: Scenario) { inner = ConvergedTally(scenario: scenario) }
    mutating func appBecameActive(world: inout World) {
      snapshotCount = inner.count(on: .app, world: world)
      inner.appBecameActive(world: &world)
    }
    func timeline(world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
      ([(world.now, snapshotCount)], inner.timeline(world: world).policy)
    }
  }

  /// Converged, but without the zone check: the widget's timeline is not capped at an hour, so
  /// after a flight it keeps "today" of the zone the device left until its next planned reload.
  struct NoZoneCheck: PlantedTallyBug {
    static let name = "planted-no-zone-check"
    var inner: ConvergedTally
    init(scenario: Scenario) { inner = ConvergedTally(scenario: scenario) }
    func timeline(world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
      let planned = inner.timeline(world: world)
      return (planned.entries, .after(world.now.advanced(by: ConvergedTally.horizonMilliseconds)))
    }
  }

  static func run<Design: SyncDesign>(_ design: Design.Type, scenario name: String = "default", days: Int = 14) throws -> StrategyResult {
    let scenario = try SimulationFixtures.scenario(name)
    let calendar = try ZoneCalendar(identifier: scenario.zone)
    let start = try #require(calendar.dayInterval(of: scenario.start)).start
    let itinerary = try Itinerary(scenario: scenario, calendar: calendar, start: start)
    var end = start
    for _ in 0..<days { end = itinerary.nextRollover(after: end) }
    let pieces = itinerary.days(from: start, until: end)
    let actions = WorkloadPlanner.actions(scenario: scenario, days: pieces, seed: 42)
    let faults = WorkloadPlanner.faults(scenario: scenario, days: pieces, seed: 42)
    return try RunInputs(
      scenario: scenario, itinerary: itinerary, start: start, end: end, seed: 42, actions: actions, faults: faults,
      store: .memory
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

  @Test("a widget without the zone check shows the old zone's today after a flight")
  func zoneCheckFires() throws {
    let result = try Self.run(NoZoneCheck.self, scenario: "travel", days: 7)
    let violation = try #require(result.violation(.rollover))
    #expect(violation.surfaces == [.widget])
    #expect(violation.detail.contains("which the device left"))
  }

  @Test("the unbroken converged design passes the same runs")
  func controlPasses() throws {
    #expect(try Self.run(ConvergedTally.self).violations.isEmpty)
    #expect(try Self.run(ConvergedTally.self, scenario: "travel", days: 7).violations.isEmpty)
  }
}
