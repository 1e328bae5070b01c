@testable import GlanceSimulation
import GlanceKernel
import Testing

/// Exploration finds every planted bug the small world can hold, and every legacy design's
/// known failure, at a small N: the evidence table of the DocC article *Exploring small worlds*
/// (its figures are the ones this test prints).
@Suite("Exploration finds the flaws")
struct ExplorationEvidenceTests {
  /// The smallest N (up to `movesMax`) at which exploring `design` finds a violation, and the
  /// schedules it played to get there (the unsplit exploration's, the plans of smaller N
  /// included).
  ///
  /// `movesMin` above 1 skips the smaller worlds, for a flaw that cannot show with fewer moves
  /// (the caller shows why).
  static func firstFound<Design: SyncDesign>(
    _ design: Design.Type, in scenario: Scenario? = nil, sessions: SmallWorldSessions = .oneSession, movesMin: Int = 1,
    movesMax: Int = 1, scheduleLimit: Int = 10_000
  ) throws -> (moves: Int, schedules: Int, invariants: [Invariant])? {
    let scenario = try scenario ?? ScenarioLoader.builtIn(named: "default")
    var played = 0
    for moves in movesMin...movesMax {
      let world = try SmallWorld(scenario: scenario, domain: Design.domain, moves: moves, sessions: sessions)
      let figures = try Explorer.explore(Design.self, in: world, firstViolation: true, scheduleLimit: scheduleLimit)
      if let (_, violation) = figures.counterexample, let until = figures.schedulesUntilCounterexample {
        return (moves, played + until, violation.violations.map(\.invariant))
      }
      played += figures.schedules
      // A limit that stopped N's exploration leaves larger N unexplored: not found.
      if !figures.complete { return nil }
    }
    return nil
  }

  /// The mutants exploration finds within the test's limit, with the invariant each was planted
  /// for and the most moves it needs (the store move's, since the steps' small world installs
  /// the update, ``SmallWorldUpdate``; the watch that ignores deletes needs a tap and its
  /// delete). The zone check, the day of 24 hours, the band rule and the reloads in the
  /// background need a world of their own: the tests below.
  static var mutants: [(design: any SyncDesign.Type, invariant: Invariant, movesMax: Int)] {
    [
      (MutantsTests.LateWidget.self, .staleness, 1),
      (MutantsTests.LateMidnightEntry.self, .rollover, 1),
      (MutantsTests.LosesOldestRow.self, .noLostWrite, 1),
      (MutantsTests.KeepsACopy.self, .noDoubleCount, 1),
      (MutantsTests.DropsWatchTaps.self, .noLostWrite, 1),
      (MutantsTests.WrongYearHighlight.self, .convergence, 1),
      (MutantsTests.AppWrongWhileWatchAway.self, .staleness, 1),
      (MutantsTests.MoveLosesARecord.self, .noDataLoss, 1),
      (MutantsTests.WatchIgnoresDeletes.self, .convergence, 2),
    ]
  }

  @Test("exploration finds every mutant a small world can hold, by the invariant it was planted for", arguments: 0..<9)
  func mutantFound(_ index: Int) throws {
    let (design, invariant, movesMax) = Self.mutants[index]
    let found = try #require(try Self.firstFound(design, movesMax: movesMax), "\(design.name) not found at N ≤ \(movesMax)")
    print("evidence: \(design.name) N=\(found.moves) schedules=\(found.schedules) \(found.invariants.map(\.rawValue))")
    #expect(found.invariants.contains(invariant), "\(design.name): \(found.invariants.map(\.rawValue))")
  }

  /// The default scenario with a flight to Tokyo at its first midnight: the small world's
  /// boundary is the zone change, and it lasts past the zone-settled check (``SmallWorld/runLead``).
  static func flightAtMidnight() throws -> Scenario {
    var scenario = try ScenarioLoader.builtIn(named: "default")
    scenario.travel = [Travel(day: 1, hour: 0, zone: "Asia/Tokyo")]
    return scenario
  }

