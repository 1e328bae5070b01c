import GlanceSimulation
import Testing

/// A replay answers its section's values in order, and names the first choice that differs.
@Suite("ChoiceReplay")
struct ChoiceReplayTests {
  static let die = ChoicePoint(label: ChoiceLabel("workload"), kind: .uniform(1...6))
  static let coin = ChoicePoint(label: ChoiceLabel("world.messages"), kind: .chance(Chance(numerator: 1, denominator: 2)))
  static let section = ChoiceSection(
    name: ChoiceSectionName("test"), choices: [Choice(point: die, value: 3), Choice(point: coin, value: 1)])

  @Test("asked the recorded points in order, it answers the recorded values and finishes")
  func answersInOrder() throws {
    var replay = ChoiceReplay(Self.section)
    #expect(try replay.choose(Self.die) == 3)
    #expect(try replay.choose(Self.coin) == 1)
    try replay.finish()
  }

  @Test("another point than the recorded one is a mismatch naming the index, the expected and the found point")
  func mismatch() throws {
    var replay = ChoiceReplay(Self.section)
    _ = try replay.choose(Self.die)
    #expect(throws: ChoiceReplayError.mismatch(section: ChoiceSectionName("test"), index: 1, expected: Self.coin, found: Self.die)) {
      try replay.choose(Self.die)
    }
    let otherRange = ChoicePoint(label: ChoiceLabel("workload"), kind: .uniform(1...7))
    var fresh = ChoiceReplay(Self.section)
    #expect(throws: ChoiceReplayError.mismatch(section: ChoiceSectionName("test"), index: 0, expected: Self.die, found: otherRange)) {
      try fresh.choose(otherRange)
    }
  }

  @Test("asked past the end it is exhausted; finished early, it has choices unread")
  func exhaustedAndUnread() throws {
    var replay = ChoiceReplay(Self.section)
    #expect(throws: ChoiceReplayError.unread(section: ChoiceSectionName("test"), index: 0, remaining: 2)) { try replay.finish() }
    _ = try replay.choose(Self.die)
    _ = try replay.choose(Self.coin)
    #expect(throws: ChoiceReplayError.exhausted(section: ChoiceSectionName("test"), index: 2, found: Self.die)) {
      try replay.choose(Self.die)
    }
  }
}
