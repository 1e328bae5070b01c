import Foundation

/// What one strategy did on one seed of a sweep: the line `simulate sweep` writes for it in
/// `lines.jsonl`, one JSON object per line.
///
/// ## Laws
/// - A line depends only on the binary, the scenario, the days, the seed and the strategy: the
///   same inputs give the same bytes on any machine, in any shard, with any number of jobs (the
///   shard contract).
/// - `converged` is true exactly when `violations` is empty.
/// - `violations` is in domain, then invariant order; `staleness` in domain, then surface order.
/// - `coverage` is the union of the cells of the fault space the strategy's faults reached in
///   every domain it played (``FaultCoverage``), written as their names in order.
public struct SweepLine: Hashable, Sendable, Codable {
  /// One invariant a strategy broke in one domain on this seed.
  public struct Broken: Hashable, Sendable, Codable {
    public let domain: String
    public let invariant: String
    /// How many times it was seen in the run.
    public let occurrences: Int
  }

  /// The longest interval one surface showed another count than the truth on this seed.
  public struct Stale: Hashable, Sendable, Codable {
    public let domain: String
    public let surface: String
    public let maxMilliseconds: Int64
  }

  public let seed: UInt64
  public let strategy: String
  public let expectedToConverge: Bool
  /// Whether the strategy held every invariant in every domain it played.
  public let converged: Bool
  public let violations: [Broken]
  public let staleness: [Stale]
  /// The cells of the fault space the strategy's faults reached on this seed, in every domain.
  public var coverage = FaultCoverage()

  /// The lines of `outcome`, one per strategy, in the request's strategy order.
  public static func lines(of outcome: SimulationOutcome) -> [SweepLine] {
    outcome.request.strategies.compactMap { strategy -> SweepLine? in
      let results = outcome.results.filter { $0.strategy == strategy.rawValue }
      guard let first = results.first else { return nil }
      let broken = results.flatMap { result in
        result.violations.map {
          Broken(domain: result.domain.rawValue, invariant: $0.invariant.rawValue, occurrences: $0.occurrences)
        }
      }
      let stale = results.flatMap { result in
        result.staleness.map {
          Stale(domain: result.domain.rawValue, surface: $0.surface.rawValue, maxMilliseconds: $0.maximum)
        }
      }
      return SweepLine(
        seed: outcome.request.seed, strategy: strategy.rawValue, expectedToConverge: first.expectedToConverge,
        converged: broken.isEmpty, violations: broken, staleness: stale,
        coverage: results.reduce(FaultCoverage()) { $0.union($1.coverage) })
    }
  }

  /// The line as one line of JSON (keys sorted, no spaces), without the newline.
  public func jsonLine() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(self), as: UTF8.self)
    } catch {
      preconditionFailure("a sweep line of strings and integers always encodes: \(error)")
    }
  }
}

extension SweepLine {
  /// The line of `result`, one design's run of one domain at `seed`.
  init(seed: UInt64, result: StrategyResult) {
    let broken = result.violations.map {
      Broken(domain: result.domain.rawValue, invariant: $0.invariant.rawValue, occurrences: $0.occurrences)
    }
    self.init(
      seed: seed, strategy: result.strategy, expectedToConverge: result.expectedToConverge, converged: broken.isEmpty,
      violations: broken,
      staleness: result.staleness.map {
        Stale(domain: result.domain.rawValue, surface: $0.surface.rawValue, maxMilliseconds: $0.maximum)
      }, coverage: result.coverage)
  }
}
