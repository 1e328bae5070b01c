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
    // 2 places of midnight × 3 moves × (none, or 3 faults before the move) = 24 plans.
    #expect(whole.output.contains("converged (steps), 1 moves, shard 1/1: 24 plans"), "\(whole.output)")
    #expect(whole.output.contains("every invariant held"), "\(whole.output)")
    func figures(_ output: String) -> [Int] {
      // "…: 24 plans, 440 schedules, 882 choice points, 0.1 s": the three counts.
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

  @Test("a legacy design's known failure is found, the first schedule printed, and exits 0 (it is not expected to converge)")
  func legacy() throws {
    let found = try SimulateCommandTests.run(["explore", "--moves", "1", "--strategy", "mirrorsmoker-legacy", "--first-violation"])
    #expect(found.status == 0, "\(found.output)\(found.errors)")
    #expect(found.output.contains("mirrorsmoker-legacy (tally)"), "\(found.output)")
    #expect(found.output.contains("first at plan 0, schedule 0"), "\(found.output)")
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
    ]
    for (arguments, message) in cases {
      let outcome = try SimulateCommandTests.run(["explore"] + arguments)
      #expect(outcome.status == 64, "\(arguments): \(outcome.output)\(outcome.errors)")
      #expect(outcome.errors.contains(message), "\(arguments): \(outcome.errors)")
    }
  }
}
