import CustomDesign
import Foundation
import GlanceSimulation
import Testing

/// The flawed design fails the way its flaw says, the fixed one passes, and both run, sweep and
/// shrink from code as any design of Glance's own does.
@Suite("A design of your own")
struct SmallTallyTests {
  /// Glance's default scenario (thirty days in Zurich with app kills, the watch out of range,
  /// duplicate deliveries and a busy day), read from the repository this package sits in.
  static func defaultScenario() throws -> Scenario {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../Simulations")
    return try ScenarioLoader.load(fileAt: root.appendingPathComponent("default.yaml").standardizedFileURL.path)
  }

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

  @Test("a sweep of twenty seeds: the fixed design converges on every one, the flawed one does not")
  func sweep() throws {
    let request = SweepRequest(scenario: try Self.defaultScenario(), scenarioReference: "default", days: 7, seeds: 1...20)
    let fixed = try Sweep.run(design: SmallTally<Queued>.self, request: request)
    #expect(fixed.count == 20 && fixed.allSatisfy(\.converged), "\(fixed.filter { !$0.converged }.map(\.seed))")
    let flawed = try Sweep.run(design: SmallTally<LatestWins>.self, request: request)
    #expect(flawed.contains { !$0.converged })
  }

  @Test("the lost write shrinks to a few events, and the shrunk scenario still loses it")
  func shrink() throws {
    let shrunk = try Shrinker.shrink(
      design: SmallTally<LatestWins>.self, scenario: try Self.defaultScenario(), days: 14, seed: 42, invariant: .noLostWrite)
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