  @Test("exploration finds the widget that never checks its zone where the small world's boundary is a flight")
  func zoneCheckAtAFlight() throws {
    let found = try #require(
      try Self.firstFound(MutantsTests.NoZoneCheck.self, in: Self.flightAtMidnight()), "mutant-no-zone-check not found at N = 1")
    print("evidence: mutant-no-zone-check (flight) N=\(found.moves) schedules=\(found.schedules) \(found.invariants.map(\.rawValue))")
    #expect(found.invariants.contains(.rollover), "\(found.invariants.map(\.rawValue))")
    // The converged tally holds there, every schedule of one move.
    let world = try SmallWorld(scenario: Self.flightAtMidnight(), domain: .tally, moves: 1)
    let figures = try Explorer.explore(strategy: .converged, in: world)
    #expect(figures.complete && figures.counterexample == nil)
    print("evidence: converged tally (flight) N=1 schedules=\(figures.schedules)")
  }

  @Test("exploration finds the widget that takes every day for 24 hours where the boundary ends a day of 23")
  func dayOf23HoursAtTheBoundary() throws {
    // Chile's 6 September 2026 starts at 01:00 (its midnight does not exist) and lasts 23 hours:
    // started on it, the small world's boundary is its end, 7 September 00:00.
    var scenario = try ScenarioLoader.builtIn(named: "no-midnight")
    scenario.start = try CivilDate(year: 2026, month: 9, day: 6)
    let found = try #require(
      try Self.firstFound(MutantsTests.DayOfTwentyFourHours.self, in: scenario), "mutant-day-of-24-hours not found at N = 1")
    let invariants = found.invariants.map(\.rawValue)
    print("evidence: mutant-day-of-24-hours (23-hour day) N=\(found.moves) schedules=\(found.schedules) \(invariants)")
    #expect(found.invariants.contains(.rollover), "\(found.invariants.map(\.rawValue))")
    // The converged tally holds there, every schedule of one move; the mutant does at the
    // default's first midnight, after a day of 24 hours.
    let figures = try Explorer.explore(strategy: .converged, in: SmallWorld(scenario: scenario, domain: .tally, moves: 1))
    #expect(figures.complete && figures.counterexample == nil)
    #expect(try Self.firstFound(MutantsTests.DayOfTwentyFourHours.self) == nil)
  }

  @Test("exploration finds the widget's wrong band at 5 moves, the fewest whose count it shows in")
  func wrongBandAtFiveMoves() throws {
    // The mutant's badge measures today's count against 20, not the person's limit, 10. Against
    // either limit a count below 5 is "excellent" (below half), so fewer than 5 moves on one day
    // cannot show the flaw; 5 is "good" against 10 and still "excellent" against 20.
    #expect(PersonSettings.tallyDailyLimit == 10)
    for count in 0...4 { #expect(StatusBand(count: count, limit: 10) == StatusBand(count: count, limit: 20)) }
    #expect(StatusBand(count: 5, limit: 10) == .good && StatusBand(count: 5, limit: 20) == .excellent)
    let found = try #require(
      try Self.firstFound(MutantsTests.WrongWidgetBand.self, movesMin: 5, movesMax: 5), "mutant-wrong-widget-band not found at N = 5")
    print("evidence: mutant-wrong-widget-band N=\(found.moves) schedules=\(found.schedules) \(found.invariants.map(\.rawValue))")
    #expect(found.invariants.contains(.convergence), "\(found.invariants.map(\.rawValue))")
  }

  @Test("exploration finds the app that spends the widgets' budget in the background where the person leaves the app after each move")
  func reloadsInBackgroundLeavingTheApp() throws {
    // The mutant asks for 40 charged reloads of each widget whenever the app goes to the
    // background: two transitions spend more than the budget of 70, one does not. In one session
    // the app goes to the background once, whatever the moves (it is never found there); left
    // after each move, once with one move (N = 1 cannot show it: every one of its schedules
    // holds, below), twice with two moves in the app.
    let scenario = try ScenarioLoader.builtIn(named: "default")
    #expect(scenario.refreshBudget == 70 && 40 < scenario.refreshBudget && 2 * 40 > scenario.refreshBudget)
    let found = try #require(
      try Self.firstFound(MutantsTests.ReloadsInBackground.self, sessions: .leftAfterEachMove, movesMin: 2, movesMax: 2),
      "mutant-reloads-in-background not found at N = 2 with the app left after each move")
    print(
      "evidence: mutant-reloads-in-background (left after each move) N=\(found.moves) schedules=\(found.schedules) \(found.invariants.map(\.rawValue))"
    )
    #expect(found.moves == 2)
    #expect(found.invariants.contains(.refreshBudget), "\(found.invariants.map(\.rawValue))")
    for sessions in [SmallWorldSessions.oneSession, .leftAfterEachMove] {
      let oneMove = try Explorer.explore(
        MutantsTests.ReloadsInBackground.self, in: SmallWorld(scenario: scenario, domain: .budget, moves: 1, sessions: sessions))
      #expect(oneMove.complete && oneMove.counterexample == nil, "\(sessions)")
      let setting = sessions == .oneSession ? "one session" : "left after each move"
      print("evidence: mutant-reloads-in-background (\(setting)) N=1 holds in schedules=\(oneMove.schedules)")
    }
    let world = try SmallWorld(scenario: scenario, domain: .budget, moves: 1, sessions: .leftAfterEachMove)
    // The converged budget holds there, every schedule of one move.
    let figures = try Explorer.explore(strategy: .converged, in: world)
    #expect(figures.complete && figures.counterexample == nil)
    print("evidence: converged budget (left after each move) N=1 schedules=\(figures.schedules)")
  }

  @Test(
    "exploration finds the known failure of each legacy design",
    arguments: [StrategyName.mirrorsmokerLegacy, .mirrorsmokerSeed, .babystepsWidget, .pulpeWidget])
  func legacyFound(_ strategy: StrategyName) throws {
    let entry = try #require(Simulation.designs.first { $0.strategy == strategy })
    let found = try #require(try Self.firstFound(entry.design), "\(strategy.rawValue) not found at N = 1")
    print("evidence: \(strategy.rawValue) N=\(found.moves) schedules=\(found.schedules) \(found.invariants.map(\.rawValue))")
    #expect(!found.invariants.isEmpty)
  }
}
