import GlanceKernel
import GlanceSimulation
import Testing

/// `mirrorsmoker-seed` reproduces the snapshot `widgetdebug.md` analysed (before `0fd0341`):
/// each root cause it lists shows as the invariant the checker names.
@Suite("MirrorSmoker's seed snapshot")
struct MirrorSmokerSeedTests {
  /// An add in the app at 09:01 (app open 09:00–09:10), a tap on the widget's "+" at 09:20.
  static func run() throws -> (StrategyResult, Instant) {
    let (scenario, start) = try MirrorSmokerLegacyTests.scenario { start in
      [
        ScriptedAction(at: MirrorSmokerLegacyTests.at(start, 9), kind: .appOpen(minutes: 10)),
        ScriptedAction(at: MirrorSmokerLegacyTests.at(start, 9, 1), kind: .appTap),
        ScriptedAction(at: MirrorSmokerLegacyTests.at(start, 9, 20), kind: .widgetTap),
      ]
    }
    let outcome = try Simulation.run(SimulationRequest(scenario: scenario, days: 1, seed: 42, strategies: [.mirrorsmokerSeed]))
    return (try #require(outcome.result(.mirrorsmokerSeed)), MirrorSmokerLegacyTests.at(start, 9, 50))
  }

  @Test("root causes 1 and 4: the widget reads widget_today_count, which nothing writes (convergence: 0 on the widget)")
  func widgetReadsAKeyNobodyWrites() throws {
    let (result, check) = try Self.run()
    let violation = try #require(result.violation(.convergence), "\(result.violations)")
    #expect(violation.time == check && violation.surfaces.contains(.widget), "\(violation)")
    #expect(violation.surface != .widget || violation.found.hasPrefix("0 ("), "\(violation)")
  }

  @Test("root cause 2: the widget's \"+\" is a placeholder that inserts nothing (no-lost-write on the phone's store)")
  func plusInsertsNothing() throws {
    let (result, check) = try Self.run()
    let violation = try #require(result.violation(.noLostWrite), "\(result.violations)")
    #expect(violation.time == check, "\(violation)")
    #expect(violation.detail.contains("the phone's store") && violation.detail.contains("(1 widgetTap)"), "\(violation.detail)")
  }

  @Test("the provider, never configured, asks for a timeline every minute: the budget runs out (refresh-budget)")
  func everyMinute() throws {
    let (result, _) = try Self.run()
    #expect(result.violation(.refreshBudget) != nil && result.deniedReloads > 0, "\(result.deniedReloads) denied")
  }
}
