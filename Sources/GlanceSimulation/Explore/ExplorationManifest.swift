import Foundation

/// What an exploration folder's `shard.json` says about its figures: which binary made them,
/// from which scenario, strategy, domain, moves, bound of drawn faults, sessions of the app and
/// options, and which shard they are.
/// ``ExplorationFolder/merge(_:)`` merges only folders whose manifests agree on everything but
/// the shard's index, as a sweep's merge does (``SweepManifest``).
///
/// ## Laws
/// - `kind` is ``ShardFolderKind/explorationKind``, which tells a merge it is not a sweep's.
/// - ``identity`` lists every field a merge compares, the options' included.
public struct ExplorationManifest: Hashable, Sendable, Codable {
  /// The layout's version: 1.
  public var format: Int
  /// `explore`.
  public var kind: String
  public var glance: String
  public var tzdata: String
  public var scenario: String
  public var scenarioReference: String
  /// The scenario's one-paragraph summary, for the report's header.
  public var summary: String
  /// FNV-1a (64-bit, hexadecimal) of the loaded scenario's every field, as a sweep's.
  public var scenarioDigest: String
  public var strategy: String
  public var domain: String
  /// The moves of the small world.
  public var moves: Int
  /// The small world's bound of drawn faults a schedule (``SmallWorld/drawnFaults``); `nil`
  /// (absent) for no bound.
  public var drawnFaults: Int?
  /// How the person uses the app (``SmallWorld/sessions``): absent for one session, the default
  /// (so folders written before the setting existed read the same), else its name.
  public var sessions: String?
  /// `K/N`.
  public var shard: String
  public var options: ExplorationOptions

  public static let currentFormat = 1

  /// The manifest of shard `shard` of the exploration of `world` by `strategy`, with `options`;
  /// `scenarioReference` is the `--scenario` the world's scenario was loaded from.
  public init(
    world: SmallWorld, scenarioReference: String, strategy: StrategyName, shard: SweepShard, options: ExplorationOptions
  ) {
    format = Self.currentFormat
    kind = ShardFolderKind.explorationKind
    glance = GlanceVersion.string
    tzdata = TimeZone.timeZoneDataVersion
    scenario = world.scenario.name
    self.scenarioReference = scenarioReference
    summary = world.scenario.summary
    scenarioDigest = SweepManifest.digest(of: world.scenario)
    self.strategy = strategy.rawValue
    domain = world.domain.rawValue
    moves = world.moves
    drawnFaults = world.drawnFaults
    sessions = world.sessions == .oneSession ? nil : world.sessions.rawValue
    self.shard = shard.description
    self.options = options
  }

  /// Every field but the shard, by name, in the order a merge compares them.
  public var identity: [(name: String, value: String)] {
    [
      ("glance", glance), ("tzdata", tzdata), ("scenario", scenario), ("scenarioReference", scenarioReference),
      ("scenarioDigest", scenarioDigest), ("summary", summary), ("strategy", strategy), ("domain", domain),
      ("moves", "\(moves)"), ("drawnFaults", drawnFaults.map(String.init) ?? "all"),
      ("sessions", sessions ?? SmallWorldSessions.oneSession.rawValue),
    ] + options.fields
  }
}
