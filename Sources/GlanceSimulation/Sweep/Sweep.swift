/// Runs the seeds of a ``SweepRequest``, one after another. (`simulate sweep --jobs N` runs
/// seeds on N threads with ``lines(_:seed:)``; the simulator itself never depends on scheduling.)
///
/// ## Laws
/// - A seed's lines depend only on the request and the seed, never on which other seeds run,
///   where, or in which order: a shard's lines are the whole sweep's lines of its seeds.
/// - Each seed is one ``Simulation/run(_:store:detail:)`` at ``SimulationDetail/verdicts``
///   detail, in memory, sharing nothing with the others.
public enum Sweep {
  /// The most threads `simulate sweep` starts.
  public static let jobsMax = 256

  /// The lines of one seed: one per strategy that plays one of the scenario's domains, in
  /// strategy order.
  ///
  /// - Throws: the ``SimulationError`` of the run (the scenario cannot be run at all).
  public static func lines(_ request: SweepRequest, seed: UInt64) throws(SimulationError) -> [SweepLine] {
    SweepLine.lines(of: try Simulation.run(request.simulation(seed: seed), detail: .verdicts))
  }

  /// The lines of `design` (a design of your own) for every seed of `request`'s shard, in seed
  /// order: one line per seed, each a run at ``SimulationDetail/verdicts`` detail in memory
  /// (`request.strategies` is not used). A generated request plays each seed's own scenario,
  /// drawn across every field's documented range; the design's domain is played whatever the
  /// drawn scenario's domains.
  ///
  /// ```swift
  /// let request = SweepRequest(scenario: scenario, scenarioReference: "mine", days: 7, seeds: 1...200)
  /// let lines = try Sweep.run(design: MyTally.self, request: request)
  /// #expect(lines.allSatisfy(\.converged))
  /// ```
  ///
  /// - Throws: the ``SimulationError`` of the first seed whose run failed.
  public static func run<Design: SyncDesign>(design: Design.Type, request: SweepRequest) throws(SimulationError) -> [SweepLine] {
    var lines: [SweepLine] = []
    for seed in request.shardSeeds {
      var scenario = request.simulation(seed: seed).scenario
      if request.generated, !scenario.domains.contains(Design.domain) { scenario.domains.append(Design.domain) }
      let result = try Simulation.run(design: design, scenario: scenario, days: request.days, seed: seed, detail: .verdicts)
      lines.append(SweepLine(seed: seed, result: result))
    }
    return lines
  }

  /// The lines of every seed of `request`'s shard, in seed order, then strategy order.
  ///
  /// - Throws: the ``SimulationError`` of the first seed whose run failed.
  public static func run(_ request: SweepRequest) throws(SimulationError) -> [SweepLine] {
    var lines: [SweepLine] = []
    for seed in request.shardSeeds { lines += try Self.lines(request, seed: seed) }
    return lines
  }
}
