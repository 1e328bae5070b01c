import Testing

@testable import GlanceSimulation

/// Resuming schedules from snapshots (``ResumingPlays``) changes nothing an exploration finds.
/// The oracle is the explorer playing every schedule from the start (`resumes: false`): the
/// same schedules, in the same order, each ending in the same outcome (``ExplorationOutcomes``),
/// and the same figures (counts, coverage, counterexample), but for the distinct states, which
/// only a resumed exploration counts (`StateFingerprintTests` checks them).
@Suite struct ResumingPlaysTests {
  /// Every schedule's outcome in the explorer's order, and the figures.
  static func explored(
    _ design: any SyncDesign.Type, in world: SmallWorld, shard: SweepShard = .whole, resumes: Bool
  ) throws -> (figures: ExplorationFigures, outcomes: [String]) {
    var outcomes: [String] = []
    var figures = try Explorer.explore(design, in: world, shard: shard, resumes: resumes) { plan, result in
      outcomes.append("plan \(plan) " + ExplorationOutcomes.outcome(result))
    }
    #expect((figures.states != nil) == (resumes && design is any ResumableDesign.Type), "states counted only when resumed")
    figures.states = nil
    return (figures, outcomes)
  }

  /// The designs resumed: the converged tally and the bugs planted in it (resumable as it is,
  /// `MutantsTests`).
  static var designs: [any SyncDesign.Type] { InertLatenessTests.designs }

  @Test("resumed, the tally's designs end every schedule as played from the start", arguments: 0..<8)
  func sameOutcomes(_ index: Int) throws {
    let design = Self.designs[index]
    try #require(design is any ResumableDesign.Type, "\(design.name) is resumed")
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .tally, moves: 1)
    let resumed = try Self.explored(design, in: world, resumes: true)
    let replayed = try Self.explored(design, in: world, resumes: false)
    #expect(resumed.outcomes == replayed.outcomes, "\(design.name)")
    #expect(resumed.figures == replayed.figures, "\(design.name)")
  }

  @Test("resumed, two moves: a shard of the converged tally's schedules ends alike")
  func sameOutcomesTwoMoves() throws {
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .tally, moves: 2)
    let shard = try SweepShard(index: 3, count: 16)
    let resumed = try Self.explored(ConvergedTally.self, in: world, shard: shard, resumes: true)
    let replayed = try Self.explored(ConvergedTally.self, in: world, shard: shard, resumes: false)
    #expect(resumed.outcomes.count > 1_000)
    #expect(resumed.outcomes == replayed.outcomes)
    #expect(resumed.figures == replayed.figures)
  }

  @Test("resumed, a flight at the boundary: the converged tally's schedules end alike")
  func sameOutcomesAcrossAFlight() throws {
    let world = try SmallWorld(scenario: ExplorationEvidenceTests.flightAtMidnight(), domain: .tally, moves: 1)
    let resumed = try Self.explored(ConvergedTally.self, in: world, resumes: true)
    let replayed = try Self.explored(ConvergedTally.self, in: world, resumes: false)
    #expect(resumed.outcomes == replayed.outcomes)
    #expect(resumed.figures == replayed.figures)
  }

  /// A planted bug in the copying: the copy shares its stores and engines with the snapshot,
  /// so what one resumed schedule does leaks into the next.
  struct SharesItsState: Mutant, ResumableDesign {
    static let name = "shares-its-state"
    var inner: ConvergedTally
    func copy(into stores: RunStores) -> Self { self }
  }

  @Test("a copy that shares its state with the snapshot is caught: the resumed exploration fails or differs")
  func sharedStateCaught() throws {
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .tally, moves: 1)
    let replayed = try Self.explored(SharesItsState.self, in: world, resumes: false)
    // A resumed schedule finds what the last one left: a play unlike the recorded prefix (the
    // explorer's own check: a choice the prefix names is not there), or other outcomes.
    do {
      let resumed = try Self.explored(SharesItsState.self, in: world, resumes: true)
      #expect(resumed.outcomes != replayed.outcomes)
    } catch {
      guard case .choiceReplay = error as? SimulationError else {
        Issue.record("not a choice that fails to replay: \(error)")
        return
      }
    }
  }
}
