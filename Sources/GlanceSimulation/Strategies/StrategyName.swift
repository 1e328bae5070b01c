/// The strategies `simulate` knows, by stable name.
public enum StrategyName: String, Hashable, Sendable, CaseIterable, Comparable {
  case mirrorsmokerLegacy = "mirrorsmoker-legacy"
  /// MirrorSmoker as the project seed's snapshot has it (before `0fd0341`).
  case mirrorsmokerSeed = "mirrorsmoker-seed"
  case babystepsWidget = "babysteps-widget"
  case pulpeWidget = "pulpe-widget"
  case converged = "converged"

  public static func < (lhs: StrategyName, rhs: StrategyName) -> Bool { lhs.rawValue < rhs.rawValue }
}
