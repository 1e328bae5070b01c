public import GlanceKernel

/// The invariants checked for every strategy, with the stable names used in reports and tests.
public enum Invariant: String, Hashable, Sendable, CaseIterable, Comparable {
  /// Every accepted user action is in the phone's store at the final check (after the liveness
  /// phase).
  case noLostWrite = "no-lost-write"
  /// No accepted action is in the phone's store twice at the final check.
  case noDoubleCount = "no-double-count"
  /// After every quiescent window (30 minutes without an action, nothing in flight) and at the
  /// final check, app, widget and watch show the true count.
  case convergence = "convergence"
  /// At every local day boundary, no surface still shows the value of the day (or period) that ended.
  case rollover = "rollover"
  /// Disagreement with the truth is measured for every surface; for a converged design, after a
  /// write made with the app in the foreground, the widget agrees again within the modelled
  /// reload latency.
  case staleness = "staleness"
  /// WidgetKit's budget denied none of the widget's reload requests.
  case refreshBudget = "refresh-budget"
  /// The store move keeps every record (steps domain).
  case noDataLoss = "no-data-loss"

  public static func < (lhs: Invariant, rhs: Invariant) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The first occurrence of a violated invariant, and how many times it was seen.
public struct Violation: Hashable, Sendable {
  public let invariant: Invariant
  public let time: Instant
  public let surface: Surface?
  public let expected: Int
  public let found: Int
  public let detail: String
  /// The events around it, oldest first: just before it, or, when it is dated at the action
  /// that made the entry (``datedAtAction``), around that action.
  public internal(set) var trace: [String]
  /// Whether `time` is the instant of the action whose entry was lost or doubled (found at the
  /// final check), rather than when the checker saw it.
  public let datedAtAction: Bool
  public var occurrences: Int
  /// Every surface on which it was seen, in surface order.
  public var surfaces: [Surface]
}

/// Staleness of one surface: the intervals during which it disagreed with the truth.
public struct StalenessFigures: Hashable, Sendable {
  public let surface: Surface
  /// Every interval's length in milliseconds, sorted.
  public let intervals: [Int64]

  public var count: Int { intervals.count }
  /// The nearest-rank percentile `p` (0…100) in milliseconds, 0 when there is none.
  public func percentile(_ p: Int) -> Int64 {
    guard !intervals.isEmpty else { return 0 }
    let rank = max(1, (p * intervals.count + 99) / 100)
    return intervals[min(rank, intervals.count) - 1]
  }
  public var maximum: Int64 { intervals.last ?? 0 }
}

/// What one strategy did in one run.
public struct StrategyResult: Hashable, Sendable {
  public let strategy: String
  public let domain: Domain
  public let expectedToConverge: Bool
  /// Violations by invariant, in invariant order.
  public let violations: [Violation]
  public let staleness: [StalenessFigures]
  public let events: Int
  public let acceptedActions: Int
  public let reloadRequests: Int
  public let chargedReloads: Int
  public let deniedReloads: Int
  /// The SVG chart of displayed against true counts around the longest divergence, if any.
  public let chart: String?

  public func violation(_ invariant: Invariant) -> Violation? {
    violations.first { $0.invariant == invariant }
  }

  /// The same result with `violations` in place of its own.
  func replacing(violations: [Violation]) -> StrategyResult {
    StrategyResult(
      strategy: strategy, domain: domain, expectedToConverge: expectedToConverge, violations: violations,
      staleness: staleness, events: events, acceptedActions: acceptedActions, reloadRequests: reloadRequests,
      chargedReloads: chargedReloads, deniedReloads: deniedReloads, chart: chart)
  }

  /// Whether a strategy that is expected to converge broke an invariant.
  public var failsExpectation: Bool { expectedToConverge && !violations.isEmpty }
}
