public import Foundation

/// The aggregated report of a sweep's lines: `sweep.md` for people and `sweep.json` for tools.
///
/// ## Laws
/// - It depends only on the manifest and the set of lines, not on their order: a merged sweep's
///   report is byte-identical to the report of the same sweep run whole.
/// - Shares are floored (`100.00 %` only when every seed converged); every figure is an integer.
/// - ``coverage`` is the union of every line's cells of the fault space (``FaultCoverage``), which
///   is associative, commutative and idempotent: the same for any order of the lines, and for a
///   merge of shards as for the sweep run whole.
public struct SweepReport: Sendable {
  /// One strategy over every seed.
  public struct StrategyRow: Hashable, Sendable, Codable {
    public let strategy: String
    public let expectedToConverge: Bool
    public let seeds: Int
    public let converged: Int
    /// `converged / seeds` in hundredths of a percent, floored.
    public let convergedBasisPoints: Int
    /// The lowest seed on which it broke an invariant.
    public let firstFailingSeed: UInt64?
  }

  /// One invariant broken by one strategy in one domain, over every seed.
  public struct ViolationRow: Hashable, Sendable, Codable {
    public let strategy: String
    public let domain: String
    public let invariant: String
    /// Seeds on which it was seen.
    public let seeds: Int
    /// Occurrences over every seed.
    public let occurrences: Int
    /// The lowest seeds on which it was seen, at most ``SweepReport/firstSeedsShown``.
    public let firstSeeds: [UInt64]
  }

  /// The longest disagreement of one surface over every seed, and the lowest seed that had it.
  public struct StalenessRow: Hashable, Sendable, Codable {
    public let strategy: String
    public let domain: String
    public let surface: String
    public let maxMilliseconds: Int64
    public let seed: UInt64
  }

  /// How many cells of the fault space one strategy's faults reached over every seed.
  public struct CoverageRow: Hashable, Sendable, Codable {
    /// The strategy's name.
    public let strategy: String
    /// How many cells its lines reached, merged over every seed and domain.
    public let cellsReached: Int
  }

  public static let firstSeedsShown = 5

  public let manifest: SweepManifest
  public let strategies: [StrategyRow]
  public let violations: [ViolationRow]
  public let staleness: [StalenessRow]
  /// The cells of the fault space reached over every seed and strategy (``FaultCoverage``).
  public let coverage: FaultCoverage
  /// How many cells each strategy reached, in the manifest's order.
  public let coverageByStrategy: [CoverageRow]

  /// Whether a strategy expected to converge broke an invariant on some seed.
  public var failsExpectation: Bool { strategies.contains { $0.expectedToConverge && $0.converged < $0.seeds } }

  /// Aggregates `lines` (in any order), through a ``SweepAggregator``.
  public init(manifest: SweepManifest, lines: [SweepLine]) {
    var aggregator = SweepAggregator(strategies: manifest.strategies)
    for line in lines.sorted(by: { ($0.seed, $0.strategy) < ($1.seed, $1.strategy) }) { aggregator.add(line) }
    self = aggregator.report(manifest)
  }

  /// The report of rows already aggregated (``SweepAggregator/report(_:)``).
  init(
    manifest: SweepManifest, strategies: [StrategyRow], violations: [ViolationRow], staleness: [StalenessRow],
    coverage: (union: FaultCoverage, byStrategy: [CoverageRow])
  ) {
    self.manifest = manifest
    self.coverage = coverage.union
    self.coverageByStrategy = coverage.byStrategy
    self.strategies = strategies
    self.violations = violations.sorted {
      ($0.strategy, Self.rank($0.domain), $0.invariant) < ($1.strategy, Self.rank($1.domain), $1.invariant)
    }
    self.staleness = staleness
  }

  private static func rank(_ domain: String) -> Int {
    Domain.allCases.firstIndex { $0.rawValue == domain } ?? Domain.allCases.count
  }

  /// Whether the report covers one shard of a sweep cut in several.
  private var partial: Bool { manifest.shard != SweepShard.whole.description }

  /// The command that replays `seed` for `strategy` with its traces.
  public func replayCommand(seed: UInt64, strategy: String) -> String {
    "simulate --days \(manifest.days) --seed \(seed) --scenario \(manifest.scenarioReference) --strategy \(strategy) --trace"
  }

  // MARK: Markdown

