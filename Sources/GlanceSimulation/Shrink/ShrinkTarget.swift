import GlanceKernel

/// What a shrink plays: a built-in strategy or a design of your own, in one domain, judged for
/// one invariant.
struct ShrinkTarget {
  /// The design's name, as in reports.
  let name: String
  let domain: Domain
  /// Plays a scenario for so many days from a seed, at some detail: the design's result in
  /// `domain`, or `nil` when it did not play it.
  let play: (Scenario, Int, UInt64, SimulationDetail) throws(SimulationError) -> StrategyResult?
  /// The strategies of the request that replays the result (the built-in strategy; none for a
  /// design of your own).
  let strategies: [StrategyName]

  /// A built-in strategy.
  static func strategy(_ strategy: StrategyName, domain: Domain) -> ShrinkTarget {
    ShrinkTarget(
      name: strategy.rawValue, domain: domain,
      play: { scenario, days, seed, detail throws(SimulationError) in
        try Simulation.run(
          SimulationRequest(scenario: scenario, days: days, seed: seed, strategies: [strategy]), store: .memory, detail: detail
        ).result(strategy, domain: domain)
      }, strategies: [strategy])
  }

  /// A design of your own (it plays its own domain).
  static func design<Design: SyncDesign>(_ design: Design.Type) -> ShrinkTarget {
    ShrinkTarget(
      name: Design.name, domain: Design.domain,
      play: { scenario, days, seed, detail throws(SimulationError) in
        try Simulation.run(design: design, scenario: scenario, days: days, seed: seed, detail: detail)
      }, strategies: [])
  }
}
