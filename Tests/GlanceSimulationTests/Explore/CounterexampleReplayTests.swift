@testable import GlanceSimulation
import GlanceKernel
import Testing

/// An explored counterexample, written as a scenario and a choice recording, replays through an
/// ordinary run: the same invariants broken, the same violations found.
@Suite("Explorer: a counterexample replays as a scenario")
struct CounterexampleReplayTests {
  @Test(
    "the scenario file and the recording's text, read back and run, break exactly the explored violations",
    arguments: [StrategyName.mirrorsmokerLegacy, .babystepsWidget])
  func replays(_ strategy: StrategyName) throws {
    let entry = try #require(Simulation.designs.first { $0.strategy == strategy })
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: entry.design.domain, moves: 1)
    let figures = try Explorer.explore(strategy: strategy, in: world, firstViolation: true)
    let found = try #require(figures.counterexample?.violation)
    // Through the files' text, as a user gets them.
    let scenario = try ScenarioLoader.load(yaml: ScenarioWriter.yaml(found.scenario), source: "counterexample.yaml")
    #expect(scenario == found.scenario)
    #expect(scenario.aroundBoundaryMinutes == 20)
    #expect(scenario.domains == [entry.design.domain])
    let recording = try ChoiceRecording(text: found.recording.text)
    let request = SimulationRequest(
      scenario: scenario, days: try #require(scenario.days), seed: try #require(scenario.seed), strategies: [strategy])
    let outcome = try Simulation.run(request, detail: .verdicts, choices: .replay(recording))
    #expect(outcome.results.count == 1)
    #expect(outcome.results.first?.violations == found.violations)
    #expect(!found.violations.isEmpty)
    // The run is the small world's: twenty minutes on each side of the boundary.
    #expect(outcome.end.millisecondsSince1970 - outcome.start.millisecondsSince1970 == 2 * SmallWorld.lead)
  }

  @Test("a design of one's own replays its counterexample too: a planted bug found after many schedules")
  func ownDesign() throws {
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .tally, moves: 1)
    let figures = try Explorer.explore(MutantsTests.LateMidnightEntry.self, in: world, firstViolation: true)
    let found = try #require(figures.counterexample?.violation)
    #expect((figures.schedulesUntilCounterexample ?? 0) > 100)
    let result = try Simulation.run(
      design: MutantsTests.LateMidnightEntry.self, scenario: found.scenario, days: 1, seed: 0, detail: .verdicts,
      choices: .replay(found.recording))
    #expect(result.violations == found.violations)
    #expect(result.violations.contains { $0.invariant == .rollover })
  }

  @Test("a recording without the play's section does not run: a typed failure, never a guess")
  func otherSchedule() throws {
    let entry = try #require(Simulation.designs.first { $0.strategy == .babystepsWidget })
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: entry.design.domain, moves: 1)
    let found = try #require(try Explorer.explore(strategy: .babystepsWidget, in: world, firstViolation: true).counterexample?.violation)
    // The play made choices: without them the run cannot be the schedule.
    #expect(!found.recording.sections[1].choices.isEmpty)
    let empty = ChoiceRecording(sections: [found.recording.sections[0]])
    let request = SimulationRequest(scenario: found.scenario, days: 1, seed: 0, strategies: [.babystepsWidget])
    #expect(throws: SimulationError.self) { try Simulation.run(request, detail: .verdicts, choices: .replay(empty)) }
  }

  @Test("a scenario's run around the boundary is read, written and checked like every key")
  func key() throws {
    let text = "name: around\nstart: 2026-03-28\naroundBoundaryMinutes: 0\n"
    #expect(throws: ScenarioError.self) { try ScenarioLoader.load(yaml: text, source: "around.yaml") }
    let read = try ScenarioLoader.load(yaml: "name: around\nstart: 2026-03-28\naroundBoundaryMinutes: 5\n", source: "around.yaml")
    #expect(read.aroundBoundaryMinutes == 5)
    #expect(ScenarioWriter.yaml(read).contains("aroundBoundaryMinutes: 5"))
    #expect(!ScenarioWriter.yaml(Scenario(name: "plain", start: read.start)).contains("aroundBoundary"))
    // Five minutes on each side of the first midnight after the start.
    let bounds = try RunInputs.bounds(of: read, days: 30)
    #expect(bounds.end.millisecondsSince1970 - bounds.start.millisecondsSince1970 == 10 * Instant.millisecondsPerMinute)
    #expect(SmallWorld.killDeadline == SmallWorld.faultLead + 500)
  }
}
