@testable import GlanceSimulation
import GlanceKernel
import Testing

/// Exploring a small world of the real simulator: shards add up to the whole, and exploration
/// finds a legacy design's known failure and a planted bug.
@Suite("Explorer")
struct ExplorerTests {
  static func world(_ domain: Domain, moves: Int = 1) throws -> SmallWorld {
    try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: domain, moves: moves)
  }

  @Test("a small world's bad sizes and domains are typed errors")
  func badWorlds() throws {
    let scenario = try ScenarioLoader.builtIn(named: "no-midnight")
    #expect(throws: SmallWorldError.movesOutOfRange(0)) { try SmallWorld(scenario: scenario, domain: .tally, moves: 0) }
    #expect(throws: SmallWorldError.movesOutOfRange(9)) { try SmallWorld(scenario: scenario, domain: .tally, moves: 9) }
    #expect(throws: SmallWorldError.domainNotInScenario("budget", scenario: "no-midnight")) {
      try SmallWorld(scenario: scenario, domain: .budget, moves: 1)
    }
  }

  @Test("every plan of one move is played: 2 places of midnight × 4 moves × (none, or 5 faults before it)")
  func plansOfOneMove() throws {
    // Plans only (every play choice at its first class): the plan's count is the product.
    let figures = try Explorer.explore(strategy: .converged, in: Self.world(.tally), explored: [.enumerations])
    #expect(figures.plans == 2 * 4 * 6)
    // Kills add their steps: an app kill falls before one of 3 steps, a widget kill one of 5.
    #expect(figures.schedules == 2 * 4 * (1 + 3 + 5 + 1 + 1 + 1))
    #expect(figures.counterexample == nil)
    // The app's and the watch app's kills strike on both sides of the boundary (a widget
    // extension's meets no step of the converged intent, which has one); nothing in a small
    // world is an hour away from the boundary.
    let reached = figures.coverage.cells.map(\.description)
    for relation in ["before-boundary", "after-boundary"] {
      for cell in ["app/process/app kills", "watch/process/watch-app kills", "app/store/store write failures"] {
        #expect(reached.contains("\(cell)/\(relation)"), "\(cell)/\(relation) not in \(reached)")
      }
    }
    #expect(!reached.contains { $0.hasSuffix("away-from-boundary") }, "\(reached)")
  }

  @Test("the steps' update is installed at the run's start or at the boundary, where the scenario has a store move")
  func updateInstalled() throws {
    let world = try Self.world(.steps)
    #expect(world.updatesApp)
    #expect(try !Self.world(.tally).updatesApp)
    let bounds = try world.bounds()
    let scenarioMove = try #require(world.scenario.storeMove)
    for (update, installed) in [(SmallWorldUpdate.atStart, bounds.start), (.atBoundary, bounds.boundary)] {
      let scenario = world.aroundBoundary(playing: SmallWorldPlan(script: Script(), update: update))
      // The scenario's move (the default's is interrupted before the copy of its log), but when.
      let move = try #require(scenario.storeMove)
      #expect(move.interruptedBefore == .copyWAL && move.interruptedBefore == scenarioMove.interruptedBefore)
      #expect(move.copyFails == scenarioMove.copyFails && move.widgetOpensFirst == scenarioMove.widgetOpensFirst)
      let inputs = RunInputs(
        scenario: scenario, itinerary: bounds.itinerary, start: bounds.start, end: bounds.end, seed: 0, actions: [],
        faults: FaultPlan(), store: .memory)
      let installs = DomainRun<ConvergedSteps>(inputs: inputs).timedEvents.filter {
        if case .platform(.storeMoveDay) = $0.event { return true }
        return false
      }
      #expect(installs.map(\.time) == [installed], "\(update)")
    }
    // The boundary is the first instant of the day after the start date: 20 minutes in.
    #expect(bounds.start.distance(to: bounds.boundary) == SmallWorld.lead)
  }

  @Test("the app left after each move: one appLeave half a second after each move in the app, the plan otherwise the same")
  func leftAfterEachMove() throws {
    let scenario = try ScenarioLoader.builtIn(named: "default")
    for domain in Domain.allCases {
      let oneSession = try SmallWorld(scenario: scenario, domain: domain, moves: 4)
      let leaving = try SmallWorld(scenario: scenario, domain: domain, moves: 4, sessions: .leftAfterEachMove)
      #expect(oneSession.sessions == .oneSession)
      let bounds = try leaving.bounds()
      for seed in UInt64(1)...40 {
        var first = Choices(seed: seed)
        var second = Choices(seed: seed)
        let plain = oneSession.plan(boundary: bounds.boundary, end: bounds.end, choices: &first).script.actions
        let left = leaving.plan(boundary: bounds.boundary, end: bounds.end, choices: &second).script.actions
        #expect(!plain.contains { $0.kind == .appLeave })
        #expect(left.filter { $0.kind != .appLeave } == plain, "\(domain) seed \(seed)")
        let inApp = plain.filter { [.appTap, .appDelete, .appEdit].contains($0.kind) }
        #expect(left.filter { $0.kind == .appLeave }.map(\.at) == inApp.map { $0.at.advanced(by: SmallWorldSessions.leaveLag) })
        #expect(zip(left, left.dropFirst()).allSatisfy { $0.at < $1.at }, "the actions strictly increase")
      }
    }
  }

  @Test("a world whose scenario flies on its first days lasts past the zone-settled check; another, twenty minutes")
  func runLead() throws {
    #expect(try Self.world(.tally).runLead == SmallWorld.lead)
    var scenario = try ScenarioLoader.builtIn(named: "default")
    scenario.travel = [Travel(day: 1, hour: 0, zone: "Asia/Tokyo")]
    let world = try SmallWorld(scenario: scenario, domain: .tally, moves: 1)
    // The default's budget of 70 catches a zone up in max(1 h, ⌈2 × 24 h / 66⌉) = 1 h; settled
    // after that, the late firing (60 s) twice, the deaf window (30 s) and 5 s: 62 min 35 s.
    // Whole minutes past it: 62 + 2 = 64.
    #expect(world.runLead == 64 * 60_000)
    let bounds = try world.bounds()
    #expect(bounds.start.distance(to: bounds.boundary) == 64 * 60_000)
    #expect(bounds.boundary.distance(to: bounds.end) == 64 * 60_000)
    // A flight later than the next day leaves the world as it was.
    scenario.travel = [Travel(day: 2, hour: 0, zone: "Asia/Tokyo")]
    #expect(try SmallWorld(scenario: scenario, domain: .tally, moves: 1).runLead == SmallWorld.lead)
  }

  @Test("the shards of an exploration add up to the whole, figure for figure")
  func shardsMerge() throws {
    let world = try Self.world(.steps)
    let explored: ExploredChoices = [.enumerations, .chances, .grants]
    let whole = try Explorer.explore(strategy: .converged, in: world, explored: explored)
    let parts = try (1...3).map { index in
      try Explorer.explore(strategy: .converged, in: world, explored: explored, shard: SweepShard(index: index, count: 3))
    }
    #expect(parts.allSatisfy { $0.plans > 0 })
    #expect(ExplorationFigures.merged(parts.reversed()) == whole)
    #expect(ExplorationFigures.merged(parts)?.schedules == whole.schedules)
  }

  @Test("exploration finds the legacy tally's known failure, and the first one is the same whichever shard finds it")
  func legacyFound() throws {
    let world = try Self.world(.tally)
    let whole = try Explorer.explore(strategy: .mirrorsmokerLegacy, in: world, firstViolation: true)
    let found = try #require(whole.counterexample)
    #expect(!found.violation.violations.isEmpty)
    #expect(!whole.failsExpectation)
    #expect(whole.schedulesUntilCounterexample == whole.schedules)
    let parts = try (1...2).map { index in
      try Explorer.explore(strategy: .mirrorsmokerLegacy, in: world, shard: SweepShard(index: index, count: 2), firstViolation: true)
    }
    let merged = try #require(ExplorationFigures.merged(parts))
    #expect(merged.counterexample?.plan == found.plan)
  }
}
