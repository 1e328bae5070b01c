/// What ``Shrinker/shrink(_:strategy:domain:invariant:matching:runsMax:)`` (or, for a design of
/// your own, ``Shrinker/shrink(design:scenario:days:seed:invariant:matching:runsMax:)``) found: the shrunk scenario,
/// the request that replays it, and what it took.
///
/// ## Laws
/// - `scenario.script`, `scenario.seed` and `scenario.days` are set; `request` runs `scenario`
///   with that seed and those days, for `strategy` only, and shows `violation` (of `invariant`,
///   in `domain`); for a design of your own, `request.strategies` is empty: replay it with
///   ``Simulation/run(design:scenario:days:seed:store:detail:choices:)``.
/// - `eventCount == Shrinker.eventCount(of: scenario)` and `eventCount <= originalEventCount`.
/// - `yaml(replay:)` loads back (``ScenarioLoader/load(yaml:source:)``) to `scenario`, and is the
///   same text for the same result.
public struct ShrinkResult: Hashable, Sendable {
  /// The shrunk scenario: one domain, a script, the seed and the days to run it.
  public let scenario: Scenario
  /// The run that replays it.
  public let request: SimulationRequest
  /// The name of the strategy or design that fails.
  public let strategy: String
  public let domain: Domain
  public let invariant: Invariant
  /// The violation the shrunk run shows, with its trace.
  public let violation: Violation
  /// Scripted actions, kills and spells, zone changes and the store move of the shrunk scenario.
  public let eventCount: Int
  /// The same count for the run it was shrunk from (its planned actions and faults before its end).
  public let originalEventCount: Int
  /// The name of the scenario it was shrunk from.
  public let originalScenario: String
  /// The days of the run it was shrunk from.
  public let originalDays: Int
  /// The runs the shrink made, the last one (with traces) included.
  public let runs: Int
  /// Whether the search reached its fixpoint within its runs (see ``Shrinker``'s laws); `false`
  /// when the runs ran out first.
  public let isMinimal: Bool

  /// The shrunk scenario as a scenario file, with a header saying what it was shrunk from, what
  /// it violates and, when given, the `replay` command (such as
  /// `simulate --scenario shrunk.yaml`).
  public func yaml(replay: String? = nil) -> String {
    var header = [
      "\(scenario.name) — a shrunk failure: \(strategy) (\(domain.rawValue)) breaks \(invariant.rawValue).",
      "",
      "Shrunk from \(originalScenario) (seed \(request.seed), \(originalDays) days, \(originalEventCount) events)"
        + " to \(eventCount) events and \(request.days) \(request.days == 1 ? "day" : "days") in \(runs) runs"
        + (isMinimal ? "; removing any one event makes it pass." : "; the runs ran out before a fixpoint."),
      "First seen at \(violation.time): \(violation.detail)",
    ]
    if let replay { header.append("Replay: \(replay)") }
    return ScenarioWriter.yaml(scenario, header: header)
  }
}
