import GlanceKernel
import GlanceSimulation
import Testing

/// `pulpe-widget` syncs the widget cache only when an expense is added on the home screen, when
/// the app comes to the foreground or leaves it, and in its background refresh
/// (`WidgetDataSyncService`, Pulpe `96da79248`): an edit (`PATCH` from the budget details) and
/// a soft delete (`DELETE` when its 3 s undo toast ends) sync nothing themselves.
@Suite("Pulpe's edits and soft deletes")
struct PulpeEditsTests {
  /// The default scenario's first day, budget only; `actions` at minutes after 09:00.
  static func run(
    _ actions: [(minutes: Int64, kind: ScriptedAction.Kind)], kills: [Int64] = []
  ) throws -> (outcome: SimulationOutcome, nine: Instant) {
    var scenario = try SimulationFixtures.scenario("default")
    scenario.domains = [.budget]
    let start = try #require(try ZoneCalendar(identifier: scenario.zone).dayInterval(of: scenario.start)).start
    let nine = start.advanced(by: 9 * Instant.millisecondsPerHour)
    func at(_ minutes: Int64) -> Instant { nine.advanced(by: minutes * Instant.millisecondsPerMinute) }
    scenario.script = Script(
      actions: actions.map { ScriptedAction(at: at($0.minutes), kind: $0.kind) },
      kills: kills.map { nine.advanced(by: $0) })
    let outcome = try Simulation.run(SimulationRequest(scenario: scenario, days: 1, seed: 42, strategies: [.pulpeWidget, .converged]))
    return (outcome, nine)
  }

  /// An expense at 09:01 (synced: the home screen's add), its amount edited at 09:05, the app
  /// left open until 10:30. Thirty quiet minutes after the edit the widget still shows the
  /// remaining of before the edit.
  @Test("an edit with the app left open does not reach the widget while the app stays open")
  func editNotSynced() throws {
    let (outcome, nine) = try Self.run([(0, .appOpen(minutes: 90)), (1, .appTap), (5, .appEdit)])
    let pulpe = try #require(outcome.result(.pulpeWidget, domain: .budget))
    let violation = try #require(pulpe.violation(.convergence), "\(pulpe.violations.map(\.detail))")
    #expect(violation.time == nine.advanced(by: 35 * Instant.millisecondsPerMinute), "\(violation)")
    #expect(violation.surfaces.contains(.widget) && violation.field == "remaining", "\(violation.detail)")
    #expect(!violation.surfaces.contains(.app), "the app shows the edit: \(violation.surfaces)")
    let converged = try #require(outcome.result(.converged, domain: .budget))
    #expect(converged.violations.isEmpty, "\(converged.violations.map(\.detail))")
  }

  @Test("the same edit in a ten-minute session reaches the widget when the app leaves the foreground")
  func editSyncedInBackground() throws {
    let (outcome, _) = try Self.run([(0, .appOpen(minutes: 10)), (1, .appTap), (5, .appEdit)])
    let pulpe = try #require(outcome.result(.pulpeWidget, domain: .budget))
    #expect(pulpe.violation(.convergence) == nil, "\(pulpe.violations.map(\.detail))")
    #expect(pulpe.acceptedActions == 2)
  }

  /// Two expenses, the second deleted at 09:03; the app is killed at 09:03:01, before the toast
  /// ends (seed 42 draws a kill that falls before the next operation step): the `DELETE` is
  /// never sent, and the relaunched app and the widget count the expense again.
  @Test("a soft delete whose undo toast a kill cuts short is lost: the backend keeps the expense")
  func softDeleteLostWithTheProcess() throws {
    let script: [(Int64, ScriptedAction.Kind)] = [
      (0, .appOpen(minutes: 10)), (1, .appTap), (2, .appTap), (3, .appDelete), (20, .appOpen(minutes: 2)),
    ]
    let (outcome, _) = try Self.run(script, kills: [3 * 60_000 + 1_000])
    let pulpe = try #require(outcome.result(.pulpeWidget, domain: .budget))
    let extra = try #require(pulpe.violation(.noDoubleCount), "\(pulpe.violations.map(\.detail))")
    #expect(extra.expected == "1 records" && extra.found == "2", "\(extra.detail)")
    #expect(pulpe.violation(.convergence)?.surfaces.contains(.widget) == true, "\(pulpe.violations.map(\.detail))")
    let converged = try #require(outcome.result(.converged, domain: .budget))
    #expect(converged.violations.isEmpty, "\(converged.violations.map(\.detail))")
    // Without the kill the toast ends and the delete is sent.
    let (control, _) = try Self.run(script)
    #expect(try #require(control.result(.pulpeWidget, domain: .budget)).violation(.noDoubleCount) == nil)
  }
}
