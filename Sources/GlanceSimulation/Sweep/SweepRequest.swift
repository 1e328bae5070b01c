import Foundation
import GlanceKernel

/// Which seeds a sweep runs: a range of seeds, cut into `count` shards of which this is number
/// `index` (1-based).
///
/// ## The shard contract
/// Seed `s` of `first...last` belongs to shard `((s - first) mod count) + 1`: the shards are
/// stripes, so each gets a fair share of slow and fast seeds, and together they hold every seed
/// once. The same binary, scenario, days, seed range and strategies give every shard the same
/// lines wherever and whenever it runs, with any number of jobs; merging the shards gives, byte for
/// byte, the report of the sweep run whole (``SweepFolder/merge(_:)``).
public struct SweepShard: Hashable, Sendable, CustomStringConvertible {
  /// This shard's number, 1…count.
  public let index: Int
  public let count: Int

  /// The whole range: one shard.
  public static let whole = SweepShard(validIndex: 1, count: 1)

  private init(validIndex: Int, count: Int) {
    self.index = validIndex
    self.count = count
  }

  /// Shard `index` of `count`.
  ///
  /// - Throws: ``SweepError/badShard(_:)`` unless `1 ≤ index ≤ count`.
  public init(index: Int, count: Int) throws(SweepError) {
    guard count >= 1, (1...count).contains(index) else { throw .badShard("\(index)/\(count)") }
    self.init(validIndex: index, count: count)
  }

  /// Reads `K/N`, as in `--shard 2/4`.
  ///
  /// - Throws: ``SweepError/badShard(_:)`` for anything else.
  public init(parsing text: String) throws(SweepError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = SeedRange.decimal(parts[0], digitsMax: 9).map(Int.init),
      let count = SeedRange.decimal(parts[1], digitsMax: 9).map(Int.init)
    else {
      throw .badShard(text)
    }
    guard count >= 1, (1...count).contains(index) else { throw .badShard(text) }
    self.init(validIndex: index, count: count)
  }

  /// The seeds of `range` in this shard, in order: a collection computed on demand, so its
  /// memory does not depend on the range's size.
  public func seeds(of range: ClosedRange<UInt64>) -> ShardSeeds { ShardSeeds(range: range, shard: self) }

  public var description: String { "\(index)/\(count)" }
}

/// The seeds of one shard of a range, in order: seed `i` is `first + (index − 1) + i × count`.
/// Computed, never stored: `count`, `subscript` and iteration are O(1) per seed whatever the
/// range (`1...99999999` holds no list of seeds).
///
/// ## Laws
/// - The elements are exactly the seeds `s` of the range with `(s − first) mod count = index − 1`,
///   ascending (property-tested against filtering the range).
/// - The shards `1/N … N/N` of a range hold each of its seeds once.
public struct ShardSeeds: RandomAccessCollection, Hashable, Sendable {
  public let range: ClosedRange<UInt64>
  public let shard: SweepShard

  public init(range: ClosedRange<UInt64>, shard: SweepShard) {
    self.range = range
    self.shard = shard
    let offset = UInt64(shard.index - 1)
    let span = range.upperBound - range.lowerBound
    // The number of seeds s = first + offset + i × stride with s ≤ last; `span` fits a UInt64
    // even for the whole range, and the count is at most 2^64 / stride.
    if offset > span {
      count = 0
    } else {
      let steps = (span - offset) / UInt64(shard.count)
      precondition(steps < UInt64(Int.max), "a shard of \(SeedRange.text(range)) holds more seeds than an Int counts")
      count = Int(steps) + 1
    }
  }

  /// The number of seeds in the shard.
  public let count: Int
  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// The `position`-th seed of the shard.
  ///
  /// - Precondition: `0 ≤ position < count`.
  public subscript(position: Int) -> UInt64 {
    precondition((0..<count).contains(position), "seed \(position) of a shard of \(count) seeds")
    return range.lowerBound + UInt64(shard.index - 1) + UInt64(position) * UInt64(shard.count)
  }
}

