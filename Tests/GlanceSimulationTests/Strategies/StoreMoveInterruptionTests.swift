import Foundation
import GlanceKernel
import GlanceSimulation
import Testing

/// The store move killed before each of its steps (``StoreMoveStep``), in the store-move
/// scenario with a copy that works: BabySteps loses the steps only when it dies between copying
/// `.store` and its `-wal` (the target then exists, so the next launch skips the move, and
/// `.store` alone holds the store as of its last checkpoint: none in a 30-day run); GlanceSync's
/// move, one transaction made again at the next launch, loses nothing.
@Suite("Store move interrupted")
struct StoreMoveInterruptionTests {
  static func outcome(interruptedBefore step: StoreMoveStep) throws -> SimulationOutcome {
    var scenario = try SimulationFixtures.scenario("store-move")
    scenario.storeMove?.copyFails = false
    scenario.storeMove?.interruptedBefore = step
    return try Simulation.run(SimulationRequest(scenario: scenario, days: 10, seed: 42))
  }

  @Test(
    "each step: the kill is counted, BabySteps loses data only before copying the WAL, converged never", arguments: StoreMoveStep.allCases)
  func interrupted(before step: StoreMoveStep) throws {
    let outcome = try Self.outcome(interruptedBefore: step)
    let legacy = try #require(outcome.result(.babystepsWidget, domain: .steps))
    let converged = try #require(outcome.result(.converged, domain: .steps))
    #expect(legacy.faults[.storeMoveInterrupted] == 1 && converged.faults[.storeMoveInterrupted] == 1)
    #expect((legacy.violation(.noDataLoss) != nil) == (step == .copyWAL), "\(step): \(legacy.violations.map(\.detail))")
    #expect(converged.violations.isEmpty, "\(step): \(converged.violations.map(\.detail))")
  }

  @Test("a scenario names the step by its name; another name is an error naming the key and the choices")
  func scenarioField() throws {
    let yaml =
      "name: test\nstart: 2026-03-10\ndomains: [steps]\nstoreMove: {day: 1, copyFails: false, widgetOpensFirst: false, interruptedBefore: %@}\n"
    let loaded = try ScenarioLoader.load(yaml: yaml.replacingOccurrences(of: "%@", with: "copyWAL"), source: "s.yaml")
    #expect(loaded.storeMove?.interruptedBefore == .copyWAL)
    #expect(
      throws: ScenarioError.outOfRange(
        source: "s.yaml", keyPath: "storeMove.interruptedBefore", line: 4, value: "copyWal",
        expected: "one of copyStore, copyWAL, copySHM, deleteLegacy")
    ) {
      try ScenarioLoader.load(yaml: yaml.replacingOccurrences(of: "%@", with: "copyWal"), source: "s.yaml")
    }
  }
}
