import Foundation
import GlanceSimulation
import GlanceTestSupport
import Testing

/// `simulate explore --out` and `simulate merge` of its shards as a user runs them: the sweep's
/// shard contract, for an exploration.
@Suite("simulate explore --out and merge")
struct ExploreMergeCommandTests {
  static let files = ["figures.json", "report.md", "shard.json"]

  /// Every file of `folder`, by name; the names must be exactly ``files``.
  static func contents(_ folder: String) throws -> [String: Data] {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(names == files, "\(folder) holds \(names)")
    var contents: [String: Data] = [:]
    for name in names { contents[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) }
    return contents
  }

  /// Explores `arguments` (one domain, `--moves 1`) whole into `out/whole` and in shards `1/3 …
  /// 3/3` into `out/shards`; returns the whole folder and the shards' folders, by index.
  static func explore(_ arguments: [String], name: String, out: String) throws -> (whole: String, shards: [String]) {
    let common = ["explore", "--moves", "1"] + arguments
    let whole = try SimulateCommandTests.run(common + ["--jobs", "2", "--out", out + "/whole"])
    #expect(whole.status == 0, "\(whole.output)\(whole.errors)")
    var shards: [String] = []
    for index in 1...3 {
      // One shard on 3 jobs: --jobs may not matter.
      let shard = try SimulateCommandTests.run(
        common + ["--shard", "\(index)/3", "--jobs", index == 2 ? "3" : "1", "--out", out + "/shards"])
      #expect(shard.status == 0, "\(shard.output)\(shard.errors)")
      shards.append(out + "/shards/\(name)-shard\(index)of3")
    }
    return (out + "/whole/" + name, shards)
  }

