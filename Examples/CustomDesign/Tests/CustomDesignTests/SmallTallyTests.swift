import CustomDesign
import Foundation
import GlanceSimulation
import Testing

/// The flawed design fails the way its flaw says, the fixed one passes, and both run, sweep (on
/// two jobs) and shrink from code as any design of Glance's own does: on Glance's built-in
/// `default` scenario, by name, and on `watch-away.yaml`, a scenario file of this package.
@Suite("A design of your own")
struct SmallTallyTests {
  /// Glance's default scenario (thirty days in Zurich with app kills, the watch out of range,
  /// duplicate deliveries and a busy day), built into Glance: it loads from any folder.
  static func defaultScenario() throws -> Scenario {
    try ScenarioLoader.builtIn(named: "default")
  }

  /// This package's own scenario, `Tests/CustomDesignTests/Scenarios/watch-away.yaml`: a
  /// resource of the test target, read wherever the package is built.
  static func watchAway() throws -> Scenario {
    let file = try #require(Bundle.module.url(forResource: "watch-away", withExtension: "yaml", subdirectory: "Scenarios"))
    return try ScenarioLoader.load(fileAt: file.path)
  }

  // MARK: Glance's default scenario

  @Test("the watch's taps sent as application context are lost: no-lost-write names them")
  func latestWinsLosesWrites() throws {
    let result = try Simulation.run(design: SmallTally<LatestWins>.self, scenario: try Self.defaultScenario(), days: 14, seed: 42)
    #expect(!result.converged)
    let lost = try #require(result.violation(.noLostWrite), "\(result.violations.map(\.invariant))")
    #expect(lost.detail.contains("watchTap"), "\(lost.detail)")
  }

  @Test("the watch's taps queued with transferUserInfo all arrive: every invariant holds")
  func queuedConverges() throws {
    let result = try Simulation.run(design: SmallTally<Queued>.self, scenario: try Self.defaultScenario(), days: 14, seed: 42)
    #expect(result.converged, "\(result.violations.map(\.detail))")
    #expect(result.acceptedActions > 100, "the premise: the person did things")
  }

  @Test("a sweep of twenty seeds on two jobs: the fixed design converges on every one, the flawed one does not")
  func sweep() throws {
    try Self.expectSweeps(
      SweepRequest(scenario: try Self.defaultScenario(), scenarioReference: "default", days: 7, seeds: 1...20))
  }

  @Test("the lost write shrinks to a few events, and the shrunk scenario still loses it")
  func shrink() throws {
    try Self.expectShrinks(try Self.defaultScenario(), days: 14, seed: 42)
  }

  // MARK: This package's own scenario file

  @Test("watch-away.yaml loads from the test target's resources, as written")
  func ownScenarioLoads() throws {
    let scenario = try Self.watchAway()
    #expect(scenario.name == "watch-away")
    #expect(scenario.zone == "America/New_York" && scenario.domains == [.tally])
    #expect(scenario.workload.watchTapsPerDay == 12 && scenario.faults.watchOutOfRangePerDay == 4)
  }

  @Test("on watch-away.yaml the flawed design loses watch taps and the fixed one keeps every invariant")
  func ownScenarioRuns() throws {
    let scenario = try Self.watchAway()
    let flawed = try Simulation.run(design: SmallTally<LatestWins>.self, scenario: scenario, days: 4, seed: 7)
    let lost = try #require(flawed.violation(.noLostWrite), "\(flawed.violations.map(\.invariant))")
    #expect(lost.detail.contains("watchTap"), "\(lost.detail)")
    let fixed = try Simulation.run(design: SmallTally<Queued>.self, scenario: scenario, days: 4, seed: 7)
    #expect(fixed.converged, "\(fixed.violations.map(\.detail))")
  }

  @Test("a sweep of watch-away.yaml on two jobs: the fixed design converges on every seed, the flawed one does not")
  func ownScenarioSweeps() throws {
    try Self.expectSweeps(
      SweepRequest(scenario: try Self.watchAway(), scenarioReference: "watch-away.yaml", days: 4, seeds: 1...10))
  }

  @Test("on watch-away.yaml the lost write shrinks too")
  func ownScenarioShrinks() throws {
    try Self.expectShrinks(try Self.watchAway(), days: 4, seed: 7)
  }

  /// Sweeps both variants through `request` on two jobs: one line per seed, in seed order; the
  /// fix converges on every seed, the flaw fails on some.
  static func expectSweeps(_ request: SweepRequest) throws {
    let fixed = try Sweep.run(design: SmallTally<Queued>.self, request: request, jobs: 2)
    #expect(fixed.map(\.seed) == Array(request.seeds), "one line per seed, in seed order")
    #expect(fixed.allSatisfy { $0.converged }, "\(fixed.filter { !$0.converged }.map(\.seed))")
    let flawed = try Sweep.run(design: SmallTally<LatestWins>.self, request: request, jobs: 2)
    #expect(flawed.contains { !$0.converged })
  }

  /// Shrinks the flawed design's lost write on `scenario`: a few events that still lose it
  /// when replayed, and that the fixed design passes.
  static func expectShrinks(_ scenario: Scenario, days: Int, seed: UInt64) throws {
    let shrunk = try Shrinker.shrink(
      design: SmallTally<LatestWins>.self, scenario: scenario, days: days, seed: seed, invariant: .noLostWrite)
    #expect(shrunk.eventCount <= 10, "\(shrunk.eventCount) events")
    #expect(shrunk.strategy == SmallTally<LatestWins>.name)
    let replay = try Simulation.run(
      design: SmallTally<LatestWins>.self, scenario: shrunk.scenario, days: shrunk.request.days, seed: shrunk.request.seed)
    #expect(replay.violation(.noLostWrite) != nil)
    let fixed = try Simulation.run(
      design: SmallTally<Queued>.self, scenario: shrunk.scenario, days: shrunk.request.days, seed: shrunk.request.seed)
    #expect(fixed.converged, "the fix holds on the shrunk scenario: \(fixed.violations.map(\.detail))")
  }
}
