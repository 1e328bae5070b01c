import Foundation
import GlanceTestSupport
import Testing

/// `simulate --shrink` as a user runs it: the report links each shrunk failure, and the file
/// replays it with nothing but `--scenario`.
@Suite("simulate --shrink")
struct ShrinkCommandTests {
  @Test("a legacy failure is shrunk, linked from the report, and replayed by its file alone")
  func shrunkFileReplays() throws {
    let out = try SimulateCommandTests.temporaryDirectory("shrink")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let run = try SimulateCommandTests.run(
      ["--days", "3", "--seed", "42", "--strategy", "mirrorsmoker-legacy", "--shrink", "--out", out])
    #expect(run.status == 0, "\(run.output)\(run.errors)")
    let folder = out + "/default-seed42-days3"
    let file = "shrunk/mirrorsmoker-legacy-tally-convergence.yaml"
    #expect(run.output.contains("shrunk: mirrorsmoker-legacy (tally) convergence: "), "\(run.output)")
    let report = try String(contentsOfFile: folder + "/report.md", encoding: .utf8)
    #expect(report.contains("still breaking convergence: [`\(file)`](\(file))"), "\(report)")
    let json = try String(contentsOfFile: folder + "/report.json", encoding: .utf8)
    #expect(json.contains(#""file" : "shrunk\/mirrorsmoker-legacy-tally-convergence.yaml""#))

    let yaml = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
    #expect(yaml.contains("seed: 42") && yaml.contains("script:"), "\(yaml)")
    // No --seed, no --days: the file holds them.
    let replay = try SimulateCommandTests.run(["--scenario", folder + "/" + file, "--strategy", "mirrorsmoker-legacy", "--out", out])
    #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
    #expect(!replay.output.contains("seed: "), "no seed is drawn: \(replay.output)")
    let line = try #require(replay.output.split(separator: "\n").first { $0.hasPrefix("mirrorsmoker-legacy (tally): ") })
    #expect(line.contains("convergence ×"), "\(replay.output)")
  }

  @Test("without --shrink, a legacy failure is not shrunk (only failures of converged are)")
  func legacyNotShrunkByDefault() throws {
    let out = try SimulateCommandTests.temporaryDirectory("no-shrink")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let run = try SimulateCommandTests.run(["--days", "2", "--seed", "42", "--strategy", "mirrorsmoker-legacy", "--out", out])
    #expect(run.status == 0)
    #expect(!run.output.contains("shrunk:"))
    #expect(!FileManager.default.fileExists(atPath: out + "/default-seed42-days2/shrunk"))
  }
}