/// A range of seeds as `--seeds` writes it: `A...B`, or one seed `A`.
public enum SeedRange {
  /// The most seeds one sweep may span.
  public static let countMax: UInt64 = 100_000_000

  /// - Throws: ``SweepError/badSeedRange(_:)`` unless the text is `A...B` with `A ≤ B`, or a
  ///   single seed; ``SweepError/tooManySeeds(first:last:limit:)`` when `A...B` spans more than
  ///   ``countMax`` seeds.
  public static func parse(_ text: String) throws(SweepError) -> ClosedRange<UInt64> {
    let bounds: [Substring]
    if let dots = text.range(of: "...") {
      bounds = [text[..<dots.lowerBound], text[dots.upperBound...]]
    } else {
      bounds = [Substring(text)]
    }
    let values = bounds.compactMap { decimal($0, digitsMax: 20) }
    guard values.count == bounds.count, let first = values.first, let last = values.last, first <= last
    else { throw .badSeedRange(text) }
    guard last - first < countMax else { throw .tooManySeeds(first: first, last: last, limit: countMax) }
    return first...last
  }

  /// The value of 1 to `digitsMax` ASCII digits (no sign, no spaces), if it fits a `UInt64`.
  static func decimal(_ text: Substring, digitsMax: Int) -> UInt64? {
    guard (1...digitsMax).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return UInt64(text)
  }

  /// `A...B`, as `parse` reads it.
  public static func text(_ range: ClosedRange<UInt64>) -> String { "\(range.lowerBound)...\(range.upperBound)" }
}

/// What a sweep runs: every seed of its shard through the scenario, each for `days`; or, when
/// `generated`, each seed through its own ``ScenarioGenerator`` scenario.
public struct SweepRequest: Hashable, Sendable {
  /// The scenario every seed plays; for a generated sweep, ``generatedPlaceholder``, which names
  /// the sweep in reports.
  public var scenario: Scenario
  /// Whether each seed plays ``ScenarioGenerator/scenario(seed:)`` instead of `scenario`.
  public var generated: Bool
  /// Where the scenario came from, as reports name it (`default`, or a path).
  public var scenarioReference: String
  public var days: Int
  public var seeds: ClosedRange<UInt64>
  public var shard: SweepShard
  /// The strategies, sorted and without duplicates.
  public var strategies: [StrategyName]

  public init(
    scenario: Scenario, scenarioReference: String, days: Int, seeds: ClosedRange<UInt64>,
    shard: SweepShard = .whole, strategies: [StrategyName] = StrategyName.allCases
  ) {
    self.scenario = scenario
    self.generated = false
    self.scenarioReference = scenarioReference
    self.days = days
    self.seeds = seeds
    self.shard = shard
    self.strategies = Array(Set(strategies)).sorted()
  }

  /// A sweep in which every seed plays the scenario ``ScenarioGenerator`` draws from it.
  public static func generated(
    days: Int, seeds: ClosedRange<UInt64>, shard: SweepShard = .whole, strategies: [StrategyName] = StrategyName.allCases
  ) -> SweepRequest {
    var request = SweepRequest(
      scenario: generatedPlaceholder, scenarioReference: ScenarioGenerator.reference, days: days, seeds: seeds,
      shard: shard, strategies: strategies)
    request.generated = true
    return request
  }

  /// What a generated sweep's reports name as its scenario.
  public static let generatedPlaceholder = Scenario(
    name: ScenarioGenerator.reference,
    summary:
      "Each seed plays its own scenario, drawn by ScenarioGenerator \(ScenarioGenerator.version) across every field's documented range (`simulate generate --seed S` writes it).",
    start: CivilDate(dayNumber: 0))

  /// The seeds this shard runs, in order (computed on demand, see ``ShardSeeds``).
  public var shardSeeds: ShardSeeds { shard.seeds(of: seeds) }

  /// The simulation of one seed.
  public func simulation(seed: UInt64) -> SimulationRequest {
    SimulationRequest(
      scenario: generated ? ScenarioGenerator.scenario(seed: seed) : scenario, days: days, seed: seed,
      strategies: strategies)
  }
}
