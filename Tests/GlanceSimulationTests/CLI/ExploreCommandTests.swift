import Foundation
import GlanceSimulation
import GlanceTestSupport
import Testing

/// `simulate explore` as a user runs it.
@Suite("simulate explore")
struct ExploreCommandTests {
  @Test("the steps domain at N = 1: every plan and schedule, shards adding up to the whole, exit 0")
  func steps() throws {
    let whole = try SimulateCommandTests.run(["explore", "--moves", "1", "--domain", "steps", "--jobs", "2"])
    #expect(whole.status == 0, "\(whole.output)\(whole.errors)")
    // 2 places of midnight × 3 moves × (none, or 3 faults before the move) × 2 installs of the
    // update (at the start, at the boundary) = 48 plans.
    #expect(whole.output.contains("converged (steps), 1 moves, at most 1 drawn fault, shard 1/1: 48 plans"), "\(whole.output)")
    #expect(whole.output.contains("every invariant held"), "\(whole.output)")
    func figures(_ output: String) -> [Int] {
      // "…: 48 plans, 1164 schedules, 3902 choice points, 1.0 s": the three counts.
      let counts = output.split(separator: ":")[1].split(separator: ",").prefix(3)
      return counts.compactMap { Int($0.split(separator: " ")[0]) }
    }
    var sum = [0, 0, 0]
    for index in 1...2 {
      let part = try SimulateCommandTests.run(["explore", "--moves", "1", "--domain", "steps", "--jobs", "1", "--shard", "\(index)/2"])
      #expect(part.status == 0, "\(part.output)\(part.errors)")
      sum = zip(sum, figures(part.output)).map(+)
    }
    #expect(sum == figures(whole.output))
  }

  @Test("--sessions left-after-each-move: said in the line, in shard.json and in report.md; absent for one session")
  func sessions() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-sessions-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let arguments = ["explore", "--moves", "1", "--domain", "steps", "--jobs", "1"]
    let left = try SimulateCommandTests.run(arguments + ["--sessions", "left-after-each-move", "--out", "\(folder)/left"])
    #expect(left.status == 0, "\(left.output)\(left.errors)")
    #expect(left.output.contains("at most 1 drawn fault, the app left after each move, shard 1/1: 48 plans"), "\(left.output)")
    let explored = "explore-default-converged-steps-moves1"
    let manifest = try String(contentsOfFile: "\(folder)/left/\(explored)/shard.json", encoding: .utf8)
    #expect(manifest.contains("\"sessions\" : \"left-after-each-move\""), "\(manifest)")
    let report = try String(contentsOfFile: "\(folder)/left/\(explored)/report.md", encoding: .utf8)
    #expect(report.contains("| sessions of the app | left-after-each-move |"), "\(report)")
    let one = try SimulateCommandTests.run(arguments + ["--out", "\(folder)/one"])
    #expect(one.status == 0, "\(one.output)\(one.errors)")
    #expect(one.output.contains("at most 1 drawn fault, shard 1/1: 48 plans"), "\(one.output)")
    #expect(try !String(contentsOfFile: "\(folder)/one/\(explored)/shard.json", encoding: .utf8).contains("sessions"))
    #expect(try !String(contentsOfFile: "\(folder)/one/\(explored)/report.md", encoding: .utf8).contains("sessions"))
  }

  @Test("a legacy design's known failure is found, the first schedule printed, and exits 0 (it is not expected to converge)")
  func legacy() throws {
    let found = try SimulateCommandTests.run(["explore", "--moves", "1", "--strategy", "mirrorsmoker-legacy", "--first-violation"])
    #expect(found.status == 0, "\(found.output)\(found.errors)")
    #expect(found.output.contains("mirrorsmoker-legacy (tally)"), "\(found.output)")
    #expect(found.output.contains("first at plan 0, schedule 0"), "\(found.output)")
  }

  @Test("a counterexample written by --counterexample-out replays with simulate run: the same invariant broken")
  func counterexampleReplays() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-counterexample-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let found = try SimulateCommandTests.run([
      "explore", "--moves", "1", "--strategy", "babysteps-widget", "--first-violation", "--counterexample-out", folder,
    ])
    #expect(found.status == 0, "\(found.output)\(found.errors)")
    let stem = "\(folder)/default-explored-babysteps-widget-steps-moves1"
    #expect(found.output.contains("replay: simulate --scenario \(stem).yaml --strategy babysteps-widget --replay-choices \(stem).choices"))
    let broken = found.output.split(separator: "\n").filter { $0.hasPrefix("    ") && $0.contains(": ") }.map {
      $0.trimmingCharacters(in: .whitespaces).split(separator: ":")[0]
    }
    #expect(!broken.isEmpty, "\(found.output)")
    let replayed = try SimulateCommandTests.run([
      "--scenario", "\(stem).yaml", "--strategy", "babysteps-widget", "--replay-choices", "\(stem).choices", "--out", "\(folder)/reports",
    ])
    #expect(replayed.status == 0, "\(replayed.output)\(replayed.errors)")
    let report = try String(contentsOfFile: "\(folder)/reports/default-explored-seed0-days1/report.md", encoding: .utf8)
    for invariant in Set(broken) { #expect(report.contains(String(invariant)), "\(invariant) not in the report") }
  }

  @Test("bad options are usage errors (64) that say what is wrong")
  func badOptions() throws {
    let cases: [([String], String)] = [
      (["--moves", "0"], "--moves must be between 1 and 8"),
      (["--moves", "9"], "--moves must be between 1 and 8"),
      (["--domain", "weather"], "--domain weather: not a domain"),
      (["--strategy", "babysteps-widget", "--domain", "tally"], "babysteps-widget has no design there"),
      (["--shard", "3/2"], "expected K/N"),
      (["--max-schedules", "0"], "--max-schedules must be 1 or more"),
      (["--drawn-faults", "-1"], "--drawn-faults must be a count of 0 or more, or `all` (got -1)"),
      (["--drawn-faults", "some"], "--drawn-faults must be a count of 0 or more, or `all` (got some)"),
      (["--sessions", "two"], "'two' is invalid for '--sessions <sessions>'"),
    ]
    for (arguments, message) in cases {
      let outcome = try SimulateCommandTests.run(["explore"] + arguments)
      #expect(outcome.status == 64, "\(arguments): \(outcome.output)\(outcome.errors)")
      #expect(outcome.errors.contains(message), "\(arguments): \(outcome.errors)")
    }
  }
}
