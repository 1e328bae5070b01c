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

  /// The lines of every seed of `request`'s shard, in seed order, then strategy order.
  ///
  /// - Throws: the ``SimulationError`` of the first seed whose run failed.
  public static func run(_ request: SweepRequest) throws(SimulationError) -> [SweepLine] {
    var lines: [SweepLine] = []
    for seed in request.shardSeeds { lines += try Self.lines(request, seed: seed) }
    return lines
  }
}
