import Foundation
import Testing

@testable import GlanceSimulation

/// A sweep on several jobs gives the lines and errors of one job: ``SweepRunner``'s laws with
/// synthetic seeds (uneven work, so that later seeds often finish first), then
/// ``Sweep/run(design:request:jobs:)`` and ``Sweep/run(_:jobs:)`` against runs made one by one.
@Suite("Sweep jobs")
struct SweepJobsTests {
  /// A line that names its seed, after work that varies from seed to seed (a later seed often
  /// finishes before an earlier one on another thread).
  static func syntheticLine(_ seed: UInt64) -> [SweepLine] {
    var state = seed
    for _ in 0..<((seed * 7_919) % 13) * 20_000 { state = state &* 6_364_136_223_846_793_005 &+ 1 }
    return [
      SweepLine(
        seed: seed, strategy: "synthetic", expectedToConverge: true, converged: state % 2 == 0,
        violations: [], staleness: [])
    ]
  }

  @Test("the sink gets every seed once, in seed order, on any number of jobs", arguments: [1, 2, 3, 8, 256])
  func sinkInSeedOrder(jobs: Int) throws {
    let seeds = ShardSeeds(range: 100...299, shard: .whole)
    let lines = try SweepRunner.lines(seeds, jobs: jobs) { seed throws(SimulationError) in Self.syntheticLine(seed) }
    #expect(lines.map(\.seed) == Array(100...299))
  }

  @Test("a failing sweep throws its lowest failing seed's error, on any number of jobs", arguments: [1, 2, 4, 8])
  func lowestFailureWins(jobs: Int) {
    let seeds = ShardSeeds(range: 1...120, shard: .whole)
    #expect(throws: SimulationError.daysOutOfRange(35)) {
      try SweepRunner.lines(seeds, jobs: jobs) { seed throws(SimulationError) in
        // Seed 35 fails after a long computation; later failing seeds fail at once.
        if seed == 35 { _ = Self.syntheticLine(12) }
        if seed % 35 == 0 { throw .daysOutOfRange(Int(seed)) }
        return Self.syntheticLine(seed)
      }
    }
  }

  @Test("a sweep on no jobs, or on more than jobsMax, is refused with a typed error", arguments: [0, -1, Sweep.jobsMax + 1])
  func jobsOutOfRange(jobs: Int) throws {
    let request = SweepRequest(scenario: try SimulationFixtures.scenario("default"), scenarioReference: "default", days: 1, seeds: 1...2)
    #expect(throws: SimulationError.jobsOutOfRange(jobs)) { try Sweep.run(design: MirrorSmokerLegacy.self, request: request, jobs: jobs) }
    #expect(throws: SimulationError.jobsOutOfRange(jobs)) { try Sweep.run(request, jobs: jobs) }
    #expect(SimulationError.jobsOutOfRange(jobs).description == "jobs must be between 1 and 256 (got \(jobs))")
    #expect(SweepError.badJobs(jobs).description == SimulationError.jobsOutOfRange(jobs).description)
  }

  @Test("a design's sweep on any number of jobs gives, in seed order, the lines of its runs one by one")
  func designLinesDoNotDependOnJobs() throws {
    let scenario = try SimulationFixtures.scenario("default")
    let request = SweepRequest(scenario: scenario, scenarioReference: "default", days: 1, seeds: 1...6)
    let oneByOne = try request.seeds.map { seed in
      SweepLine(
        seed: seed,
        result: try Simulation.run(design: MirrorSmokerLegacy.self, scenario: scenario, days: 1, seed: seed, detail: .verdicts))
    }
    #expect(Set(oneByOne.map(\.staleness)).count > 1, "the premise: the lines differ from seed to seed, not only by seed")
    for jobs in [2, 5] {
      #expect(try Sweep.run(design: MirrorSmokerLegacy.self, request: request, jobs: jobs) == oneByOne, "jobs \(jobs)")
    }
  }

  @Test("the built-in strategies' sweep gives the same lines on three jobs as on one")
  func builtInLinesDoNotDependOnJobs() throws {
    let request = SweepRequest(
      scenario: try SimulationFixtures.scenario("travel"), scenarioReference: "travel", days: 2, seeds: 5...10)
    let one = try Sweep.run(request)
    #expect(one.map(\.seed) == one.map(\.seed).sorted() && Set(one.map(\.seed)) == Set(5...10))
    #expect(try Sweep.run(request, jobs: 3) == one)
  }
}
