import Foundation

/// A sweep's folder: `lines.jsonl` (one ``SweepLine`` per seed and strategy, in seed order),
/// `shard.json` (its ``SweepManifest``), and the aggregated `sweep.md` and `sweep.json`.
///
/// ## Laws
/// - `merge` of the folders of shards `1/N … N/N` writes the same four files, byte for byte, as
///   the sweep run whole (shard `1/1`) writes.
/// - A merge checks everything before it writes anything: shards of another binary, scenario,
///   day count, seed range or strategy list, a shard given twice or missing, or a folder without
///   exactly its shard's lines, are refused with a ``SweepError`` naming the folder.
public enum SweepFolder {
  public static let linesFile = "lines.jsonl"
  public static let manifestFile = "shard.json"
  public static let reportFile = "sweep.md"
  public static let reportJSONFile = "sweep.json"

  /// The folder name a sweep writes into by default: `sweep-<scenario>-seeds<A>-<B>-days<D>`,
  /// with `-shard<K>of<N>` for one shard of several.
  public static func defaultName(_ manifest: SweepManifest) -> String {
    let seeds = manifest.seeds.replacingOccurrences(of: "...", with: "-")
    let shard =
      manifest.shard == SweepShard.whole.description
      ? "" : "-shard" + manifest.shard.replacingOccurrences(of: "/", with: "of")
    return "sweep-\(manifest.scenario)-seeds\(seeds)-days\(manifest.days)\(shard)"
  }

  /// Writes the four files into `folder` (created if needed) and returns the report.
  @discardableResult
  public static func write(_ manifest: SweepManifest, lines: [SweepLine], into folder: String) throws -> SweepReport {
    let report = SweepReport(manifest: manifest, lines: lines)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let text = lines.map { $0.jsonLine() + "\n" }.joined()
    try write(Data(text.utf8), folder, linesFile)
    try writeReport(report, into: folder)
    return report
  }

  /// Writes `shard.json`, `sweep.md` and `sweep.json` of `report` into `folder` (which exists):
  /// what a sweep that streamed its lines with a ``SweepLinesWriter`` writes last.
  public static func writeReport(_ report: SweepReport, into folder: String) throws {
    try write(try manifestData(report.manifest), folder, manifestFile)
    try write(Data(report.markdown.utf8), folder, reportFile)
    try write(try report.json(), folder, reportJSONFile)
  }

