import GlanceKernel
import GlanceSimulation
import Testing

/// A value a design keeps in the App Group's defaults turns to garbage: each legacy design reads
/// it as its platform reads garbage; GlanceSync keeps nothing there but its pacing.
@Suite("Corrupted defaults")
struct CorruptedDefaultsTests {
  /// The default scenario's first day, budget only: an expense at 09:01, the app closed at 09:05
  /// (Pulpe writes its widget cache then), the cache corrupted at 09:10 when `corrupted`.
  static func budgetRun(corrupted: Bool) throws -> StrategyResult {
    var scenario = try SimulationFixtures.scenario("default")
    scenario.domains = [.budget]
    scenario.storeMove = nil
    let start = try #require(try ZoneCalendar(identifier: scenario.zone).dayInterval(of: scenario.start)).start
    func at(_ hours: Int64, _ minutes: Int64) -> Instant {
      start.advanced(by: hours * Instant.millisecondsPerHour + minutes * Instant.millisecondsPerMinute)
    }
    scenario.script = Script(
      actions: [ScriptedAction(at: at(9, 0), kind: .appOpen(minutes: 5)), ScriptedAction(at: at(9, 1), kind: .appTap)],
      corruptedDefaults: corrupted ? [at(9, 10)] : [])
    let outcome = try Simulation.run(SimulationRequest(scenario: scenario, days: 1, seed: 42, strategies: [.pulpeWidget, .converged]))
    #expect(try #require(outcome.result(.converged, domain: .budget)).violations.isEmpty)
    return try #require(outcome.result(.pulpeWidget, domain: .budget))
  }

  /// How long the widget disagreed with the truth over the run, in all.
  static func widgetWrong(_ result: StrategyResult) -> Int64 {
    result.staleness.first { $0.surface == .widget }?.intervals.reduce(0, +) ?? 0
  }

  /// The widget's next reload after 09:10 finds no cache it can decode and draws "Ouvre Pulpe"
  /// until the app's background task writes the cache again (an hour or more later).
  @Test("Pulpe's widget, its cache corrupted, shows the empty state from its next reload until the app writes the cache again")
  func pulpeCacheCorrupted() throws {
    let corrupted = try Self.budgetRun(corrupted: true)
    let control = try Self.budgetRun(corrupted: false)
    #expect(corrupted.faults[.corruptedDefaults] == 1 && control.faults[.corruptedDefaults] == nil)
    let extra = Self.widgetWrong(corrupted) - Self.widgetWrong(control)
    #expect(extra >= 10 * Instant.millisecondsPerMinute, "the corruption added \(extra) ms of a wrong widget")
  }
}
