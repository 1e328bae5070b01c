import Foundation
import GlanceSimulation
import Testing

/// ``ExplorationFigures`` as `figures.json` holds them: what is written is read back equal, a
/// shard's figures read back merge into the whole, and figures that disagree with themselves are
/// refused.
@Suite("ExplorationFigures+Codable")
struct ExplorationFiguresCodableTests {
  static func world() throws -> SmallWorld {
    try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .steps, moves: 1)
  }

  static func encoded(_ figures: ExplorationFigures) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return try encoder.encode(figures)
  }

  @Test("figures with a counterexample are read back equal, and written again to the same bytes")
  func roundTrip() throws {
    let figures = try Explorer.explore(strategy: .babystepsWidget, in: Self.world())
    let violation = try #require(figures.counterexample?.violation, "the premise: babysteps-widget breaks at one move")
    #expect(!violation.choices.isEmpty && !violation.violations.isEmpty)
    let data = try Self.encoded(figures)
    let read = try JSONDecoder().decode(ExplorationFigures.self, from: data)
    #expect(read == figures)
    #expect(try Self.encoded(read) == data)
  }

  @Test("three shards' figures, written and read back, merge into the whole's bytes")
  func shardsReadBackMergeToTheWhole() throws {
    let whole = try Explorer.explore(strategy: .babystepsWidget, in: Self.world())
    let parts = try (1...3).map { index in
      let shard = try Explorer.explore(strategy: .babystepsWidget, in: Self.world(), shard: SweepShard(index: index, count: 3))
      return try JSONDecoder().decode(ExplorationFigures.self, from: Self.encoded(shard))
    }
    let merged = try #require(ExplorationFigures.merged(parts))
    #expect(try Self.encoded(merged) == Self.encoded(whole))
  }

  @Test("figures whose counts are not their plans' are refused")
  func inconsistentFiguresAreRefused() throws {
    let figures = try Explorer.explore(strategy: .converged, in: Self.world(), shard: SweepShard(index: 1, count: 3))
    let text = String(decoding: try Self.encoded(figures), as: UTF8.self)
    let plantings = [
      ("\"plans\" : \(figures.plans),", "\"plans\" : \(figures.plans + 1),"),
      ("\"violatingPlans\" : 0", "\"violatingPlans\" : 1"),
    ]
    for (original, planted) in plantings {
      #expect(text.contains(original), "the premise: \(original)")
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(ExplorationFigures.self, from: Data(text.replacingOccurrences(of: original, with: planted).utf8))
      }
    }
  }
}
