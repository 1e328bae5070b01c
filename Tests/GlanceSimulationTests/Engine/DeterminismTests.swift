import Foundation
import GlanceKernel
import GlanceSimulation
import Testing

@Suite("Determinism")
struct DeterminismTests {
  @Test("two runs with the same seed give byte-identical reports")
  func sameSeedSameBytes() throws {
    let first = Report(outcome: try SimulationFixtures.outcome("default", days: 10, seed: 7), scenarioReference: "default")
    let second = Report(outcome: try SimulationFixtures.outcome("default", days: 10, seed: 7), scenarioReference: "default")
    #expect(first.markdown == second.markdown)
    #expect(try first.json() == second.json())
  }

  @Test("different seeds give different workloads")
  func differentSeedsDiffer() throws {
    let seven = try SimulationFixtures.outcome("default", days: 10, seed: 7)
    let eight = try SimulationFixtures.outcome("default", days: 10, seed: 8)
    #expect(Report(outcome: seven, scenarioReference: "default").markdown != Report(outcome: eight, scenarioReference: "default").markdown)
  }

  @Test("make simulate's report equals the committed Reports/baseline byte for byte")
  func baseline() throws {
    let report = Report(outcome: try SimulationFixtures.outcome("default"), scenarioReference: "default")
    let folder = SimulationFixtures.root.appendingPathComponent("Reports/baseline/\(report.directoryName)")
    let markdown = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
    let json = try Data(contentsOf: folder.appendingPathComponent("report.json"))
    #expect(report.markdown == markdown, "Reports/baseline differs: run `make baseline` and review the diff")
    #expect(try report.json() == json)
    let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(report.html == html, "Reports/baseline's report.html differs: run `make baseline` and review the diff")
    for (name, svg) in report.charts {
      let committed = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      #expect(svg == committed, "\(name) differs from Reports/baseline")
    }
  }

  /// The shipped scenarios, each a test case of its own so that they run side by side.
  static let shippedScenarios = ScenarioLoader.availableScenarios(in: SimulationFixtures.simulations)

  @Test("every shipped scenario is found")
  func shippedScenariosFound() {
    #expect(Self.shippedScenarios.count >= 7, "\(Self.shippedScenarios)")
    #expect(Self.shippedScenarios.contains("default"))
  }

  /// At ``SimulationDetail/verdicts`` detail: the verdicts are the same at every detail (a law
  /// `SweepProperties` checks), and a sweep judges at it.
  @Test("converged keeps every invariant for seeds 1–50 in every shipped scenario it can play", arguments: shippedScenarios)
  func convergedAcrossSeeds(name: String) throws {
    var runs = 0
    let scenario = try SimulationFixtures.scenario(name)
    for seed in UInt64(1)...50 {
      let request = SimulationRequest(scenario: scenario, days: 14, seed: seed, strategies: [.converged])
      for result in try Simulation.run(request, detail: .verdicts).results {
        runs += 1
        #expect(result.violations.isEmpty, "\(name) seed \(seed) \(result.domain): \(result.violations.map(\.detail))")
      }
    }
    #expect(runs >= 50, "only \(runs) converged runs in \(name)")
  }
}