  @Test(
    "three shards, merged, give byte for byte every file of the exploration run whole",
    arguments: [
      (["--domain", "steps"], "explore-default-converged-steps-moves1", false),
      (["--strategy", "babysteps-widget"], "explore-default-babysteps-widget-steps-moves1", true),
    ])
  func shardsMergeToTheWholeExploration(arguments: [String], name: String, counterexample: Bool) throws {
    let out = try SimulateCommandTests.temporaryDirectory("explore-shards-\(name)")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let (whole, shards) = try Self.explore(arguments, name: name, out: out)
    // Given to merge out of order: it may not matter.
    let merged = try SimulateCommandTests.run(["merge", shards[2], shards[0], shards[1], "--out", out + "/merged"])
    #expect(merged.status == 0, "\(merged.output)\(merged.errors)")
    #expect(merged.output.contains("merged: 3 shards"), "\(merged.output)")
    let single = try Self.contents(whole)
    let combined = try Self.contents(out + "/merged/" + name)
    for file in Self.files {
      #expect(single[file] == combined[file], "\(file) differs between the whole exploration and the merged shards")
    }
    // The shards split the plans: none is the whole, and their plans add up to it.
    let figures = try Self.files(whole)
    let parts = try shards.map(Self.files)
    #expect(parts.allSatisfy { $0.plans < figures.plans && $0.plans > 0 })
    #expect(parts.map(\.plans).reduce(0, +) == figures.plans)
    #expect(ExplorationFigures.merged(parts) == figures)
    #expect((figures.counterexample != nil) == counterexample)
    let report = String(decoding: try #require(single["report.md"]), as: UTF8.self)
    #expect(report.contains("| plans | \(figures.plans) |"), "\(report)")
    #expect(report.contains("| shard | 1/1 |"), "\(report)")
    if counterexample {
      #expect(report.contains("the first in the tree's order is plan 31, schedule 0"), "\(report)")
      #expect(report.contains("```yaml\nscript:\n  actions:"), "\(report)")
    } else {
      #expect(report.contains("None: every schedule kept every invariant."), "\(report)")
    }
  }

  /// The figures in `folder`'s `figures.json`.
  static func files(_ folder: String) throws -> ExplorationFigures {
    try JSONDecoder().decode(ExplorationFigures.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/figures.json")))
  }

  @Test("merge refuses a missing shard, a shard given twice, other moves, a sweep among explorations and a planted difference")
  func mergeRefusesBadShards() throws {
    let out = try SimulateCommandTests.temporaryDirectory("explore-bad")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let name = "explore-default-converged-steps-moves1"
    let (_, shards) = try Self.explore(["--domain", "steps"], name: name, out: out)
    let merged = out + "/merged"
    func refused(_ folders: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
      let outcome = try SimulateCommandTests.run(["merge"] + folders + ["--out", merged])
      #expect(outcome.status == 65, "\(outcome.output)\(outcome.errors)", sourceLocation: sourceLocation)
      #expect(outcome.errors.contains(message), "\(outcome.errors)", sourceLocation: sourceLocation)
    }

    try refused([shards[0], shards[1]], "shards missing: 3/3 (not given: \(shards[2]))")
    try refused([shards[0], shards[1], shards[0], shards[2]], "shard 1/3 is given twice: \(shards[0]), \(shards[0])")

    let otherMoves = try SimulateCommandTests.run([
      "explore", "--moves", "2", "--domain", "steps", "--shard", "2/3", "--max-schedules", "3", "--jobs", "1", "--out", out + "/shards",
    ])
    #expect(otherMoves.status == 0, "\(otherMoves.output)\(otherMoves.errors)")
    let moves2 = out + "/shards/explore-default-converged-steps-moves2-shard2of3"
    try refused([shards[0], moves2, shards[2]], "\(moves2): moves is 2, but the first shard's is 1")

    let sweep = try SimulateCommandTests.run([
      "sweep", "--seeds", "1...2", "--days", "1", "--strategy", "converged", "--no-progress", "--out", out,
    ])
    #expect(sweep.status == 0, "\(sweep.output)\(sweep.errors)")
    let sweepFolder = out + "/sweep-default-seeds1-2-days1"
    try refused(
      [shards[0], sweepFolder, shards[1], shards[2]],
      "sweep shards (\(sweepFolder)) and exploration shards (\(shards[0]), \(shards[1]), \(shards[2])) cannot be merged together")

    // A planted difference in one shard's manifest: another option.
    let manifest = shards[1] + "/shard.json"
    let original = try String(contentsOfFile: manifest, encoding: .utf8)
    let planted = original.replacingOccurrences(of: "\"firstViolation\" : false", with: "\"firstViolation\" : true")
    #expect(planted != original, "the premise: the manifest records the option")
    try planted.write(toFile: manifest, atomically: true, encoding: .utf8)
    try refused(shards, "\(shards[1]): first violation is yes, but the first shard's is no")
    try original.write(toFile: manifest, atomically: true, encoding: .utf8)

    // A planted difference in one shard's figures: a schedule count that is not its plans'.
    let figuresFile = shards[2] + "/figures.json"
    let figures = try String(contentsOfFile: figuresFile, encoding: .utf8)
    let schedules = try Self.files(shards[2]).schedules
    let tampered = figures.replacingOccurrences(of: "\"schedules\" : \(schedules),", with: "\"schedules\" : \(schedules + 1),")
    #expect(tampered != figures, "the premise: the figures hold the schedule count")
    try tampered.write(toFile: figuresFile, atomically: true, encoding: .utf8)
    try refused(shards, "\(figuresFile): not an exploration's figures")
    try figures.write(toFile: figuresFile, atomically: true, encoding: .utf8)

    // A shard's figures moved into another shard's folder: plans that are not its shard's.
    try Data(contentsOf: URL(fileURLWithPath: shards[0] + "/figures.json")).write(to: URL(fileURLWithPath: figuresFile))
    try refused(shards, "\(figuresFile): plan 0 is not one of shard 3/3's")
    #expect(!FileManager.default.fileExists(atPath: merged), "a refused merge writes nothing")
  }
}
