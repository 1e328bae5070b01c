/// A ``SweepReport`` made as the lines come, in seed order, without keeping them: what a sweep
/// streams through while it writes `lines.jsonl`, so that its memory does not grow with the
/// number of seeds.
///
/// ```swift
/// var aggregator = SweepAggregator(strategies: manifest.strategies)
/// for line in lines { aggregator.add(line) }  // seed order, then strategy order
/// let report = aggregator.report(manifest)
/// ```
///
/// ## Laws
/// - For lines added in (seed, strategy) order, `report(manifest)` equals
///   `SweepReport(manifest: manifest, lines: lines)`.
/// - Its memory is bounded by the strategies, domains, invariants and surfaces, never by the
///   seeds (a violation keeps the first ``SweepReport/firstSeedsShown`` seeds and a count; the
///   coverage of the fault space is a fixed-size union, ``FaultCoverage``).
public struct SweepAggregator: Sendable {
  private struct Broken: Sendable {
    let domain: String
    let invariant: String
    var seeds = 0
    var firstSeeds: [UInt64] = []
    var occurrences = 0
  }

  private struct Strategy: Sendable {
    let name: String
    var expectedToConverge: Bool? = nil
    var seeds = 0
    var converged = 0
    var firstFailingSeed: UInt64? = nil
    /// By domain and invariant (looked up; the keys are sorted before they reach the report).
    var broken: [String: Broken] = [:]
    /// The worst staleness by domain and surface (looked up; read in `order`).
    var worst: [String: SweepReport.StalenessRow] = [:]
    /// The domains and surfaces of the first line, in its order.
    var order: [String]? = nil
    /// The cells of the fault space its lines reached, merged.
    var coverage = FaultCoverage()
  }

  private var strategies: [Strategy]
  /// Each strategy's index in `strategies` (a manifest's strategies are distinct).
  private let index: [String: Int]

  /// An aggregator for a sweep of `strategies` (the manifest's, in its order).
  public init(strategies: [String]) {
    self.strategies = strategies.map { Strategy(name: $0) }
    var index: [String: Int] = [:]
    for (position, strategy) in strategies.enumerated() where index[strategy] == nil { index[strategy] = position }
    self.index = index
  }

  /// Adds `line`; lines come in seed order (then strategy order). A line of a strategy the
  /// manifest does not list is ignored, as the report ignores it.
  public mutating func add(_ line: SweepLine) {
    guard let position = index[line.strategy] else { return }
    var strategy = strategies[position]
    strategies[position] = Strategy(name: strategy.name)  // no copy while it changes
    if strategy.expectedToConverge == nil { strategy.expectedToConverge = line.expectedToConverge }
    strategy.seeds += 1
    if line.converged {
      strategy.converged += 1
    } else if strategy.firstFailingSeed == nil {
      strategy.firstFailingSeed = line.seed
    }
    for violation in line.violations {
      let key = violation.domain + "\u{0}" + violation.invariant
      var entry = strategy.broken[key] ?? Broken(domain: violation.domain, invariant: violation.invariant)
      entry.seeds += 1
      if entry.firstSeeds.count < SweepReport.firstSeedsShown { entry.firstSeeds.append(line.seed) }
      entry.occurrences += violation.occurrences
      strategy.broken[key] = entry
    }
    for stale in line.staleness {
      let key = stale.domain + "\u{0}" + stale.surface
      if strategy.worst[key].map({ stale.maxMilliseconds > $0.maxMilliseconds }) ?? true {
        strategy.worst[key] = SweepReport.StalenessRow(
          strategy: strategy.name, domain: stale.domain, surface: stale.surface, maxMilliseconds: stale.maxMilliseconds,
          seed: line.seed)
      }
    }
    if strategy.order == nil { strategy.order = line.staleness.map { $0.domain + "\u{0}" + $0.surface } }
    strategy.coverage.formUnion(line.coverage)
    strategies[position] = strategy
  }

  /// The report of the lines added, for `manifest`.
  public func report(_ manifest: SweepManifest) -> SweepReport {
    var rows: [SweepReport.StrategyRow] = []
    var violations: [SweepReport.ViolationRow] = []
    var staleness: [SweepReport.StalenessRow] = []
    var coverage = FaultCoverage()
    for strategy in strategies {
      coverage.formUnion(strategy.coverage)
      rows.append(
        SweepReport.StrategyRow(
          strategy: strategy.name, expectedToConverge: strategy.expectedToConverge ?? false, seeds: strategy.seeds,
          converged: strategy.converged,
          convergedBasisPoints: strategy.seeds == 0 ? 0 : strategy.converged * 10_000 / strategy.seeds,
          firstFailingSeed: strategy.firstFailingSeed))
      violations += strategy.broken.keys.sorted().compactMap { key in
        strategy.broken[key].map {
          SweepReport.ViolationRow(
            strategy: strategy.name, domain: $0.domain, invariant: $0.invariant, seeds: $0.seeds, occurrences: $0.occurrences,
            firstSeeds: $0.firstSeeds)
        }
      }
      staleness += (strategy.order ?? []).compactMap { strategy.worst[$0] }
    }
    return SweepReport(
      manifest: manifest, strategies: rows, violations: violations, staleness: staleness,
      coverage: (coverage, strategies.map { SweepReport.CoverageRow(strategy: $0.name, cellsReached: $0.coverage.count) }))
  }
}
