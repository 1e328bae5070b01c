import Foundation
import GlanceKernel
import GlanceSimulation

enum SimulationFixtures {
  /// The checkout's root, found from this file.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static var simulations: String { root.appendingPathComponent("Simulations").path }

  static func scenario(_ name: String) throws -> Scenario {
    try ScenarioLoader.builtIn(named: name, in: simulations)
  }

  static func outcome(
    _ name: String, days: Int = 30, seed: UInt64 = 42, strategies: [StrategyName] = StrategyName.allCases
  ) throws -> SimulationOutcome {
    try Simulation.run(SimulationRequest(scenario: try scenario(name), days: days, seed: seed, strategies: strategies))
  }
}
