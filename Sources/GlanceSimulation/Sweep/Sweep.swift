/// Runs the seeds of a ``SweepRequest``, on one thread or on several (`jobs`), as
/// `simulate sweep --jobs N` does (both through one runner).
///
/// ## Laws
/// - A seed's lines depend only on the request and the seed, never on which other seeds run,
///   where, in which order, or on how many jobs: a shard's lines are the whole sweep's lines of
///   its seeds, and the lines of a sweep on any number of jobs are, in the same order (seed
///   order), those of one job.
/// - Each seed is one ``Simulation/run(_:store:detail:choices:)`` at ``SimulationDetail/verdicts``
///   detail, in memory, sharing nothing with the others.
/// - A sweep that fails throws the error of its lowest failing seed, whatever the number of
///   jobs.
public enum Sweep {
  /// The most jobs a sweep runs at once (threads, each running one seed at a time), in
  /// ``run(design:request:jobs:)``, ``run(_:jobs:)`` and `simulate sweep --jobs`.
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
  /// `jobs` seeds run at once, each on its own thread with its own design value (one by
  /// default); the lines do not depend on it. Sweep a build in release (`swift run -c release`,
  /// `swift test -c release`): a run is many times faster than in a debug build.
  ///
  /// ```swift
  /// let scenario = try ScenarioLoader.builtIn(named: "default")
  /// let request = SweepRequest(scenario: scenario, scenarioReference: "default", days: 7, seeds: 1...200)
  /// let lines = try Sweep.run(design: MyTally.self, request: request, jobs: 4)
  /// #expect(lines.allSatisfy { $0.converged }, "\(lines.filter { !$0.converged }.map(\.seed))")
  /// ```
  ///
  /// - Parameters:
  ///   - design: the design swept (its type: every seed plays a fresh one).
  ///   - request: the scenario, the days, the seeds (or one shard of them) of the sweep.
  ///   - jobs: how many seeds run at once, from 1 to ``jobsMax``
  ///     (`ProcessInfo.processInfo.activeProcessorCount` uses every core). Each job is a thread:
  ///     a design that keeps state outside its own value (a global) must make it safe to share.
  ///     Hence `Design: SendableMetatype`: every design type is, unless its conformance is
  ///     isolated to an actor (`extension MyTally: @MainActor TallySyncDesign`), which a sweep
  ///     on other threads cannot honour. A generic function of yours that calls this one needs
  ///     the same constraint.
  /// - Throws: ``SimulationError/jobsOutOfRange(_:)`` when `jobs` is not in `1...jobsMax`, else
  ///   the ``SimulationError`` of the lowest seed whose run failed.
  public static func run<Design: SyncDesign>(
    design: Design.Type, request: SweepRequest, jobs: Int = 1
  ) throws(SimulationError) -> [SweepLine] where Design: SendableMetatype {
    guard (1...jobsMax).contains(jobs) else { throw .jobsOutOfRange(jobs) }
    return try SweepRunner.lines(request.shardSeeds, jobs: jobs) { seed throws(SimulationError) in
      [try line(of: Design.self, request, seed: seed)]
    }
  }

  /// The line of `design` for `seed` of `request`.
  static func line<Design: SyncDesign>(
    of design: Design.Type, _ request: SweepRequest, seed: UInt64
  ) throws(SimulationError) -> SweepLine {
    var scenario = request.simulation(seed: seed).scenario
    if request.generated, !scenario.domains.contains(Design.domain) { scenario.domains.append(Design.domain) }
    let result = try Simulation.run(design: design, scenario: scenario, days: request.days, seed: seed, detail: .verdicts)
    return SweepLine(seed: seed, result: result)
  }

  /// The lines of every seed of `request`'s shard, in seed order, then strategy order; `jobs`
  /// seeds run at once (one by default), and the lines do not depend on it.
  ///
  /// - Throws: ``SimulationError/jobsOutOfRange(_:)`` when `jobs` is not in `1...jobsMax`, else
  ///   the ``SimulationError`` of the lowest seed whose run failed.
  public static func run(_ request: SweepRequest, jobs: Int = 1) throws(SimulationError) -> [SweepLine] {
    guard (1...jobsMax).contains(jobs) else { throw .jobsOutOfRange(jobs) }
    return try SweepRunner.lines(request.shardSeeds, jobs: jobs) { seed throws(SimulationError) in
      try lines(request, seed: seed)
    }
  }
}
