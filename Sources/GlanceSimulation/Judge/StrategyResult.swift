/// What one strategy did in one run.
public struct StrategyResult: Hashable, Sendable {
  public let strategy: String
  public let domain: Domain
  public let expectedToConverge: Bool
  /// Violations by invariant, in invariant order.
  public let violations: [Violation]
  /// For a design not expected to converge, held to no staleness bound: how many of its
  /// surfaces' disagreements outlasted the bound a converging design is held to (a figure, not a
  /// violation; 0 for a design expected to converge, whose late disagreements are violations).
  public let stalenessBeyondBound: Int
  /// How many checks of each invariant ran (each surface compared, each store audited, each
  /// reload request judged).
  public let checks: [Invariant: Int]
  /// How many faults of each kind the world injected.
  public let faults: [FaultKind: Int]
  /// The cells of the fault space its faults reached (``FaultCoverage``).
  public let coverage: FaultCoverage
  public let staleness: [StalenessFigures]
  public let events: Int
  public let acceptedActions: Int
  public let reloadRequests: Int
  public let chargedReloads: Int
  public let deniedReloads: Int
  /// The SVG chart of displayed against true values over the longest divergence, from where it
  /// began to where it ended, if any surface ever disagreed.
  public let chart: String?
  /// The SVG chart of the whole run: every surface against the truth, where each disagreed,
  /// kills, spells out of range, denied reloads and the first occurrence of each violation.
  public let overview: String?

  public func violation(_ invariant: Invariant) -> Violation? {
    violations.first { $0.invariant == invariant }
  }

  /// Whether `invariant` was checked at all: a store audited, a surface compared, a request
  /// judged. An invariant that does not apply (no store move) has no check, and its verdict is
  /// ``Verdict/notApplicable``, never a pass.
  public func applies(_ invariant: Invariant) -> Bool {
    (checks[invariant] ?? 0) > 0 || violation(invariant) != nil
  }

  /// The verdict on `invariant`: for staleness of a design not expected to converge, the
  /// disagreements beyond the bound as a figure (``Verdict/late(occurrences:)``) when there were
  /// any.
  public func verdict(_ invariant: Invariant) -> Verdict {
    if let violation = violation(invariant) { return .fail(occurrences: violation.occurrences) }
    if invariant == .staleness, stalenessBeyondBound > 0 { return .late(occurrences: stalenessBeyondBound) }
    return applies(invariant) ? .pass : .notApplicable
  }

  /// The same result with `violations` in place of its own.
  func replacing(violations: [Violation]) -> StrategyResult {
    StrategyResult(
      strategy: strategy, domain: domain, expectedToConverge: expectedToConverge, violations: violations,
      stalenessBeyondBound: stalenessBeyondBound, checks: checks, faults: faults, coverage: coverage, staleness: staleness,
      events: events,
      acceptedActions: acceptedActions, reloadRequests: reloadRequests, chargedReloads: chargedReloads,
      deniedReloads: deniedReloads, chart: chart, overview: overview)
  }

  /// Whether a strategy that is expected to converge broke an invariant.
  public var failsExpectation: Bool { expectedToConverge && !violations.isEmpty }

  /// Whether every invariant held (a design not expected to converge may still).
  public var converged: Bool { violations.isEmpty }
}
