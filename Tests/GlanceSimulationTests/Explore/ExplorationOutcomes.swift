@testable import GlanceSimulation

/// The outcomes of an exploration schedule by schedule, for the tests that check that a
/// reduction of the explorer loses none: their oracle is the unreduced exploration
/// (``ExploredChoices/unreduced``).
enum ExplorationOutcomes {
  /// Every outcome of every schedule of `world` with `design`, each the whole result of the play
  /// but its chart and overview (violations with their instants, staleness figures, checks,
  /// faults, coverage, counts) keyed by its plan, counted by how many schedules end so.
  static func of(_ design: any SyncDesign.Type, in world: SmallWorld, explored: ExploredChoices) throws -> [String: Int] {
    var outcomes: [String: Int] = [:]
    _ = try Explorer.explore(design, in: world, explored: explored) { plan, result in
      outcomes["plan \(plan) " + Self.outcome(result), default: 0] += 1
    }
    return outcomes
  }

  /// The outcomes of `design`'s schedules in `world`, reduced (``ExploredChoices/all``) and
  /// unreduced, and how many schedules each played.
  static func reducedAndUnreduced(
    _ design: any SyncDesign.Type, in world: SmallWorld
  ) throws -> (reduced: Set<String>, unreduced: Set<String>, played: Int, all: Int) {
    let reduced = try of(design, in: world, explored: .all)
    let unreduced = try of(design, in: world, explored: .unreduced)
    return (Set(reduced.keys), Set(unreduced.keys), reduced.values.reduce(0, +), unreduced.values.reduce(0, +))
  }

  /// A play's result in words, every field that can tell two plays apart but the chart's.
  static func outcome(_ result: StrategyResult) -> String {
    let checks = result.checks.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }
    let faults = result.faults.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }
    return [
      "\(result.violations)", "\(result.stalenessBeyondBound)", "\(checks)", "\(faults)",
      "\(result.coverage.cells.map(\.description))", "\(result.staleness)", "\(result.events)", "\(result.acceptedActions)",
      "\(result.reloadRequests) \(result.chargedReloads) \(result.deniedReloads)",
    ].joined(separator: " | ")
  }
}
