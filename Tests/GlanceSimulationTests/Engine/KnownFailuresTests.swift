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

  /// The part of a violation's detail that counts entries by the kind of action that made them,
  /// as in `(5 watchTap, 2 widgetTap)`.
  static func kinds(_ violation: Violation) -> String {
    violation.detail.split(separator: "(").dropFirst().first.map { String($0.prefix { $0 != ")" }) } ?? ""
  }

  @Test("mirrorsmoker-legacy: watch entries made out of range never reach the phone (no-lost-write)")
  func lostWatchEntries() throws {
    let violation = try #require(try Self.legacy().violation(.noLostWrite))
    #expect(Self.kinds(violation).contains("watchTap"), "\(violation.detail)")
    // Dated at the lost tap, with the events around it (replayed), not the end of the run.
    #expect(violation.datedAtAction)
    #expect(violation.trace.contains { $0.hasPrefix("\(violation.time) action #") }, "\(violation.trace)")
    #expect(violation.trace.contains { $0.hasPrefix("\(violation.time)") } && violation.trace.last.map { $0 > "\(violation.time)" } == true)
  }

  @Test("mirrorsmoker-legacy: a widget tap lost when the app removes the whole pending queue (no-lost-write, no-midnight scenario)")
  func lostWidgetTap() throws {
    let outcome = try SimulationFixtures.outcome("no-midnight", strategies: [.mirrorsmokerLegacy])
    let violation = try #require(outcome.result(.mirrorsmokerLegacy)?.violation(.noLostWrite))
    #expect(Self.kinds(violation).contains("widgetTap"), "\(violation.detail)")
  }

  @Test("mirrorsmoker-legacy: a kill between saving the drained queue and clearing it double-counts (no-double-count)")
  func doubleCountAfterKill() throws {
    let violation = try #require(try Self.legacy().violation(.noDoubleCount))
    #expect(Self.kinds(violation).contains("widgetTap"), "\(violation.detail)")
  }

  @Test("mirrorsmoker-legacy: surfaces disagree after quiet windows (watch entries lost, deletes not propagated)")
  func convergence() throws {
    #expect(try Self.legacy().violation(.convergence) != nil)
  }

  @Test("mirrorsmoker-legacy: a reload on every change runs out of WidgetKit's budget (refresh-budget)")
  func refreshBudget() throws {
    #expect(try Self.legacy().violation(.refreshBudget) != nil)
  }

  @Test("babysteps-widget: yesterday's \"today\" shown after midnight until the next reload (rollover)")
  func stepsYesterdayAfterMidnight() throws {
    let steps = try #require(try Self.outcome.get().result(.babystepsWidget, domain: .steps))
    let violation = try #require(steps.violation(.rollover))
    #expect(violation.surface == .widget && violation.found > violation.expected, "\(violation.detail)")
  }

  @Test("babysteps-widget: the store move loses data when the copy fails, and strands it when the widget opens the store first (no-data-loss)",
        arguments: ["store-move", "store-move-widget-first"])
  func storeMoveLosesData(_ scenario: String) throws {
    let outcome = try SimulationFixtures.outcome(scenario)
    let steps = try #require(outcome.result(.babystepsWidget, domain: .steps))
    #expect(steps.violation(.noDataLoss) != nil)
    let converged = try #require(outcome.result(.converged, domain: .steps))
    #expect(converged.violations.isEmpty, "\(converged.violations.map(\.detail))")
  }

  @Test("pulpe-widget: the old period, then the empty state, after a pay-period boundary (rollover)",
        arguments: ["default", "year-end"])
  func budgetAfterPeriodBoundary(_ scenario: String) throws {
    let outcome = try SimulationFixtures.outcome(scenario)
    let budget = try #require(outcome.result(.pulpeWidget, domain: .budget))
    let violation = try #require(budget.violation(.rollover))
    #expect(violation.surface == .widget && violation.expected == 500_000 && violation.found != 500_000, "\(violation.detail)")
    let converged = try #require(outcome.result(.converged, domain: .budget))
    #expect(converged.violations.isEmpty, "\(converged.violations.map(\.detail))")
  }

  @Test("pulpe-widget: last year's grid after the January period begins (rollover on the year widget, year-end)")
  func lastYearsGrid() throws {
    let outcome = try SimulationFixtures.outcome("year-end")
    let violation = try #require(outcome.result(.pulpeWidget, domain: .budget)?.violation(.rollover))
    #expect(violation.surfaces.contains(.yearWidget), "\(violation.surfaces)")
  }

  @Test("mirrorsmoker-legacy: after a flight the widget shows today of the zone the device left (rollover, travel)")
  func oldZonesToday() throws {
    let outcome = try SimulationFixtures.outcome("travel", days: 7)
    let violation = try #require(outcome.result(.mirrorsmokerLegacy)?.violation(.rollover))
    #expect(violation.surfaces.contains(.widget))
    // The first one is the flight east: 10 June in Auckland had many taps, 10 June in Los Angeles
    // has just begun.
    #expect(violation.detail.contains("Pacific/Auckland, which the device left"), "\(violation.detail)")
    #expect(violation.found > violation.expected)
    let converged = try #require(outcome.result(.converged))
    #expect(converged.violations.isEmpty, "\(converged.violations.map(\.detail))")
  }

  @Test("converged: none of them, in any domain")
  func convergedHoldsEverything() throws {
    for domain in Domain.allCases {
      let converged = try #require(try Self.outcome.get().result(.converged, domain: domain))
      #expect(converged.violations.isEmpty, "\(domain): \(converged.violations.map(\.detail))")
      #expect(converged.deniedReloads == 0)
    }
  }
}
