import GlanceKernel
import Testing

@testable import GlanceSimulation

/// A play that pops more events than its run's limit stops with a typed error (the CLI exits 70
/// with its message) instead of trapping or running forever; the limit grows with the days, so
/// that every strategy plays the longest run, 3650 days.
@Suite("Event limit")
struct EventLimitTests {
  static func inputs(days: Int) throws -> RunInputs {
    try RunInputs(SimulationRequest(scenario: try SimulationFixtures.scenario("default"), days: days, seed: 42))
  }

  @Test("a play past its limit throws eventLimitExceeded naming the strategy, the domain, the limit and the days")
  func stopsWithATypedError() throws {
    var inputs = try Self.inputs(days: 1)
    inputs.eventsMaxOverride = 100
    #expect(throws: SimulationError.eventLimitExceeded(strategy: "converged", domain: "tally", limit: 100, days: 1)) {
      try inputs.play(ConvergedTally.self)
    }
    let message = SimulationError.eventLimitExceeded(strategy: "converged", domain: "tally", limit: 100, days: 1).description
    #expect(message.hasPrefix("converged (tally): more than 100 events in 1 day, the engine's limit"), "\(message)")
    #expect(!message.contains("\n"))
  }

  @Test("under the limit the play finishes as before")
  func underTheLimitFinishes() throws {
    var inputs = try Self.inputs(days: 1)
    let events = try inputs.play(ConvergedTally.self).events
    inputs.eventsMaxOverride = events
    #expect(try inputs.play(ConvergedTally.self).events == events)
  }

  @Test(
    "the limit is 1 000 000 events and 50 000 a day: 183 500 000 for 3650 days",
    arguments: [(1, 1_050_000), (30, 2_500_000), (3650, 183_500_000)])
  func limitGrowsWithTheDays(days: Int, limit: Int) throws {
    #expect(DomainRun<ConvergedTally>(inputs: try Self.inputs(days: days)).eventsMax == limit)
  }
}
