import GlanceSimulation
import Testing

/// The classes the explorer tries at each kind of choice.
@Suite("ChoiceClasses")
struct ChoiceClassesTests {
  static let label = ChoiceLabel("world.latency")

  static func values(_ kind: ChoiceKind, explored: ExploredChoices = .all) -> [Int64] {
    ChoiceClasses.values(of: ChoicePoint(label: label, kind: kind), seed: 1, explored: explored)
  }

  @Test("each kind's classes, worked by hand")
  func byHand() {
    #expect(Self.values(.uniform(0...2)) == [0, 1, 2])
    #expect(Self.values(.uniform(1...16)) == Array(1...16))
    #expect(Self.values(.uniform(1...17)) == [1, 17])
    #expect(Self.values(.uniform(50...500)) == [50, 500])
    #expect(Self.values(.uniform(5...5)) == [5])
    #expect(Self.values(.uniform(Int64.min...Int64.max)) == [Int64.min, Int64.max])
    #expect(Self.values(.chance(Chance(numerator: 1, denominator: 20))) == [0, 1])
    #expect(Self.values(.chance(Chance(numerator: 0, denominator: 20))) == [0])
    #expect(Self.values(.chance(Chance(numerator: 20, denominator: 20))) == [1])
    #expect(Self.values(.first(among: 3)) == [0, 1, 2])
    #expect(Self.values(.grant) == [1, 0])
    #expect(Self.values(.word).count == 1)
  }

  @Test("every class is admitted, distinct, the list never empty, the default first; a kind left out keeps its first")
  func laws() {
    let kinds: [ChoiceKind] = [
      .uniform(0...0), .uniform(-3...3), .uniform(0...15), .uniform(0...16), .uniform(200...2000),
      .chance(Chance(numerator: 1, denominator: 2)),
      .chance(Chance(numerator: 0, denominator: 1)), .first(among: 2), .first(among: 5), .grant, .word,
    ]
    for kind in kinds {
      let all = Self.values(kind)
      #expect(!all.isEmpty && all.allSatisfy(kind.admits) && Set(all).count == all.count, "\(kind): \(all)")
      if let value = kind.defaultValue { #expect(all.first == value, "\(kind)") }
      #expect(Self.values(kind, explored: []) == [all[0]], "\(kind)")
    }
  }
}
