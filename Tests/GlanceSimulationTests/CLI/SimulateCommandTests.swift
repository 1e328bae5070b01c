import Foundation
import GlanceSimulation
import GlanceTestSupport
import Testing

/// The `simulate` binary as a user runs it: output, errors and exit codes.
@Suite("simulate command")
struct SimulateCommandTests {
  static var binary: URL? { Executables.find("simulate", packageRoot: SimulationFixtures.root) }

  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessOutcome {
    // `swift build --build-tests` (make test) builds the binary next to the tests.
    let binary = try #require(
      Self.binary,
      "no simulate binary at \(Executables.candidates("simulate", packageRoot: SimulationFixtures.root).map(\.path))")
    return try Executables.run(binary, arguments, in: SimulationFixtures.root, environment: environment)
  }

  static func temporaryDirectory(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("glance-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
      .path
    try? FileManager.default.removeItem(atPath: path)
    return path
  }

  @Test("a run writes its report and passes")
  func passingRun() throws {
    let out = try Self.temporaryDirectory("pass")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let result = try Self.run(["--days", "3", "--seed", "5", "--out", out])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    #expect(result.output.contains("verdict: pass"))
    #expect(FileManager.default.fileExists(atPath: out + "/default-seed5-days3/report.md"))
    #expect(FileManager.default.fileExists(atPath: out + "/default-seed5-days3/report.json"))
  }

  @Test("--check-determinism runs twice and compares")
  func determinism() throws {
    let out = try Self.temporaryDirectory("twice")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let result = try Self.run(["--days", "2", "--seed", "9", "--check-determinism", "--out", out])
    #expect(result.status == 0)
    #expect(result.output.contains("determinism: two runs gave byte-identical reports"))
  }

  /// The reports of `--store sqlite` and of the in-memory default, for one request, with the
  /// two places a SQLite report names its store taken out (its header row and the `--store`
  /// of its replay commands); the SQLite run's temporary folder is checked to be gone.
  static func reportsOnBothStores(_ arguments: [String], folder: String) throws -> (memory: [String], sqlite: [String]) {
    let out = try Self.temporaryDirectory("stores-\(folder)")
    let scratch = try Self.temporaryDirectory("stores-\(folder)-tmp")
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer {
      try? FileManager.default.removeItem(atPath: out)
      try? FileManager.default.removeItem(atPath: scratch)
    }
    let memory = try Self.run(arguments + ["--out", out])
    let sqlite = try Self.run(arguments + ["--store", "sqlite", "--out", out], environment: ["TMPDIR": scratch])
    #expect(memory.status == 0, "\(memory.output)\(memory.errors)")
    #expect(sqlite.status == 0, "\(sqlite.output)\(sqlite.errors)")
    #expect(sqlite.output.replacingOccurrences(of: "-sqlite/", with: "/") == memory.output)
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty, "the databases are removed")
    var memoryFiles: [String] = []
    var sqliteFiles: [String] = []
    for file in ["report.md", "report.json"] {
      memoryFiles.append(try String(contentsOfFile: "\(out)/\(folder)/\(file)", encoding: .utf8))
      let text = try String(contentsOfFile: "\(out)/\(folder)-sqlite/\(file)", encoding: .utf8)
      let storeLines = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
        $0.hasPrefix("| store | sqlite") || $0 == #"    "store" : "sqlite","#
      }
      #expect(storeLines.count == 1, "\(file) names its store once")
      sqliteFiles.append(
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !storeLines.contains($0) }
          .joined(separator: "\n").replacingOccurrences(of: " --store sqlite", with: ""))
    }
    return (memoryFiles, sqliteFiles)
  }

  @Test("--store sqlite: the converged design on GlanceStore gives the in-memory verdicts and counts (30 days, seed 42)")
  func sqliteStoreMatchesMemory() throws {
    let reports = try Self.reportsOnBothStores(
      ["--days", "30", "--seed", "42", "--strategy", "converged"], folder: "default-seed42-days30")
    #expect(reports.sqlite == reports.memory)
    #expect(reports.memory[0].contains("| converged | tally |"))
  }

  @Test("--store sqlite across zone changes: the same reports as in memory")
  func sqliteStoreMatchesMemoryWhileTravelling() throws {
    let reports = try Self.reportsOnBothStores(
      ["--scenario", "travel", "--days", "7", "--seed", "42"], folder: "travel-seed42-days7")
    #expect(reports.sqlite == reports.memory)
  }

  @Test("--store sqlite with no temporary folder exits 74 and names the folder")
  func sqliteStoreWithoutFolder() throws {
    let result = try Self.run(["--days", "1", "--seed", "1", "--store", "sqlite"], environment: ["TMPDIR": "/nonexistent-glance"])
    #expect(result.status == 74)
    #expect(
      result.errors.contains(
        "--store sqlite: no folder for the databases: cannot create /nonexistent-glance/glance-simulate-XXXXXX: No such file or directory"),
      "\(result.errors)")
  }

  @Test("generate writes the scenario `--scenario generated` plays for that seed; without a seed it is a usage error")
  func generate() throws {
    let out = try Self.temporaryDirectory("generate")
    defer { try? FileManager.default.removeItem(atPath: out) }
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let file = out + "/generated-47.yaml"
    let written = try Self.run(["generate", "--seed", "47", "--out", file])
    #expect(written.status == 0, "\(written.errors)")
    #expect(try ScenarioLoader.load(fileAt: file) == ScenarioGenerator.scenario(seed: 47))
    let common = ["--days", "2", "--strategy", "converged", "--out", out]
    let fromFile = try Self.run(["--scenario", file] + common)
    let generated = try Self.run(["--scenario", "generated", "--seed", "47"] + common)
    #expect(fromFile.status == 0 && generated.status == 0, "\(fromFile.errors)\(generated.errors)")
    #expect(fromFile.output == generated.output && fromFile.output.contains("verdict: pass"))
    let unseeded = try Self.run(["--scenario", "generated", "--days", "1"])
    #expect(unseeded.status == 64)
    #expect(unseeded.errors.contains("--scenario generated needs --seed"))
  }

  @Test("bad options exit 64 with a message naming the option, the value and the range")
  func usageErrors() throws {
    let days = try Self.run(["--days", "0"])
    #expect(days.status == 64)
    #expect(days.errors.contains("--days must be between 1 and 3650 (got 0)"))
    let strategy = try Self.run(["--strategy", "optimistic"])
    #expect(strategy.status == 64)
    #expect(
      strategy.errors.contains(
        "The value 'optimistic' is invalid for '--strategy <strategy>'. Please provide one of 'mirrorsmoker-legacy',"))
    let store = try Self.run(["--store", "postgres"])
    #expect(store.status == 64)
    #expect(store.errors.contains("The value 'postgres' is invalid for '--store <store>'. Please provide one of 'memory' and 'sqlite'."))
    let seed = try Self.run(["--seed", "-3"])
    #expect(seed.status == 64)
    #expect(seed.errors.contains("The value '-3' is invalid for '--seed <seed>': a seed is a whole number"), "\(seed.errors)")
    let scenario = try Self.run(["--scenario", "atlantis", "--days", "1"])
    #expect(scenario.status == 64)
    #expect(scenario.errors.contains("atlantis"))
  }

  @Test("a bad scenario key exits 64 and names the key path")
  func badScenarioFile() throws {
    let path = try Self.temporaryDirectory("scenario") + ".yaml"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "name: broken\nstart: 2026-03-10\nworkload:\n  widgetTapsPerDay: 999\n".write(toFile: path, atomically: true, encoding: .utf8)
    let result = try Self.run(["--scenario", path, "--days", "1"])
    #expect(result.status == 64)
    #expect(result.errors.contains("workload.widgetTapsPerDay"), "\(result.errors)")
  }

  @Test("travel listed out of time order exits 64 and names travel[i]")
  func travelOutOfOrder() throws {
    let path = try Self.temporaryDirectory("travel") + ".yaml"
    defer { try? FileManager.default.removeItem(atPath: path) }
    // Los Angeles to Auckland at 22:00 on 13 June (14 June 05:00Z, 17:00 on 14 June there);
    // "day 6 at 10:00" in Auckland is earlier: 13 June 22:00Z.
    try """
    name: back-in-time
    zone: America/Los_Angeles
    start: 2026-06-08
    travel:
      - {day: 5, hour: 22, zone: Pacific/Auckland}
      - {day: 6, hour: 10, zone: Europe/Zurich}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try Self.run(["--scenario", path, "--days", "7", "--seed", "1"])
    #expect(result.status == 64)
    #expect(result.errors.contains("travel[1]") && result.errors.contains("in time order"), "\(result.errors)")
  }

  @Test("list names the scenarios, strategies and invariants")
  func list() throws {
    let result = try Self.run(["list"])
    #expect(result.status == 0)
    #expect(result.output.contains("default") && result.output.contains("converged") && result.output.contains("no-lost-write"))
  }

  @Test("the summary names each strategy's domain: one line per strategy and domain")
  func summaryNamesDomains() throws {
    let out = try Self.temporaryDirectory("summary")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let result = try Self.run(["--days", "1", "--seed", "42", "--strategy", "converged", "--out", out])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").filter { $0.hasPrefix("converged") }
    #expect(
      lines == [
        "converged (tally): all invariants hold", "converged (steps): all invariants hold", "converged (budget): all invariants hold",
      ],
      "\(result.output)")
  }

  @Test("help shows the example, every exit code, and wraps paragraphs itself (no line past 80 columns)")
  func help() throws {
    for command in [[], ["sweep"], ["merge"], ["generate"], ["list"]] {
      let result = try Self.run(command + ["--help"], environment: ["COLUMNS": "80"])
      #expect(result.status == 0)
      let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
      // The usage line is ArgumentParser's, never wrapped.
      #expect(lines.filter { !$0.hasPrefix("USAGE:") }.allSatisfy { $0.count <= 80 }, "\(command): \(result.output)")
    }
    let result = try Self.run(["--help"])
    #expect(result.output.contains("  simulate --days 30 --seed 42\n"))
    for code in ["0", "1", "2", "64", "70", "74"] { #expect(result.output.contains("\n  \(code) "), "exit code \(code)") }
  }
}
