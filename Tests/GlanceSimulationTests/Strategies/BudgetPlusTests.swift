import GlanceKernel
import GlanceSimulation
import Testing

/// Pulpe's "+" is the link `pulpe://add-expense`: it opens the app on its add sheet, where the
/// person enters the expense (a quick amount through `AmountEntry`). WidgetKit then ignores
/// reloads for 30 s, as after any opening from the widget.
@Suite("The budget widget's \"+\"")
struct BudgetPlusTests {
  static func run(_ kinds: [ScriptedAction.Kind]) throws -> SimulationOutcome {
    var scenario = try SimulationFixtures.scenario("default")
    scenario.domains = [.budget]
    scenario.storeMove = nil
    let start = try #require(try ZoneCalendar(identifier: scenario.zone).dayInterval(of: scenario.start)).start
    scenario.script = Script(
      actions: kinds.enumerated().map { index, kind in
        ScriptedAction(at: start.advanced(by: 9 * Instant.millisecondsPerHour + Int64(index) * 600_000), kind: kind)
      })
    return try Simulation.run(SimulationRequest(scenario: scenario, days: 1, seed: 42, strategies: [.pulpeWidget, .converged]))
  }

  @Test("a tap on \"+\" is an expense entered in the app it opens: accepted, and converged shows it everywhere")
  func plusAddsAnExpense() throws {
    let outcome = try Self.run([.widgetTap, .widgetTap])
    let converged = try #require(outcome.result(.converged, domain: .budget))
    let pulpe = try #require(outcome.result(.pulpeWidget, domain: .budget))
    #expect(converged.acceptedActions == 2 && pulpe.acceptedActions == 2)
    #expect(converged.violations.isEmpty, "\(converged.violations.map(\.detail))")
    // The app opened twice from the widget, and asked for reloads each time it left.
    #expect(converged.reloadRequests > 0 && pulpe.reloadRequests >= 2)
  }

}
