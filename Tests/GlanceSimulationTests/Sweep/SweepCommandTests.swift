import Foundation
import GlanceSimulation
import GlanceTestSupport
import Testing

/// `simulate sweep` and `simulate merge` as a user runs them: the shard contract end to end.
@Suite("simulate sweep and merge")
struct SweepCommandTests {
  static let files = ["lines.jsonl", "shard.json", "sweep.md", "sweep.json"]

  static func contents(_ folder: String) throws -> [String: Data] {
    var contents: [String: Data] = [:]
    for file in files {
      contents[file] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))
    }
    return contents
  }

  @Test("four shards, merged, give byte for byte the files of the sweep run whole")
  func shardsMergeToTheWholeSweep() throws {
    let out = try SimulateCommandTests.temporaryDirectory("sweep-shards")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let common = ["sweep", "--seeds", "3...13", "--days", "2", "--no-progress"]
    let whole = try SimulateCommandTests.run(common + ["--jobs", "2", "--out", out + "/whole"])
    #expect(whole.status == 0, "\(whole.output)\(whole.errors)")
    var shardFolders: [String] = []
    // Given to merge out of order, one with 3 jobs: neither may matter.
    for index in [3, 1, 4, 2] {
      let shard = try SimulateCommandTests.run(
        common + ["--shard", "\(index)/4", "--jobs", index == 4 ? "3" : "1", "--out", out + "/shards"])
      #expect(shard.status == 0, "\(shard.output)\(shard.errors)")
      shardFolders.append(out + "/shards/sweep-default-seeds3-13-days2-shard\(index)of4")
    }
    let merged = try SimulateCommandTests.run(["merge"] + shardFolders + ["--out", out + "/merged"])
    #expect(merged.status == 0, "\(merged.output)\(merged.errors)")
    let strategies = StrategyName.allCases.count
    #expect(merged.output.contains("merged: 4 shards, \(11 * strategies) lines"), "\(merged.output)")

    let name = "sweep-default-seeds3-13-days2"
    let single = try Self.contents(out + "/whole/" + name)
    let combined = try Self.contents(out + "/merged/" + name)
    for file in Self.files {
      #expect(single[file] == combined[file], "\(file) differs between the whole sweep and the merged shards")
    }
    // Each shard holds its stripe of the 11 seeds, every strategy each: shard 3 has 5, 9, 13;
    // 1 has 3, 7, 11; 4 has 6, 10; 2 has 4, 8, 12.
    let lineCounts = try shardFolders.map { folder in
      try String(contentsOfFile: folder + "/lines.jsonl", encoding: .utf8).split(separator: "\n").count
    }
    #expect(lineCounts == [3, 3, 2, 3].map { $0 * strategies })
    let report = String(decoding: try #require(single["sweep.md"]), as: UTF8.self)
    #expect(report.contains("| converged | to converge | 11 | 11 | 100.00 % |"))

    // The coverage of the fault space survives the lines and the merge: the whole sweep's cells
    // are the union of its shards', and its report counts them.
    let shardCoverages = try shardFolders.map { try Self.coverage(linesIn: $0) }
    let wholeCoverage = try Self.coverage(linesIn: out + "/whole/" + name)
    #expect(!wholeCoverage.isEmpty && shardCoverages.allSatisfy { !$0.isEmpty })
    #expect(shardCoverages.reduce(FaultCoverage()) { $0.union($1) } == wholeCoverage)
    #expect(shardCoverages.contains { $0 != wholeCoverage }, "the premise: no one shard reaches every cell the sweep reaches")
    #expect(report.contains("## Fault coverage"))
    #expect(
      report.contains(
        "Reached over every seed and strategy: \(wholeCoverage.count) of \(FaultCoverage.possibleCells.count) possible cells."))
  }

  /// The cells of the fault space the lines of the sweep folder `folder` reached, merged.
  static func coverage(linesIn folder: String) throws -> FaultCoverage {
    let text = try String(contentsOfFile: folder + "/lines.jsonl", encoding: .utf8)
    return try text.split(separator: "\n").reduce(FaultCoverage()) { coverage, line in
      coverage.union(try JSONDecoder().decode(SweepLine.self, from: Data(line.utf8)).coverage)
    }
  }

  @Test("merge refuses a missing shard, a shard given twice and a tampered line, and writes nothing")
  func mergeRefusesBadShards() throws {
    let out = try SimulateCommandTests.temporaryDirectory("sweep-bad")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let common = ["sweep", "--seeds", "1...4", "--days", "1", "--strategy", "converged", "--no-progress", "--out", out]
    for index in 1...2 {
      let shard = try SimulateCommandTests.run(common + ["--shard", "\(index)/2"])
      #expect(shard.status == 0, "\(shard.output)\(shard.errors)")
    }
    let first = out + "/sweep-default-seeds1-4-days1-shard1of2"
    let second = out + "/sweep-default-seeds1-4-days1-shard2of2"
    let merged = out + "/merged"

    let missing = try SimulateCommandTests.run(["merge", first, "--out", merged])
    #expect(missing.status == 65)
    #expect(missing.errors.contains("shards missing: 2/2"), "\(missing.errors)")

    let twice = try SimulateCommandTests.run(["merge", first, first, second, "--out", merged])
    #expect(twice.status == 65)
    #expect(twice.errors.contains("shard 1/2 is given twice"), "\(twice.errors)")

    let otherDays = try SimulateCommandTests.run([
      "sweep", "--seeds", "1...4", "--days", "2", "--strategy", "converged", "--shard", "2/2", "--no-progress", "--out", out,
    ])
    #expect(otherDays.status == 0)
    let mixed = try SimulateCommandTests.run(["merge", first, out + "/sweep-default-seeds1-4-days2-shard2of2", "--out", merged])
    #expect(mixed.status == 65)
    #expect(mixed.errors.contains("days is 2, but the first shard's is 1"), "\(mixed.errors)")

    let lines = second + "/lines.jsonl"
    let text = try String(contentsOfFile: lines, encoding: .utf8)
    try text.replacingOccurrences(of: "\"seed\":4", with: "\"seed\":6").write(toFile: lines, atomically: true, encoding: .utf8)
    let tampered = try SimulateCommandTests.run(["merge", first, second, "--out", merged])
    #expect(tampered.status == 65)
    #expect(tampered.errors.contains("line 2 is seed 6"), "\(tampered.errors)")

    try "{\"seed\":".write(toFile: lines, atomically: true, encoding: .utf8)
    let malformed = try SimulateCommandTests.run(["merge", first, second, "--out", merged])
    #expect(malformed.status == 65)
    #expect(malformed.errors.contains("lines.jsonl:1: not a sweep line"), "\(malformed.errors)")
    #expect(!FileManager.default.fileExists(atPath: merged), "a refused merge writes nothing")
  }

  @Test(
    "bad --seeds, --shard and --jobs are usage errors naming the option",
    arguments: [
      (["--seeds", "10...1"], "--seeds"), (["--seeds", "1..10"], "--seeds"), (["--seeds", "-3"], "--seeds"),
      (["--seeds", "1...3", "--shard", "5/4"], "--shard"), (["--seeds", "1...3", "--shard", "0/4"], "--shard"),
      (["--seeds", "1...3", "--shard", "1/"], "--shard"), (["--seeds", "1...3", "--jobs", "0"], "--jobs"),
    ])
  func usageErrors(_ arguments: [String], _ option: String) throws {
    let result = try SimulateCommandTests.run(["sweep"] + arguments + ["--out", "/nonexistent/never-written"])
    #expect(result.status == 64, "\(result.output)\(result.errors)")
    #expect(result.errors.contains(option), "\(result.errors)")
  }

  @Test("no progress bar when standard error is not a terminal (a CI log)")
  func noProgressInLogs() throws {
    let out = try SimulateCommandTests.temporaryDirectory("sweep-log")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let result = try SimulateCommandTests.run(["sweep", "--seeds", "1...2", "--days", "1", "--strategy", "converged", "--out", out])
    #expect(result.status == 0)
    #expect(!result.errors.contains("\r") && !result.errors.contains("seeds"), "\(result.errors)")
    #expect(result.output.contains("converged: converged on 2 of 2 seeds (100.00 %)"), "\(result.output)")
  }
}
