import GlanceKernel

/// Reduces a failing run to a small scenario that still fails the same way, and that a scenario
/// file (``ScenarioWriter``) and `simulate --scenario` replay.
///
/// The run is first turned into a ``Script``: the actions and faults it planned, cut at its end,
/// played for one strategy in one domain (the workload's rates, which a script does not use, are
/// reset, with `lateNightTaps` off and no busy days). Then, greedily and until nothing changes,
/// each smaller candidate is run and kept when that strategy still violates the same invariant
/// in that domain:
/// 1. fewer days, dropping trailing days (binary search);
/// 2. a later start by whole days, dropping the leading days' events (binary search; nothing
///    moves in time, zone changes and the store move keep their dates);
/// 3. whole actors removed: the watch (its taps and spells out of range), the widget's taps, the
///    app, the kills, the travel, the store move;
/// 4. delta debugging (ddmin: chunks of a half, then quarters, … down to single elements) over
///    app sessions with their taps, then single actions, kills, spells and zone changes;
/// 5. duplicate deliveries off and late reloads at 0 s.
///
/// Only the run decides what stays. The seed still draws latencies and the step a kill falls
/// before, in the order things happen, so an event can stay because removing it changes a later
/// draw (a kill days before the one that matters, say), not because it matters itself.
///
/// ```swift
/// let request = SimulationRequest(scenario: defaultScenario, days: 30, seed: 42)
/// let shrunk = try Shrinker.shrink(request, strategy: .mirrorsmokerLegacy, domain: .tally, invariant: .rollover)
/// shrunk.eventCount  // 2: an app session from the widget and a tap in it, one day
/// let file = shrunk.yaml(replay: "simulate --scenario shrunk.yaml --seed 42 --days 1")
/// ```
///
/// ## Laws
/// - The result fails: running ``ShrinkResult/request`` shows ``ShrinkResult/violation``, a
///   violation of the same invariant for the same strategy and domain that `matching` accepts
///   (checked by a last run).
/// - The result is never larger: `eventCount <= originalEventCount`, and it runs at most the
///   original's days.
/// - When ``ShrinkResult/isMinimal``, removing any one event (action, kill, spell, zone change,
///   store move) from the shrunk scenario makes that violation disappear (or stop matching), and
///   so does running one day less, or starting one day later where no zone change or store move
///   falls on the first day.
/// - Deterministic: the same arguments give the same result, and the same YAML, byte for byte.
/// - At most `runsMax` runs (the check that the scripted run fails included), plus the last one
///   that gives the violation with its trace: ``ShrinkResult/runs`` `<= runsMax + 1`.
public enum Shrinker {
  /// The runs a shrink may make unless told otherwise: every known failure reaches its fixpoint
  /// in far fewer.
  public static let runsMaxDefault = 3_000

  /// Shrinks the run of `request` to a small scenario in which `strategy` still violates
  /// `invariant` in `domain`.
  ///
  /// A run can break one invariant in several ways (a rollover at midnight, or one after a
  /// flight); the shrinker keeps whichever is smallest unless `matching` narrows it down, as in
  /// `matching: { $0.detail.contains("which the device left") }`.
  ///
  /// - Parameters:
  ///   - request: The failing run (its scenario, days and seed; its strategies are ignored).
  ///   - strategy: The strategy whose failure is shrunk.
  ///   - domain: The domain it fails in.
  ///   - invariant: The invariant it breaks, which every smaller candidate must still break.
  ///   - matching: Which violations of `invariant` count (every one by default); it sees the
  ///     first violation of `invariant` of each run, without its trace.
  ///   - runsMax: The most runs the search makes (at least 1); when they run out, the smallest
  ///     failing scenario found so far is the result, not marked minimal.
  /// - Returns: The shrunk scenario, with `script`, `seed` and `days` set, and what it took.
  /// - Throws: ``SimulationError/notReproduced(strategy:domain:invariant:)`` when the scripted
  ///   run shows no such violation (nothing to shrink: the strategy does not play the domain,
  ///   holds the invariant, or breaks it only in ways `matching` rejects), and any error of
  ///   ``Simulation/run(_:store:detail:choices:)`` for the request.
  /// - Complexity: at most `runsMax + 1` runs, each of at most the request's days.
  public static func shrink(
    _ request: SimulationRequest, strategy: StrategyName, domain: Domain, invariant: Invariant,
    matching: @escaping (Violation) -> Bool = { _ in true }, runsMax: Int = runsMaxDefault
  ) throws(SimulationError) -> ShrinkResult {
    guard strategy.domains.contains(domain) else {
      throw .notReproduced(strategy: strategy.rawValue, domain: domain.rawValue, invariant: invariant.rawValue)
    }
    return try shrink(
      request, target: .strategy(strategy, domain: domain), invariant: invariant, matching: matching, runsMax: runsMax)
  }

