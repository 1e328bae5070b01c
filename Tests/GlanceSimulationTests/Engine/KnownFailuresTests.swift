import GlanceKernel
import GlanceSimulation
import Testing

/// The real failures the simulator must find (issue 5), by invariant name and strategy, in the
/// shipped default scenario at seed 42.
@Suite("Known failures, default scenario, seed 42")
struct KnownFailuresTests {
  static let outcome = Result { try SimulationFixtures.outcome("default") }

  static func legacy() throws -> StrategyResult {
    try #require(try outcome.get().result(.mirrorsmokerLegacy))
  }

  @Test("mirrorsmoker-legacy: the undated count is carried past midnight (rollover)")
  func undatedCountPastMidnight() throws {
    let violation = try #require(try Self.legacy().violation(.rollover))
    #expect(violation.surface == .widget)
    #expect(violation.expected == 0 && violation.found > 0, "\(violation.detail)")
  }

  @Test("mirrorsmoker-legacy: a widget tap lost when the app removes the whole pending queue (no-lost-write)")
  func lostWidgetTap() throws {
    #expect(try Self.legacy().violation(.noLostWrite) != nil)
  }

  @Test("mirrorsmoker-legacy: a kill between saving the drained queue and clearing it double-counts (no-double-count)")
  func doubleCountAfterKill() throws {
    #expect(try Self.legacy().violation(.noDoubleCount) != nil)
  }

  @Test("mirrorsmoker-legacy: surfaces disagree after quiet windows (watch entries lost, deletes not propagated)")
  func convergence() throws {
    #expect(try Self.legacy().violation(.convergence) != nil)
  }

  @Test("mirrorsmoker-legacy: a reload on every change runs out of WidgetKit's budget (refresh-budget)")
  func refreshBudget() throws {
    #expect(try Self.legacy().violation(.refreshBudget) != nil)
  }

  @Test("converged: none of them")
  func convergedHoldsEverything() throws {
    let converged = try #require(try Self.outcome.get().result(.converged))
    #expect(converged.violations.isEmpty, "\(converged.violations.map(\.detail))")
    #expect(converged.deniedReloads == 0)
  }
}
