/// What to simulate.
public struct SimulationRequest: Hashable, Sendable {
  public var scenario: Scenario
  /// Simulated days, 1…3650.
  public var days: Int
  public var seed: UInt64
  /// The strategies to run, in order (all by default).
  public var strategies: [StrategyName]

  public init(scenario: Scenario, days: Int, seed: UInt64, strategies: [StrategyName] = StrategyName.allCases) {
    self.scenario = scenario
    self.days = days
    self.seed = seed
    self.strategies = Array(Set(strategies)).sorted()
  }
}
