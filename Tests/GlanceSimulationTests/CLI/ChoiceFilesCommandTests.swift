import Foundation
import GlanceSimulation
import GlanceTestSupport
import Testing

/// `simulate --record-choices` and `--replay-choices` as a user runs them.
@Suite("simulate choice files")
struct ChoiceFilesCommandTests {
  @Test("a run recorded to a file and replayed from it writes the same report, byte for byte")
  func recordThenReplay() throws {
    let out = try SimulateCommandTests.temporaryDirectory("choices")
    let file = out + "-choices.txt"
    defer {
      try? FileManager.default.removeItem(atPath: out)
      try? FileManager.default.removeItem(atPath: file)
    }
    let arguments = ["--days", "3", "--seed", "11", "--scenario", "store-locks"]
    let recorded = try SimulateCommandTests.run(arguments + ["--out", out + "/recorded", "--record-choices", file])
    #expect(recorded.status == 0, "\(recorded.output)\(recorded.errors)")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.hasPrefix(ChoiceRecording.header + "\nsection plan\n"))
    let replayed = try SimulateCommandTests.run(arguments + ["--out", out + "/replayed", "--replay-choices", file])
    #expect(replayed.status == 0, "\(replayed.output)\(replayed.errors)")
    for name in ["report.md", "report.json", "report.html"] {
      let first = try Data(contentsOf: URL(fileURLWithPath: out + "/recorded/store-locks-seed11-days3/" + name))
      let second = try Data(contentsOf: URL(fileURLWithPath: out + "/replayed/store-locks-seed11-days3/" + name))
      #expect(first == second, "\(name) differs between the recorded run and its replay")
    }
  }

  @Test("a malformed file, a recording of another run and both options at once are usage errors (64) that say what is wrong")
  func badFiles() throws {
    let out = try SimulateCommandTests.temporaryDirectory("bad-choices")
    let file = out + "-choices.txt"
    defer {
      try? FileManager.default.removeItem(atPath: out)
      try? FileManager.default.removeItem(atPath: file)
    }
    try "glance-choices 1\nsection plan\nworkload uniform 0...8 = 9\n".write(toFile: file, atomically: true, encoding: .utf8)
    let malformed = try SimulateCommandTests.run(["--days", "1", "--seed", "1", "--out", out, "--replay-choices", file])
    #expect(malformed.status == 64)
    #expect(malformed.errors.contains("line 3"), "\(malformed.errors)")
    try "glance-choices 1\nsection plan\n".write(toFile: file, atomically: true, encoding: .utf8)
    let unfit = try SimulateCommandTests.run(["--days", "1", "--seed", "1", "--out", out, "--replay-choices", file])
    #expect(unfit.status == 64)
    #expect(unfit.errors.contains("choice 0 of section plan"), "\(unfit.errors)")
    let missing = try SimulateCommandTests.run(["--days", "1", "--seed", "1", "--out", out, "--replay-choices", file + ".missing"])
    #expect(missing.status == 64, "\(missing.errors)")
    let both = try SimulateCommandTests.run([
      "--days", "1", "--seed", "1", "--out", out, "--replay-choices", file, "--record-choices", file,
    ])
    #expect(both.status == 64)
    #expect(both.errors.contains("--record-choices and --replay-choices"), "\(both.errors)")
  }
}
