@testable import GlanceSimulation
import Testing

/// The bound of drawn faults a schedule holds (``SmallWorld/drawnFaults``): counted by hand on a
/// toy, the random door untouched by it, and a small world of the real simulator kept within it.
@Suite("Explorer: the bound of drawn faults")
struct DrawnFaultBoundTests {
  /// The toy makes three choices, each with one class that is a drawn fault:
  ///
  ///     d = world.duplicates  chance 1/20, a fault when 1        classes 0, 1
  ///     r = world.latency     uniform 500...60000, late above 1000   classes 500, 60000
  ///     m = world.messages    chance 1/20, a fault when 1        classes 0, 1
  ///
  /// By hand: 2 × 2 × 2 = 8 schedules without a bound, of which 1 holds no fault, 3 hold one,
  /// 3 hold two and 1 holds three. So a bound of 0 leaves 1, of 1 leaves 1 + 3 = 4, of 2 leaves
  /// 7, and of 3 all 8.
  static let handCounted: [Int?: Int] = [0: 1, 1: 4, 2: 7, 3: 8, nil: 8]

  static func play(_ door: inout Choices) -> [Int64] {
    let d = door.strikes(Chance(numerator: 1, denominator: 20), from: door.open(ChoiceLabel("world.duplicates")))
    let r = door.uniform(in: Int64(500)...60_000, from: door.open(ChoiceLabel("world.latency")), faultsAbove: 1_000)
    let m = door.strikes(Chance(numerator: 1, denominator: 20), from: door.open(ChoiceLabel("world.messages")))
    return [d ? 1 : 0, r, m ? 1 : 0]
  }

  static func schedules(bound: Int?) -> [[Int64]] {
    var all: [[Int64]] = []
    _ = Explorer.walk(seed: 3, explored: .all, drawnFaultsMax: bound) { trail in
      var door = Choices(seed: 3, section: .plan, source: ExplorationSource(trail: trail, section: .plan))
      all.append(play(&door))
      #expect(door.failure == nil)
      return false
    }
    return all
  }

  @Test("a bound of b leaves exactly the hand-counted schedules, none with more than b faults", arguments: [0, 1, 2, 3, nil])
  func handCount(_ bound: Int?) {
    let all = Self.schedules(bound: bound)
    #expect(all.count == Self.handCounted[bound])
    #expect(Set(all).count == all.count, "a schedule was played twice")
    let faults = all.map { values in (values[0] == 1 ? 1 : 0) + (values[1] > 1_000 ? 1 : 0) + (values[2] == 1 ? 1 : 0) }
    #expect(faults.allSatisfy { $0 <= bound ?? 3 })
    // Nothing within the bound is left out: every schedule of at most b faults is played.
    #expect(faults.filter { $0 == min(bound ?? 3, 3) }.count == [1, 3, 3, 1][min(bound ?? 3, 3)])
  }

  @Test("a certain fault (a chance of 1) is no choice: a spent bound does not leave it out")
  func certainFault() {
    var played: [[Bool]] = []
    _ = Explorer.walk(seed: 3, explored: .all, drawnFaultsMax: 0) { trail in
      var door = Choices(seed: 3, section: .plan, source: ExplorationSource(trail: trail, section: .plan))
      let certain = door.strikes(Chance(numerator: 1, denominator: 1), from: door.open(ChoiceLabel("world.duplicates")))
      let drawn = door.strikes(Chance(numerator: 1, denominator: 20), from: door.open(ChoiceLabel("world.messages")))
      played.append([certain, drawn])
      #expect(door.failure == nil)
      return false
    }
    // The certain fault happens and spends the bound of 0: the drawn one is left out.
    #expect(played == [[true, false]])
  }

  @Test("the random door draws a fault's choice exactly as the plain draw of the same label")
  func randomDoorUnchanged() {
    for seed: UInt64 in [0, 1, 42, 9_999] {
      var faulty = Choices(seed: seed)
      var plain = Choices(seed: seed)
      let chance = Chance(numerator: 1, denominator: 3)
      for _ in 0..<200 {
        #expect(
          faulty.strikes(chance, from: faulty.open(ChoiceLabel("world.duplicates")))
            == plain.happens(chance, from: plain.open(ChoiceLabel("world.duplicates"))))
        #expect(
          faulty.uniform(in: Int64(500)...60_000, from: faulty.open(ChoiceLabel("world.latency")), faultsAbove: 1_000)
            == plain.uniform(in: Int64(500)...60_000, from: plain.open(ChoiceLabel("world.latency"))))
      }
    }
  }

  @Test("a small world's bound is monotone in the schedules, and a bound of 0 reaches no drawn fault's cell")
  func smallWorld() throws {
    let scenario = try ScenarioLoader.builtIn(named: "default")
    let figures = try [0, 1, nil].map { bound in
      try Explorer.explore(strategy: .converged, in: SmallWorld(scenario: scenario, domain: .tally, moves: 1, drawnFaults: bound))
    }
    #expect(figures[0].schedules < figures[1].schedules)
    #expect(figures[1].schedules < figures[2].schedules)
    #expect(figures.allSatisfy { $0.counterexample == nil })
    let drawn = ["late reloads", "duplicate deliveries", "failed messages", "lost replies"]
    let families = { (figures: ExplorationFigures) in Set(figures.coverage.cells.map { $0.description.split(separator: "/")[2] }) }
    #expect(families(figures[0]).isDisjoint(with: drawn.map { Substring($0) }), "\(families(figures[0]))")
    #expect(!families(figures[1]).isDisjoint(with: drawn.map { Substring($0) }), "\(families(figures[1]))")
    #expect(throws: SmallWorldError.drawnFaultsNegative(-1)) {
      try SmallWorld(scenario: scenario, domain: .tally, moves: 1, drawnFaults: -1)
    }
  }
}