  /// Shrinks the run of `design` (a design of your own) through `scenario` for `days` from
  /// `seed` to a small scenario in which it still violates `invariant`, as
  /// ``shrink(_:strategy:domain:invariant:matching:runsMax:)`` does for a built-in strategy.
  ///
  /// ```swift
  /// let shrunk = try Shrinker.shrink(design: MyTally.self, scenario: scenario, days: 7, seed: 42, invariant: .noLostWrite)
  /// shrunk.eventCount                                   // a handful of taps
  /// try Simulation.run(design: MyTally.self, scenario: shrunk.scenario, days: shrunk.request.days, seed: 42)
  /// ```
  ///
  /// - Throws: ``SimulationError/domainNotInScenario(design:domain:)`` when `scenario` does not
  ///   play the design's domain, ``SimulationError/notReproduced(strategy:domain:invariant:)``
  ///   when the run shows no such violation, and what the run throws.
  public static func shrink<Design: SyncDesign>(
    design: Design.Type, scenario: Scenario, days: Int, seed: UInt64, invariant: Invariant,
    matching: @escaping (Violation) -> Bool = { _ in true }, runsMax: Int = runsMaxDefault
  ) throws(SimulationError) -> ShrinkResult {
    guard scenario.domains.contains(Design.domain) else {
      throw .domainNotInScenario(design: Design.name, domain: Design.domain.rawValue)
    }
    let request = SimulationRequest(scenario: scenario, days: days, seed: seed, strategies: [])
    return try shrink(request, target: .design(design), invariant: invariant, matching: matching, runsMax: runsMax)
  }

  /// Shrinks the run of `request` for `target`.
  static func shrink(
    _ request: SimulationRequest, target: ShrinkTarget, invariant: Invariant, matching: @escaping (Violation) -> Bool,
    runsMax: Int
  ) throws(SimulationError) -> ShrinkResult {
    precondition(runsMax >= 1, "a shrink needs at least one run, not \(runsMax)")
    let domain = target.domain
    let original = try scripted(request)
    let notReproduced = SimulationError.notReproduced(strategy: target.name, domain: domain.rawValue, invariant: invariant.rawValue)
    // What the run played: the plan cut at its end (the request ran, so it has bounds).
    guard let played = ShrinkCandidate(scenario: original, days: request.days).normalized() else {
      preconditionFailure("the run of \(request.scenario.name) has bounds: it was planned")
    }
    let start = ShrinkCandidate(
      scenario: restricted(played.scenario, of: request, to: domain, name: target.name, invariant: invariant), days: request.days)
    var search = ShrinkSearch(start: start, seed: request.seed, target: target, invariant: invariant, matches: matching, runsMax: runsMax)
    guard search.fails(start) else { throw notReproduced }
    let isMinimal = search.reduce()
    var shrunk = search.current.scenario
    shrunk.seed = request.seed
    shrunk.days = search.current.days
    let replay = SimulationRequest(scenario: shrunk, days: search.current.days, seed: request.seed, strategies: target.strategies)
    // The last run, with traces: the violation as a report shows it.
    guard let violation = try target.play(shrunk, search.current.days, request.seed, .full)?.violation(invariant), matching(violation)
    else {
      preconditionFailure("the shrunk scenario of \(target.name) (\(domain.rawValue)) no longer fails \(invariant.rawValue)")
    }
    let result = ShrinkResult(
      scenario: shrunk, request: replay, strategy: target.name, domain: domain, invariant: invariant,
      violation: violation, eventCount: eventCount(of: shrunk), originalEventCount: played.eventCount,
      originalScenario: request.scenario.name, originalDays: request.days, runs: search.runs + 1,
      isMinimal: isMinimal)
    assert(result.eventCount <= result.originalEventCount, "shrinking never adds events")
    return result
  }

  /// The events a scenario's size is counted in: scripted actions, kills and out-of-range
  /// spells, zone changes, and the store move if there is one.
  public static func eventCount(of scenario: Scenario) -> Int {
    (scenario.script?.eventCount ?? 0) + scenario.travel.count + (scenario.storeMove == nil ? 0 : 1)
  }

  /// The request's scenario with the plan of its run as a script (every planned action and
  /// fault, those at or after the end too, so that the liveness phase's app session keeps its
  /// number), the rates a script does not use reset, and `seed` and `days` set: it replays the
  /// run exactly.
  static func scripted(_ request: SimulationRequest) throws(SimulationError) -> Scenario {
    let plan = try RunInputs(request)
    var scenario = request.scenario
    scenario.script = Script(actions: plan.actions.map { ScriptedAction(at: $0.time, kind: $0.kind) }, faultPlan: plan.faults)
    var workload = Workload()
    workload.lateNightTaps = false
    scenario.workload = workload
    // A script replaces what the scripted families' settings would draw.
    let defaults = Faults()
    for family in FaultFamily.all where family.script != nil {
      for setting in family.settings { setting.reset(&scenario.faults, to: defaults) }
    }
    scenario.seed = request.seed
    scenario.days = request.days
    return scenario
  }

  /// `scenario` (the script of `request`'s run) for one domain, named and described after what
  /// it is shrunk for (`name`: the strategy's or design's).
  static func restricted(
    _ scenario: Scenario, of request: SimulationRequest, to domain: Domain, name: String, invariant: Invariant
  ) -> Scenario {
    var result = scenario
    result.domains = [domain]
    // The store move belongs to the steps domain (the loader insists).
    if domain != .steps { result.storeMove = nil }
    result.name = String("\(scenario.name)-\(name)-\(invariant.rawValue)".prefix(64))
    result.summary =
      "The smallest part found of \(scenario.name) (seed \(request.seed), \(request.days) days) in which "
      + "\(name) still breaks \(invariant.rawValue) in the \(domain.rawValue) domain."
    assert(result.name.utf8.count <= 64 && result.name.first != ".", "a name the loader reads: \(result.name)")
    return result
  }
}
