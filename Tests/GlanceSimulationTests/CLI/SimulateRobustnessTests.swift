import Foundation
import GlanceSimulation
import GlanceTestSupport
import Testing

/// `simulate` on inputs that used to crash it or to end with a raw error: every one ends with a
/// named exit code and a one-line message naming what is wrong.
@Suite("simulate on bad input")
struct SimulateRobustnessTests {
  /// Runs the binary in `directory` (a folder with no `Simulations/` in it, by default).
  static func run(_ arguments: [String], in directory: String) throws -> ProcessOutcome {
    let binary = try #require(SimulateCommandTests.binary, "no simulate binary")
    return try Executables.run(binary, arguments, in: URL(fileURLWithPath: directory))
  }

  /// A new empty folder under the temporary directory.
  static func folder(_ name: String) throws -> String {
    let path = try SimulateCommandTests.temporaryDirectory(name)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// The `Error:` lines a run printed on standard error.
  static func errorLines(_ outcome: ProcessOutcome) -> [Substring] {
    outcome.errors.split(separator: "\n").filter { $0.hasPrefix("Error: ") }
  }

  // MARK: Seeds and enumerations

  @Test("--seed -5 says what a seed is, not that a value is missing")
  func negativeSeed() throws {
    for arguments in [["--seed", "-5"], ["generate", "--seed", "-5"], ["--seed", "18446744073709551616"]] {
      let result = try SimulateCommandTests.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(
        result.errors.contains("is invalid for '--seed <seed>': a seed is a whole number from 0 to 18446744073709551615"),
        "\(result.errors)")
      #expect(!result.errors.contains("Missing value"))
    }
    let days = try SimulateCommandTests.run(["--days", "-5"])
    #expect(days.status == 64)
    #expect(days.errors.contains("--days must be between 1 and 3650 (got -5)"), "\(days.errors)")
  }

  @Test("--seeds over the whole UInt64 range is refused for its size; bad ranges and shards for their syntax")
  func seedRanges() throws {
    let whole = try SimulateCommandTests.run(["sweep", "--seeds", "0...18446744073709551615"])
    #expect(whole.status == 64)
    #expect(
      whole.errors.contains(
        "'0...18446744073709551615' is invalid for '--seeds <A...B>': it spans 18446744073709551616 seeds; a sweep spans at most 100000000"),
      "\(whole.errors)")
    let backwards = try SimulateCommandTests.run(["sweep", "--seeds", "5...4"])
    #expect(backwards.status == 64)
    #expect(backwards.errors.contains("expected a range A...B of seeds with A ≤ B"), "\(backwards.errors)")
    let shard = try SimulateCommandTests.run(["sweep", "--seeds", "1...4", "--shard", "5/4"])
    #expect(shard.status == 64)
    #expect(shard.errors.contains("'5/4' is invalid for '--shard <K/N>': expected K/N with 1 ≤ K ≤ N"), "\(shard.errors)")
    let jobs = try SimulateCommandTests.run(["sweep", "--seeds", "1", "--jobs", "-1"])
    #expect(jobs.status == 64)
    #expect(jobs.errors.contains("--jobs: jobs must be between 1 and 256 (got -1)"), "\(jobs.errors)")
  }

