/// Why a sweep could not start, or why shard folders (a sweep's or an exploration's) could not be
/// merged. Every case names what was wrong and where; a failed merge writes nothing.
public enum SweepError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `--seeds` is not `A...B` (or a single seed) with `A ≤ B`.
  case badSeedRange(String)
  /// `--seeds` spans more than `limit` seeds (``SeedRange/countMax``).
  case tooManySeeds(first: UInt64, last: UInt64, limit: UInt64)
  /// `--shard` is not `K/N` with `1 ≤ K ≤ N`.
  case badShard(String)
  /// `--jobs` is not between 1 and ``Sweep/jobsMax``.
  case badJobs(Int)
  /// `path` has no `shard.json` beside `lines.jsonl` (a sweep's) or `figures.json` (an
  /// exploration's).
  case notASweepFolder(path: String)
  case unreadable(path: String, reason: String)
  case malformedManifest(path: String, reason: String)
  /// Line `line` (1-based) of `path` is not a sweep line.
  case malformedLine(path: String, line: Int, reason: String)
  /// The shards were not made by the same binary with the same request: `field` differs.
  case mismatch(field: String, path: String, expected: String, found: String)
  /// The folders given to one merge hold shards of sweeps (`sweeps`) and of explorations
  /// (`explorations`).
  case mixedKinds(sweeps: [String], explorations: [String])
  /// Two folders hold the same shard.
  case duplicateShard(index: Int, count: Int, paths: [String])
  /// These shards (1-based) of `count` were not given; `folders` are where each would be, beside
  /// the first folder given, under the name its run writes.
  case missingShards([Int], count: Int, folders: [String])
  /// `path` does not hold exactly the lines of its shard: the first one missing, extra or
  /// repeated is named.
  case incompleteShard(path: String, problem: String)
  /// No folders were given to merge.
  case nothingToMerge

  public var description: String {
    switch self {
    case .badSeedRange(let text):
      return "seeds \"\(text)\": expected a range A...B of seeds with A ≤ B (such as 1...10000), or one seed"
    case .tooManySeeds(let first, let last, let limit):
      return "seeds \"\(first)...\(last)\": \(Self.seedCount(first, last)) seeds; a sweep spans at most \(limit)"
    case .badShard(let text):
      return "shard \"\(text)\": expected K/N with 1 ≤ K ≤ N (such as 2/4)"
    case .badJobs(let jobs):
      return SimulationError.jobsOutOfRange(jobs).description
    case .notASweepFolder(let path):
      return
        "\(path): not a sweep or exploration folder (it needs shard.json beside lines.jsonl or figures.json, as `simulate sweep --out` or `simulate explore --out` writes them)"
    case .unreadable(let path, let reason):
      return "\(path): cannot be read: \(reason)"
    case .malformedManifest(let path, let reason):
      return "\(path): not a sweep or exploration manifest: \(reason)"
    case .malformedLine(let path, let line, let reason):
      return "\(path):\(line): not a sweep line: \(reason)"
    case .mismatch(let field, let path, let expected, let found):
      return
        "\(path): \(field) is \(found), but the first shard's is \(expected); merge only shards of one sweep (same binary, scenario, days, seeds and strategies) or of one exploration (same binary, scenario, strategy, domain, moves and options)"
    case .mixedKinds(let sweeps, let explorations):
      return
        "sweep shards (\(sweeps.joined(separator: ", "))) and exploration shards (\(explorations.joined(separator: ", "))) cannot be merged together; merge each on its own"
    case .duplicateShard(let index, let count, let paths):
      return "shard \(index)/\(count) is given twice: \(paths.joined(separator: ", "))"
    case .missingShards(let indices, let count, let folders):
      return "shards missing: \(indices.map { "\($0)/\(count)" }.joined(separator: ", ")) (not given: \(folders.joined(separator: ", ")))"
    case .incompleteShard(let path, let problem):
      return "\(path): \(problem)"
    case .nothingToMerge:
      return "no folders to merge"
    }
  }

  /// The number of seeds in `first...last`, in decimal (2^64 for the whole range of `UInt64`).
  public static func seedCount(_ first: UInt64, _ last: UInt64) -> String {
    let span = last - first
    return span == UInt64.max ? "18446744073709551616" : "\(span + 1)"
  }
}
