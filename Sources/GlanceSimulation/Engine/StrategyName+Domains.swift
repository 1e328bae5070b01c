extension StrategyName {
  /// The domain each strategy plays (converged plays every domain), in domain order.
  public var domains: [Domain] {
    Simulation.designs.filter { $0.strategy == self }.map { $0.design.domain }.sorted()
  }
}