  static func write(_ data: Data, _ folder: String, _ name: String) throws {
    try data.write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(name)), options: .atomic)
  }

  /// `manifest` as a manifest file holds it: sorted keys, pretty-printed, a final newline.
  static func manifestData(_ manifest: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(manifest) + Data("\n".utf8)
  }

  /// A folder's manifest and lines, checked against each other: the lines are exactly those of
  /// the manifest's shard (every seed of the shard, each with every strategy, in order).
  public static func read(_ folder: String) throws(SweepError) -> (manifest: SweepManifest, lines: [SweepLine]) {
    let contents = try readShard(folder)
    return (contents.manifest, contents.lines)
  }

  /// ``read(_:)``, with the shard the manifest names.
  private static func readShard(
    _ folder: String
  ) throws(SweepError)
    -> (manifest: SweepManifest, lines: [SweepLine], shard: SweepShard)
  {
    let manifestPath = (folder as NSString).appendingPathComponent(manifestFile)
    let linesPath = (folder as NSString).appendingPathComponent(linesFile)
    let files = FileManager.default
    guard files.fileExists(atPath: manifestPath), files.fileExists(atPath: linesPath) else {
      throw .notASweepFolder(path: folder)
    }
    let manifest: SweepManifest
    do {
      manifest = try JSONDecoder().decode(SweepManifest.self, from: try contents(manifestPath))
    } catch let error as SweepError {
      throw error
    } catch {
      throw .malformedManifest(path: manifestPath, reason: "\(error)")
    }
    guard manifest.format == SweepManifest.currentFormat else {
      throw .malformedManifest(
        path: manifestPath, reason: "format \(manifest.format); this binary reads format \(SweepManifest.currentFormat)")
    }
    let range: ClosedRange<UInt64>
    let shard: SweepShard
    do {
      range = try SeedRange.parse(manifest.seeds)
      shard = try SweepShard(parsing: manifest.shard)
    } catch {
      throw .malformedManifest(path: manifestPath, reason: error.description)
    }
    let lines = try readLines(linesPath)
    guard lines.count == manifest.lines else {
      throw .incompleteShard(path: linesPath, problem: "\(lines.count) lines, but shard.json says \(manifest.lines)")
    }
    // Exactly the shard's seeds, each with every strategy, in order.
    var index = 0
    for seed in shard.seeds(of: range) {
      for strategy in manifest.strategies {
        guard index < lines.count else {
          throw .incompleteShard(path: linesPath, problem: "no line for seed \(seed), strategy \(strategy)")
        }
        let line = lines[index]
        guard line.seed == seed, line.strategy == strategy else {
          throw .incompleteShard(
            path: linesPath,
            problem:
              "line \(index + 1) is seed \(line.seed), strategy \(line.strategy); expected seed \(seed), strategy \(strategy) (shard \(manifest.shard) of \(manifest.seeds))"
          )
        }
        index += 1
      }
    }
    guard index == lines.count else {
      throw .incompleteShard(path: linesPath, problem: "line \(index + 1) is beyond shard \(manifest.shard) of \(manifest.seeds)")
    }
    return (manifest, lines, shard)
  }

  static func contents(_ path: String) throws(SweepError) -> Data {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable(path: path, reason: "it cannot be opened for reading")
    }
    return data
  }

  private static func readLines(_ path: String) throws(SweepError) -> [SweepLine] {
    let data = try contents(path)
    let decoder = JSONDecoder()
    var pieces = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if pieces.last?.isEmpty == true { pieces.removeLast() }  // the last line's newline
    var lines: [SweepLine] = []
    lines.reserveCapacity(pieces.count)
    for (number, text) in pieces.enumerated() {
      guard !text.isEmpty else { throw .malformedLine(path: path, line: number + 1, reason: "an empty line") }
      do {
        lines.append(try decoder.decode(SweepLine.self, from: Data(text)))
      } catch {
        throw .malformedLine(path: path, line: number + 1, reason: "\(error)")
      }
    }
    return lines
  }

  /// Merges the shard folders `folders` (in any order) into the manifest and lines of the sweep
  /// run whole.
  ///
  /// - Throws: a ``SweepError`` naming the first folder that does not fit; nothing is written.
  public static func merge(_ folders: [String]) throws(SweepError) -> (manifest: SweepManifest, lines: [SweepLine]) {
    var shards: [(folder: String, manifest: SweepManifest, lines: [SweepLine], shard: SweepShard)] = []
    for folder in folders {
      let (manifest, lines, shard) = try readShard(folder)
      shards.append((folder, manifest, lines, shard))
    }
    try ShardSet.check(
      shards.map { shard in
        let manifest = shard.manifest
        return ShardSet.Member(
          folder: shard.folder,
          fields: [
            ("glance", manifest.glance), ("tzdata", manifest.tzdata), ("scenario", manifest.scenario),
            ("scenarioReference", manifest.scenarioReference), ("scenarioDigest", manifest.scenarioDigest),
            ("summary", manifest.summary), ("days", "\(manifest.days)"), ("seeds", manifest.seeds),
            ("strategies", manifest.strategies.joined(separator: ",")),
          ], shard: shard.shard)
      }
    ) { shard in
      var manifest = shards[0].manifest
      manifest.shard = shard.description
      return defaultName(manifest)
    }
    // Seed order, then strategy order (the manifest's, which is sorted): the whole sweep's order.
    let lines = shards.flatMap(\.lines).sorted { ($0.seed, $0.strategy) < ($1.seed, $1.strategy) }
    var manifest = shards[0].manifest
    manifest.shard = SweepShard.whole.description
    manifest.lines = lines.count
    return (manifest, lines)
  }
}