  public var markdown: String {
    var lines = ["# Glance sweep: \(manifest.scenario), seeds \(manifest.seeds), \(manifest.days) days", ""]
    if !manifest.summary.isEmpty { lines += [manifest.summary, ""] }
    let seedCount = strategies.map(\.seeds).max() ?? 0
    var header = [
      ["scenario", "`\(manifest.scenarioReference)` (digest \(manifest.scenarioDigest))"],
      ["seeds", "\(manifest.seeds)" + (partial ? ", shard \(manifest.shard): \(seedCount) of them" : ": \(seedCount)")],
      ["days", "\(manifest.days)"],
      ["strategies", manifest.strategies.joined(separator: ", ")],
      ["lines", "\(manifest.lines)"],
      ["tzdata", manifest.tzdata],
      ["glance", manifest.glance],
    ]
    if partial {
      header.insert(
        [
          "shard",
          "\(manifest.shard): seeds ≡ \(manifest.shard.split(separator: "/")[0]) − 1 after the first, modulo \(manifest.shard.split(separator: "/")[1]); merge the shards for the whole report",
        ], at: 2)
    }
    lines += ["| | |", "|---|---|"] + header.map { "| \($0[0]) | \($0[1]) |" } + [""]

    lines += [
      "## Convergence", "",
      "The share of seeds on which a strategy held every invariant in every domain it plays (floored).", "",
    ]
    lines += ReportTable.markdown(
      ["strategy", "expected", "seeds", "converged", "share", "first failing seed"], leftColumns: 2,
      strategies.map { row in
        [
          row.strategy, row.expectedToConverge ? "to converge" : "legacy", "\(row.seeds)", "\(row.converged)",
          Self.percent(row.convergedBasisPoints), row.firstFailingSeed.map { "\($0)" } ?? "–",
        ]
      })

    lines += [
      "## Violations", "",
      "Each invariant a strategy broke, per domain: on how many seeds, how often in all, and the first seeds.", "",
    ]
    if violations.isEmpty {
      lines += ["None.", ""]
    } else {
      lines += ReportTable.markdown(
        ["strategy", "domain", "invariant", "seeds", "occurrences", "first seeds"], leftColumns: 3,
        violations.map { row in
          [
            row.strategy, row.domain, row.invariant, "\(row.seeds)", "\(row.occurrences)",
            row.firstSeeds.map { "\($0)" }.joined(separator: ", "),
          ]
        })
    }

    lines += [
      "## Worst staleness", "",
      "The longest interval a surface showed another count than the truth, over every seed, in seconds, and the first seed with it.", "",
    ]
    lines += ReportTable.markdown(
      ["strategy", "domain", "surface", "max", "seed"], leftColumns: 3,
      staleness.map { [$0.strategy, $0.domain, $0.surface, Report.seconds($0.maxMilliseconds), "\($0.seed)"] })

    lines += coverageLines
    lines += ["## Verdict", ""]
    let failing = strategies.filter { $0.expectedToConverge && $0.converged < $0.seeds }
    if failing.isEmpty {
      let expected = strategies.filter(\.expectedToConverge).map(\.strategy)
      lines.append(
        "pass: \(expected.isEmpty ? "no strategy is expected to converge" : expected.joined(separator: ", ") + " held every invariant on every seed")."
      )
    } else {
      lines.append(
        "FAIL: \(failing.map { "\($0.strategy) broke an invariant on \($0.seeds - $0.converged) seeds" }.joined(separator: "; ")).")
      lines.append("")
      for row in failing {
        if let seed = row.firstFailingSeed { lines.append("Replay: `\(replayCommand(seed: seed, strategy: row.strategy))`") }
      }
    }
    return (lines + [""]).joined(separator: "\n")
  }

  /// The section *Fault coverage*: the cells reached over every seed and strategy, and those
  /// never reached.
  private var coverageLines: [String] {
    var lines = ["## Fault coverage", "", coverage.summary(over: "every seed and strategy"), ""]
    lines += ReportTable.markdown(
      ["strategy", "cells reached"], leftColumns: 1, coverageByStrategy.map { [$0.strategy, "\($0.cellsReached)"] })
    lines += coverage.table.markdown
    let unreached = coverage.unreachedLines
    lines += ["Never reached (\(coverage.unreached.count) cells):" + (unreached.isEmpty ? " none." : ""), ""]
    if !unreached.isEmpty { lines += ["```"] + unreached + ["```", ""] }
    return lines
  }

  /// Hundredths of a percent as `99.95 %`.
  public static func percent(_ basisPoints: Int) -> String {
    let fraction = basisPoints % 100
    return "\(basisPoints / 100).\(fraction < 10 ? "0" : "")\(fraction) %"
  }

  // MARK: JSON

  public func json() throws -> Data {
    struct Shape: Encodable {
      let manifest: SweepManifest
      let verdict: String
      let strategies: [StrategyRow]
      let violations: [ViolationRow]
      let staleness: [StalenessRow]
      let coverage: FaultCoverage.JSONSummary
      let coverageByStrategy: [CoverageRow]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(
      Shape(
        manifest: manifest, verdict: failsExpectation ? "fail" : "pass", strategies: strategies, violations: violations,
        staleness: staleness, coverage: FaultCoverage.JSONSummary(coverage), coverageByStrategy: coverageByStrategy))
  }
}
