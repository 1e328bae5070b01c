import GlanceKernel
import Testing

@testable import GlanceSimulation

/// Which cells of the fault space a run reaches, worked out by hand for scripted evenings in
/// Zurich (UTC+1 on 10 March 2026, so local midnight is 23:00Z) with every random fault off:
/// only what the script plants can take effect, and the cells are known in advance.
@Suite("Fault coverage of scripted runs")
struct FaultCoverageTests {
  /// The default scenario's tally alone, with no random fault (no rate, no late firing), no
  /// store move and no travel, playing `script`.
  static func evening(_ script: Script) throws -> Scenario {
    var scenario = try ScenarioLoader.builtIn(named: "default")
    scenario.domains = [.tally]
    scenario.storeMove = nil
    scenario.travel = []
    var faults = Faults()
    faults.appKillsPerDay = 0
    faults.watchOutOfRangePerDay = 0
    faults.duplicateDelivery = Chance(numerator: 0, denominator: 1)
    faults.lateFiringSecondsMax = 0
    faults.widgetKillsPerDay = 0
    faults.watchKillsPerDay = 0
    faults.messageFailure = Chance(numerator: 0, denominator: 1)
    faults.replyTimeout = Chance(numerator: 0, denominator: 1)
    faults.storeWriteFailuresPerDay = 0
    faults.corruptedDefaultsPerDay = 0
    faults.storeBusyPerDay = 0
    scenario.faults = faults
    scenario.script = script
    return scenario
  }

  static func at(_ text: String) throws -> Instant { try #require(InstantText.parse(text)) }

  /// 20:00 local the app is opened for two minutes with a tap; 23:58 local a watch tap.
  static func actions() throws -> [ScriptedAction] {
    [
      ScriptedAction(at: try at("2026-03-10T19:00:00.000Z"), kind: .appOpen(minutes: 2, fromWidget: false)),
      ScriptedAction(at: try at("2026-03-10T19:00:30.000Z"), kind: .appTap),
      ScriptedAction(at: try at("2026-03-10T22:58:00.000Z"), kind: .watchTap),
    ]
  }

  @Test("one watch kill armed at 23:50 strikes after the 23:58 tap: the one cell reached is the watch's process, before the boundary")
  func watchKillBeforeMidnight() throws {
    let scenario = try Self.evening(Script(actions: try Self.actions(), watchKills: [try Self.at("2026-03-10T22:50:00.000Z")]))
    let expected = [CoverageCell(.watch, .process, .watchKills, .beforeBoundary)]
    for seed in UInt64(1)...5 {
      let outcome = try Simulation.run(SimulationRequest(scenario: scenario, days: 2, seed: seed))
      #expect(outcome.results.count == 3, "every tally strategy plays")
      for result in outcome.results {
        // The kill strikes within three seconds of the tap (23:58:00 to 23:58:03 local).
        #expect(result.faults[.watchAppKill] == 1, "seed \(seed), \(result.strategy)")
        #expect(result.coverage.cells == expected, "seed \(seed), \(result.strategy): \(result.coverage.cells)")
      }
      #expect(outcome.coverage.count == 1)
      #expect(outcome.coverage.unreached.count == FaultCoverage.possibleCells.count - 1)
    }
  }

  @Test("the same evening without the kill reaches no cell: no fault took effect")
  func noFaultNoCell() throws {
    let scenario = try Self.evening(Script(actions: try Self.actions()))
    for seed in UInt64(1)...5 {
      let outcome = try Simulation.run(SimulationRequest(scenario: scenario, days: 2, seed: seed))
      // No fault of a family struck (a sendMessage refused for want of the watch app in the
      // foreground is the platform's rule, counted, but of no family).
      let familyKinds = FaultFamily.all.flatMap(\.kinds)
      #expect(
        outcome.results.allSatisfy { result in familyKinds.allSatisfy { (result.faults[$0] ?? 0) == 0 } },
        "seed \(seed): \(outcome.results.map(\.faults))")
      #expect(outcome.coverage.isEmpty, "seed \(seed): \(outcome.coverage.cells)")
      #expect(outcome.coverage.unreached == FaultCoverage.possibleCells)
    }
  }

  @Test("a watch kill armed that meets no tap reaches no cell: a fault counts where it takes effect, not where it is armed")
  func armedKillThatMeetsNothing() throws {
    // Armed after the evening's last tap: the kill waits for a watch tap that never comes.
    let scenario = try Self.evening(Script(actions: try Self.actions(), watchKills: [try Self.at("2026-03-10T23:10:00.000Z")]))
    let outcome = try Simulation.run(SimulationRequest(scenario: scenario, days: 2, seed: 3))
    #expect(outcome.results.allSatisfy { ($0.faults[.watchAppKill] ?? 0) == 0 })
    #expect(outcome.coverage.isEmpty, "\(outcome.coverage.cells)")
  }

  @Test("a watch out of range across midnight: the converged watch's 00:10 tap waits on transferUserInfo, after the boundary")
  func outOfRangeAfterMidnight() throws {
    let scenario = try Self.evening(
      Script(
        actions: try Self.actions().prefix(2) + [ScriptedAction(at: try Self.at("2026-03-10T23:10:00.000Z"), kind: .watchTap)],
        outOfRange: [OutOfRangeSpell(from: try Self.at("2026-03-10T22:50:00.000Z"), until: try Self.at("2026-03-10T23:40:00.000Z"))]))
    for seed in UInt64(1)...5 {
      let result = try Simulation.run(design: ConvergedTally.self, scenario: scenario, days: 2, seed: seed)
      #expect(
        result.coverage.cells == [CoverageCell(.app, .transferUserInfo, .outOfRange, .afterBoundary)],
        "seed \(seed): \(result.coverage.cells)")
    }
  }

  @Test("a three-day default run reaches cells of several families, each possible, and a report lists the rest as never reached")
  func defaultRunReportsCoverage() throws {
    let scenario = try ScenarioLoader.builtIn(named: "default")
    let outcome = try Simulation.run(SimulationRequest(scenario: scenario, days: 3, seed: 42), detail: .verdicts)
    let coverage = outcome.coverage
    #expect(Set(coverage.cells.map(\.family)).count >= 4, "\(coverage.cells)")
    #expect(coverage.cells.allSatisfy { $0.isPossible })
    let report = Report(outcome: outcome, scenarioReference: "default").markdown
    #expect(
      report.contains("Reached over this run's strategies: \(coverage.count) of \(FaultCoverage.possibleCells.count) possible cells."))
    #expect(report.contains("Never reached (\(coverage.unreached.count) cells):"))
    for line in coverage.unreachedLines { #expect(report.contains(line)) }
  }
}
