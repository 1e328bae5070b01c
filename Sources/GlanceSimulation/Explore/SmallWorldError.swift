/// Why a ``SmallWorld`` cannot be made.
public enum SmallWorldError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The moves asked are not in `1...SmallWorld.movesMax`.
  case movesOutOfRange(Int)
  /// The bound of drawn faults asked is below zero.
  case drawnFaultsNegative(Int)
  /// The scenario does not play the domain asked.
  case domainNotInScenario(String, scenario: String)

  public var description: String {
    switch self {
    case .movesOutOfRange(let moves):
      return "a small world holds 1 to \(SmallWorld.movesMax) moves, not \(moves)"
    case .drawnFaultsNegative(let bound):
      return "a small world's bound of drawn faults is 0 or more, not \(bound)"
    case .domainNotInScenario(let domain, let scenario):
      return "the scenario \(scenario) does not play the domain \(domain)"
    }
  }
}
