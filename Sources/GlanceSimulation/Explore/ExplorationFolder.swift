import Foundation

/// An exploration's folder, one per domain explored: `shard.json` (its ``ExplorationManifest``),
/// `figures.json` (its ``ExplorationFigures``) and `report.md` (the figures, the fault coverage
/// and the counterexample, for a person).
///
/// ## Laws
/// - Every file depends only on the binary, the scenario, the strategy, the domain, the moves,
///   the options and the shard: no time, no host, no path, no dictionary order (keys sorted,
///   plans listed in order).
/// - `merge` of the folders of shards `1/N … N/N` of a complete exploration (every shard played
///   its whole subtree: no schedule limit reached, no stop at a first violation) writes the same
///   three files, byte for byte, as the exploration run whole (shard `1/1`). With
///   `--first-violation` the counterexample is still the whole run's; the counts are the
///   shards' own.
/// - A merge checks everything before it writes anything: shards of another binary, scenario,
///   strategy, domain, moves or options, a shard given twice or missing, or a folder whose
///   figures are not its manifest's shard, are refused with a ``SweepError`` naming the folder.
public enum ExplorationFolder {
  public static let manifestFile = SweepFolder.manifestFile
  public static let figuresFile = "figures.json"
  public static let reportFile = "report.md"

  /// The folder name an exploration writes into:
  /// `explore-<scenario>-<strategy>-<domain>-moves<N>`, with `-shard<K>of<N>` for one shard of
  /// several (as a sweep's, ``SweepFolder/defaultName(_:)``).
  public static func defaultName(_ manifest: ExplorationManifest) -> String {
    let shard =
      manifest.shard == SweepShard.whole.description
      ? "" : "-shard" + manifest.shard.replacingOccurrences(of: "/", with: "of")
    return "explore-\(manifest.scenario)-\(manifest.strategy)-\(manifest.domain)-moves\(manifest.moves)\(shard)"
  }

  /// Writes the three files into `folder` (created if needed), each whole, then renamed into
  /// place; the manifest last, so a folder without one was not finished.
  public static func write(_ manifest: ExplorationManifest, figures: ExplorationFigures, into folder: String) throws {
    precondition(manifest.domain == figures.domain.rawValue && manifest.moves == figures.moves, "the manifest of its figures")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try SweepFolder.write(try figuresData(figures), folder, figuresFile)
    try SweepFolder.write(Data(ExplorationReport.markdown(manifest, figures: figures).utf8), folder, reportFile)
    try SweepFolder.write(try SweepFolder.manifestData(manifest), folder, manifestFile)
  }

  /// `figures` as `figures.json` holds them.
  static func figuresData(_ figures: ExplorationFigures) throws -> Data {
    try SweepFolder.manifestData(figures)
  }

  /// A folder's manifest and figures, checked against each other: the figures are the
  /// manifest's domain and moves, and every plan they list is the manifest's shard's.
  ///
  /// - Throws: a ``SweepError`` naming the file and what is wrong.
  public static func read(
    _ folder: String
  ) throws(SweepError) -> (manifest: ExplorationManifest, figures: ExplorationFigures, shard: SweepShard) {
    let manifestPath = (folder as NSString).appendingPathComponent(manifestFile)
    let figuresPath = (folder as NSString).appendingPathComponent(figuresFile)
    guard FileManager.default.fileExists(atPath: manifestPath), FileManager.default.fileExists(atPath: figuresPath) else {
      throw .notASweepFolder(path: folder)
    }
    let manifest = try decoded(ExplorationManifest.self, at: manifestPath) { .malformedManifest(path: manifestPath, reason: $0) }
    guard manifest.format == ExplorationManifest.currentFormat, manifest.kind == ShardFolderKind.explorationKind else {
      throw .malformedManifest(
        path: manifestPath,
        reason:
          "format \(manifest.format), kind \(manifest.kind); this binary reads format \(ExplorationManifest.currentFormat), kind \(ShardFolderKind.explorationKind)"
      )
    }
    let shard: SweepShard
    do {
      shard = try SweepShard(parsing: manifest.shard)
    } catch {
      throw .malformedManifest(path: manifestPath, reason: error.description)
    }
    let figures = try decoded(ExplorationFigures.self, at: figuresPath) {
      .incompleteShard(path: figuresPath, problem: "not an exploration's figures: \($0)")
    }
    guard figures.domain.rawValue == manifest.domain, figures.moves == manifest.moves else {
      throw .incompleteShard(
        path: figuresPath,
        problem:
          "figures of \(figures.domain.rawValue) at \(figures.moves) moves, but shard.json says \(manifest.domain) at \(manifest.moves)")
    }
    if let stranger = figures.schedulesByPlan.keys.sorted().first(where: { !shard.holds(plan: $0) }) {
      throw .incompleteShard(path: figuresPath, problem: "plan \(stranger) is not one of shard \(manifest.shard)'s")
    }
    return (manifest, figures, shard)
  }

  /// The JSON file at `path` as a `Value`; when it is not one, the error `failure` makes of the
  /// decoder's reason.
  private static func decoded<Value: Decodable>(
    _ type: Value.Type, at path: String, else failure: (String) -> SweepError
  ) throws(SweepError) -> Value {
    let data = try SweepFolder.contents(path)
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      throw failure("\(error)")
    }
  }

  /// Merges the shard folders `folders` (in any order) into the manifest and figures of the
  /// exploration run whole.
  ///
  /// - Throws: a ``SweepError`` naming the first folder that does not fit; nothing is written.
  public static func merge(_ folders: [String]) throws(SweepError) -> (manifest: ExplorationManifest, figures: ExplorationFigures) {
    var shards: [(folder: String, manifest: ExplorationManifest, figures: ExplorationFigures, shard: SweepShard)] = []
    for folder in folders {
      let (manifest, figures, shard) = try read(folder)
      shards.append((folder, manifest, figures, shard))
    }
    try ShardSet.check(shards.map { ShardSet.Member(folder: $0.folder, fields: $0.manifest.identity, shard: $0.shard) }) { shard in
      var manifest = shards[0].manifest
      manifest.shard = shard.description
      return defaultName(manifest)
    }
    // Checked alike above (domain, moves) and by read (each shard's figures are its manifest's):
    // the figures are of one design.
    let designs = Set(shards.map(\.figures.design))
    guard designs.count == 1, let figures = ExplorationFigures.merged(shards.map(\.figures)) else {
      throw .mismatch(
        field: "design", path: shards[shards.count - 1].folder, expected: shards[0].figures.design,
        found: designs.sorted().joined(separator: ","))
    }
    var manifest = shards[0].manifest
    manifest.shard = SweepShard.whole.description
    return (manifest, figures)
  }
}
