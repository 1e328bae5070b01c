@testable import GlanceSimulation
import Testing

/// The explorer's walk over a toy world whose schedules are counted by hand: every sequence of
/// classes exactly once, and each kind of choice counted (leaving one out changes the count).
@Suite("Explorer: the toy world")
struct ExplorerToyTests {
  /// The toy world makes these choices, some only on some branches:
  ///
  ///     a = explore.toy     uniform 0...2       3 classes (an enumeration)
  ///     if a == 0:
  ///       l = world.latency uniform 50...500  2 classes (a timing: 50, 500)
  ///     c = world.messages  chance 1/20        2 classes (0, 1)
  ///     if c == 1:
  ///       o = engine.order  first 3            3 classes
  ///     g = world.reload.grant                 2 classes (1, 0)
  ///     w = workload.ids    word               1 class
  ///
  /// By hand: below c, [c = 0: 1] + [c = 1: 3] = 4 paths; times g's 2 = 8 below a's branch;
  /// a = 0 doubles it by l: 16; a = 1 and a = 2 give 8 each. Total 16 + 8 + 8 = 32.
  ///
  /// With one kind left out (its first class only):
  /// - enumerations: a = 0 only: 16;
  /// - timings: l = 50 only: a = 0 gives 8; 8 + 8 + 8 = 24;
  /// - chances: c = 0 only, so no o: 1 × 2 = 2 per branch, a = 0 doubles: 4 + 2 + 2 = 8;
  /// - event order: o = 0 only: (1 + 1) × 2 = 4 per branch, a = 0 doubles: 8 + 4 + 4 = 16;
  /// - grants: g = 1 only: 4 per branch, a = 0 doubles: 8 + 4 + 4 = 16.
  static let handCounted = 32
  static let handCountedWithout: [String: Int] = [
    "enumerations": 16, "timings": 24, "chances": 8, "event-order": 16, "grants": 16,
  ]

  /// One play of the toy world: its values, in the order chosen.
  static func play(_ trail: ExplorationTrail) -> [Int64] {
    var door = Choices(seed: 7, section: .plan, source: ExplorationSource(trail: trail, section: .plan))
    var values: [Int64] = []
    let a = door.uniform(in: Int64(0)...2, from: door.open(ChoiceLabel("explore.toy")))
    values.append(a)
    if a == 0 { values.append(door.uniform(in: Int64(50)...500, from: door.open(ChoiceLabel("world.latency")))) }
    let c = door.happens(Chance(numerator: 1, denominator: 20), from: door.open(ChoiceLabel("world.messages")))
    values.append(c ? 1 : 0)
    if c { values.append(Int64(door.first(among: 3))) }
    values.append(door.grants() ? 1 : 0)
    values.append(Int64(bitPattern: door.word(from: door.open(ChoiceLabel("workload.ids")))))
    #expect(door.failure == nil)
    return values
  }

  /// Every schedule's values, in the order walked.
  static func schedules(explored: ExploredChoices = .all) -> (values: [[Int64]], walked: (schedules: Int, choicePoints: Int)) {
    var all: [[Int64]] = []
    let walked = Explorer.walk(seed: 7, explored: explored) { trail in
      all.append(play(trail))
      return false
    }
    return (all, walked)
  }

  @Test("the explorer plays exactly the hand-counted schedules, each once, in lexicographic order")
  func handCount() {
    let (values, walked) = Self.schedules()
    #expect(walked.schedules == Self.handCounted)
    #expect(values.count == Self.handCounted)
    #expect(Set(values).count == Self.handCounted, "a schedule was played twice")
    // The first path takes every first class: a = 0, l = 50, c = 0, g = granted.
    #expect(values.first?.prefix(4) == [0, 50, 0, 1])
    // The last takes every last class: a = 2, c = 1, o = 2, g = denied.
    #expect(values.last?.prefix(4) == [2, 1, 2, 0])
    // The word is one value, the seed's first of its label, on every path.
    var stream = RandomStream.derived(root: 7, label: "workload.ids")
    let word = Int64(bitPattern: stream.next())
    #expect(values.allSatisfy { $0.last == word })
  }

  @Test("the choice points are the tree's nodes below the root, counted by hand")
  func choicePoints() {
    // Nodes by depth along the walk: a's 3; below each a: (l's 2 when a = 0) then c's 2, o's 3
    // below c = 1, and g's 2 below each (c, o) path (4 of them): for a = 1 or 2:
    // c 2 + o 3 + g 8 = 13; for a = 0: l 2, then 13 below each l = 26 + 2 = 28; and the word,
    // one below every g leaf (one per schedule): 32. Total 3 + 28 + 13 + 13 + 32 = 89.
    #expect(Self.schedules().walked.choicePoints == 89)
  }

  @Test("leaving out any one kind of choice changes the count, to the hand-counted figure", arguments: ExploredChoices.named.map(\.name))
  func eachKindCounts(_ name: String) throws {
    let kind = try #require(ExploredChoices.named.first { $0.name == name }?.kind)
    let count = Self.schedules(explored: ExploredChoices.all.subtracting(kind)).walked.schedules
    #expect(count == Self.handCountedWithout[name])
    #expect(count != Self.handCounted)
  }

  @Test("a stop asked by the play ends the walk after that schedule")
  func stops() {
    var played = 0
    let walked = Explorer.walk(seed: 7, explored: .all) { trail in
      _ = Self.play(trail)
      played += 1
      return played == 5
    }
    #expect(walked.schedules == 5)
    #expect(played == 5)
  }

  @Test("a prefix keeps its choices: only the subtree below it is walked")
  func prefix() {
    // a = 1 forced: the 8 schedules of that branch.
    var firsts: Set<Int64> = []
    let walked = Explorer.walk(prefix: [1], seed: 7, explored: .all) { trail in
      firsts.insert(Self.play(trail)[0])
      return false
    }
    #expect(walked.schedules == 8)
    #expect(firsts == [1])
  }
}