  @Test("a huge range is not listed first: one shard of 99 999 999 seeds runs its one seed")
  func hugeRangeOneShard() throws {
    let out = try Self.folder("huge-range")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let result = try SimulateCommandTests.run(
      [
        "sweep", "--seeds", "1...99999999", "--shard", "99999999/99999999", "--days", "1", "--strategy", "converged", "--no-progress",
        "--out", out,
      ])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.contains("sweep: 1 seeds × 1 strategies × 1 days"), "\(result.output)")
    let lines = try String(
      contentsOfFile: out + "/sweep-default-seeds1-99999999-days1-shard99999999of99999999/lines.jsonl", encoding: .utf8)
    #expect(lines.contains(#""seed":99999999"#), "\(lines)")
  }

  @Test("--help lists the values of --store and --strategy")
  func helpListsValues() throws {
    // Wide, so that no value list is wrapped.
    let help = try SimulateCommandTests.run(["run", "--help"], environment: ["COLUMNS": "400"])
    #expect(help.status == 0)
    #expect(help.output.contains("(values: memory, sqlite; default: memory)"), "\(help.output)")
    #expect(
      help.output.contains("(values: mirrorsmoker-legacy, mirrorsmoker-seed, babysteps-widget, pulpe-widget, converged)"), "\(help.output)")
    let store = try SimulateCommandTests.run(["--store", "postgres"])
    #expect(store.status == 64)
    #expect(store.errors.contains("The value 'postgres' is invalid for '--store <store>'. Please provide one of 'memory' and 'sqlite'."))
  }

  // MARK: Output folders

  @Test("--out a file, or a folder under a file, exits 74 before running, with one line naming the folder and the reason")
  func outIsAFile() throws {
    let scratch = try Self.folder("out-file")
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let file = scratch + "/plain"
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let cases: [(arguments: [String], line: String)] = [
      (["--days", "1", "--seed", "1", "--out", file], "Error: --out: cannot write into \(file): it is a file (Not a directory)"),
      (["--days", "1", "--seed", "1", "--out", file + "/reports"], "Error: --out: cannot write into \(file)/reports: Not a directory"),
      (["sweep", "--seeds", "1", "--days", "1", "--out", file], "Error: --out: cannot write into \(file): it is a file (Not a directory)"),
      // The atomic write's temporary file is what the system could not create.
      (
        ["generate", "--seed", "1", "--out", file + "/scenario.yaml"],
        "Error: cannot write \(file)/scenario.yaml: No such file or directory"
      ),
    ]
    for (arguments, line) in cases {
      let result = try SimulateCommandTests.run(arguments)
      #expect(result.status == 74, "\(arguments): \(result.output)\(result.errors)")
      #expect(Self.errorLines(result) == [Substring(line)], "\(result.errors)")
      #expect(!result.errors.contains("NSCocoaErrorDomain") && !result.output.contains("report:"), "\(result.errors)")
    }
  }

  @Test("--out a read-only folder exits 74 with the system's reason")
  func outIsReadOnly() throws {
    let scratch = try Self.folder("out-readonly")
    defer {
      chmod(scratch, 0o755)
      try? FileManager.default.removeItem(atPath: scratch)
    }
    let reason: String
    if geteuid() == 0 {
      // Root may write into any folder: a read-only file system refuses even root. The test
      // mounts one itself and unmounts it at the end.
      let mounted = try Self.command("/bin/mount", ["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", scratch])
      guard mounted == 0 else {
        Issue.record("cannot mount a read-only tmpfs as root (status \(mounted)): this machine forbids mounts")
        return
      }
      reason = "Read-only file system"
    } else {
      chmod(scratch, 0o555)
      reason = "Permission denied"
    }
    defer { if geteuid() == 0 { _ = try? Self.command("/bin/umount", [scratch]) } }
    let result = try SimulateCommandTests.run(["--days", "1", "--seed", "1", "--out", scratch])
    #expect(result.status == 74)
    #expect(Self.errorLines(result) == ["Error: --out: cannot write into \(scratch): \(reason)"], "\(result.errors)")
  }

  /// Runs `executable` with `arguments` and returns its exit status.
  static func command(_ executable: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test("merge into a file exits 74 naming the folder")
  func mergeIntoAFile() throws {
    let scratch = try Self.folder("merge-out")
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let sweep = try SimulateCommandTests.run(
      ["sweep", "--seeds", "1...2", "--shard", "1/1", "--days", "1", "--strategy", "converged", "--no-progress", "--out", scratch])
    #expect(sweep.status == 0, "\(sweep.errors)")
    let file = scratch + "/plain"
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let merged = try SimulateCommandTests.run(["merge", scratch + "/sweep-default-seeds1-2-days1", "--out", file])
    #expect(merged.status == 74)
    #expect(Self.errorLines(merged) == ["Error: --out: cannot write into \(file): it is a file (Not a directory)"], "\(merged.errors)")
  }

  // MARK: Scenarios

  @Test("the built-in scenarios run and list from a folder without Simulations/")
  func builtInScenariosFromAnyFolder() throws {
    let elsewhere = try Self.folder("elsewhere")
    defer { try? FileManager.default.removeItem(atPath: elsewhere) }
    let list = try Self.run(["list"], in: elsewhere)
    #expect(list.status == 0)
    let names = "default, no-midnight, store-locks, store-move, store-move-widget-first, travel, year-end"
    #expect(list.output.contains("scenarios: \(names)"), "\(list.output)")
    let run = try Self.run(["--days", "1", "--seed", "42", "--strategy", "converged", "--scenario", "travel"], in: elsewhere)
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    #expect(FileManager.default.fileExists(atPath: elsewhere + "/Reports/travel-seed42-days1/report.md"))
  }

  @Test("--scenarios reads a folder; a missing one is a usage error naming it; an empty one lists none")
  func scenariosFolder() throws {
    let missing = try SimulateCommandTests.run(["list", "--scenarios", "/nonexistent-glance"])
    #expect(missing.status == 64)
    #expect(missing.errors.contains("Error: --scenarios /nonexistent-glance: no such folder."), "\(missing.errors)")
    let runMissing = try SimulateCommandTests.run(["--days", "1", "--scenarios", "/nonexistent-glance"])
    #expect(runMissing.status == 64)
    #expect(runMissing.errors.contains("--scenarios /nonexistent-glance: no such folder."), "\(runMissing.errors)")

    let folder = try Self.folder("scenarios-folder")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let empty = try SimulateCommandTests.run(["list", "--scenarios", folder])
    #expect(empty.status == 0)
    #expect(empty.output.contains("scenarios: none (\(folder) holds no <name>.yaml file)"), "\(empty.output)")

    try "name: mine\nstart: 2026-03-10\n".write(toFile: folder + "/mine.yaml", atomically: true, encoding: .utf8)
    let listed = try SimulateCommandTests.run(["list", "--scenarios", folder])
    #expect(listed.output.contains("scenarios: mine\n"), "\(listed.output)")
    let out = folder + "/out"
    let run = try SimulateCommandTests.run(
      ["--scenarios", folder, "--scenario", "mine", "--days", "1", "--seed", "3", "--strategy", "converged", "--out", out])
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    // The reference is the file's path, so the report's replay command needs no --scenarios.
    let json = try String(contentsOfFile: out + "/mine-seed3-days1/report.json", encoding: .utf8)
    #expect(json.contains(#""scenarioReference" : "\#(folder.replacingOccurrences(of: "/", with: "\\/"))\/mine.yaml""#), "\(json)")
  }

  @Test("two different scenarios of one name never share a report folder: the second is refused, naming both")
  func sameNameDifferentScenario() throws {
    let scratch = try Self.folder("same-name")
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    for (folder, zone) in [("a", "Europe/Zurich"), ("b", "Pacific/Auckland")] {
      try FileManager.default.createDirectory(atPath: scratch + "/" + folder, withIntermediateDirectories: true)
      try "name: x\nstart: 2026-03-10\nzone: \(zone)\n".write(toFile: "\(scratch)/\(folder)/x.yaml", atomically: true, encoding: .utf8)
    }
    let common = ["--days", "1", "--seed", "1", "--strategy", "converged", "--out", scratch + "/out"]
    let first = try SimulateCommandTests.run(["--scenario", scratch + "/a/x.yaml"] + common)
    #expect(first.status == 0, "\(first.errors)")
    let report = try String(contentsOfFile: scratch + "/out/x-seed1-days1/report.md", encoding: .utf8)

    let second = try SimulateCommandTests.run(["--scenario", scratch + "/b/x.yaml"] + common)
    #expect(second.status == 64)
    let lines = Self.errorLines(second)
    #expect(lines.count == 1 && lines[0].contains("\(scratch)/a/x.yaml") && lines[0].contains("\(scratch)/b/x.yaml"), "\(second.errors)")
    #expect(lines.first?.contains("another scenario of the same name") == true, "\(second.errors)")
    #expect(try String(contentsOfFile: scratch + "/out/x-seed1-days1/report.md", encoding: .utf8) == report, "nothing is written")

    // The same scenario again, or under another reference that loads the same, replaces its report.
    #expect(try SimulateCommandTests.run(["--scenario", scratch + "/a/x.yaml"] + common).status == 0)
    let copy = scratch + "/copy-of-a.yaml"
    try FileManager.default.copyItem(atPath: scratch + "/a/x.yaml", toPath: copy)
    #expect(try SimulateCommandTests.run(["--scenario", copy] + common).status == 0)

    // Sweeps too: a sweep folder of another scenario of the same name is refused before any seed runs.
    let sweep = ["sweep", "--seeds", "1", "--days", "1", "--strategy", "converged", "--no-progress", "--out", scratch + "/out"]
    #expect(try SimulateCommandTests.run(sweep + ["--scenario", scratch + "/a/x.yaml"]).status == 0)
    let clash = try SimulateCommandTests.run(sweep + ["--scenario", scratch + "/b/x.yaml"])
    #expect(clash.status == 64)
    #expect(Self.errorLines(clash).count == 1 && clash.errors.contains("\(scratch)/b/x.yaml"), "\(clash.errors)")
    #expect(!clash.output.contains("sweep: "), "no seed ran")
  }
}
