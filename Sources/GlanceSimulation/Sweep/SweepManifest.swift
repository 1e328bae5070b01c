import Foundation

/// What a sweep folder's `shard.json` says about its lines: which binary made them, from which
/// scenario, days, seeds and strategies, and which shard they are. ``SweepFolder/merge(_:)``
/// merges only folders whose manifests agree on everything but the shard's index.
public struct SweepManifest: Hashable, Sendable, Codable {
  /// The layout's version: 1.
  public var format: Int
  public var glance: String
  public var tzdata: String
  public var scenario: String
  public var scenarioReference: String
  /// The scenario's one-paragraph summary, for the report's header.
  public var summary: String
  /// FNV-1a (64-bit, hexadecimal) of the loaded scenario's every field: a scenario file
  /// changed between shards is refused even under the same name.
  public var scenarioDigest: String
  public var days: Int
  /// `A...B`.
  public var seeds: String
  /// `K/N`.
  public var shard: String
  /// The strategies that wrote lines (those playing one of the scenario's domains), sorted.
  public var strategies: [String]
  /// Lines in `lines.jsonl`.
  public var lines: Int

  public static let currentFormat = 1

  /// The manifest of `request`'s shard with `lines` lines.
  public init(_ request: SweepRequest, lines: Int) {
    format = Self.currentFormat
    glance = GlanceVersion.string
    tzdata = TimeZone.timeZoneDataVersion
    scenario = request.scenario.name
    scenarioReference = request.scenarioReference
    summary = request.scenario.summary
    scenarioDigest = Self.digest(of: request.scenario)
    days = request.days
    seeds = SeedRange.text(request.seeds)
    shard = request.shard.description
    strategies = request.playedStrategies.map(\.rawValue)
    self.lines = lines
  }

  /// FNV-1a, 64 bits, of the scenario's reflection (every stored field, in declaration order).
  static func digest(of scenario: Scenario) -> String {
    let hex = String(RandomStream.fnv1a64(String(reflecting: scenario).utf8), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}

extension SweepRequest {
  /// The strategies that play one of the scenario's simulated domains, sorted: each writes one
  /// line per seed.
  public var playedStrategies: [StrategyName] {
    let domains = scenario.domains.filter(Simulation.simulatedDomains.contains)
    return strategies.filter { strategy in strategy.domains.contains(where: domains.contains) }
  }
}
