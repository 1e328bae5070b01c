import GlanceSimulation
import Testing

/// A recording's text: written as documented, read back to the same recording, and refused
/// line by line when it breaks the format.
@Suite("ChoiceRecording")
struct ChoiceRecordingTests {
  /// A recording written by hand in the documented format, and the same recording built in code.
  static let text = """
    glance-choices 1
    section plan
    workload uniform 0...8 = 5
    workload chance 1/4 = 0
    workload.ids word = -4971327460291616125
    section converged/tally
    world.latency uniform 50...500 = 131
    engine.order first 2 = 1
    world.reload.grant grant = 0

    """

  static let recording = ChoiceRecording(sections: [
    ChoiceSection(
      name: .plan,
      choices: [
        Choice(point: ChoicePoint(label: ChoiceLabel("workload"), kind: .uniform(0...8)), value: 5),
        Choice(point: ChoicePoint(label: ChoiceLabel("workload"), kind: .chance(Chance(numerator: 1, denominator: 4))), value: 0),
        Choice(point: ChoicePoint(label: ChoiceLabel("workload.ids"), kind: .word), value: -4_971_327_460_291_616_125),
      ]),
    ChoiceSection(
      name: .play(strategy: "converged", domain: "tally"),
      choices: [
        Choice(point: ChoicePoint(label: ChoiceLabel("world.latency"), kind: .uniform(50...500)), value: 131),
        Choice(point: ChoicePoint(label: .eventOrder, kind: .first(among: 2)), value: 1),
        Choice(point: ChoicePoint(label: .reloadGrant, kind: .grant), value: 0),
      ]),
  ])

  @Test("the text is the documented format, and reads back to the same recording")
  func roundTrip() throws {
    #expect(Self.recording.text == Self.text)
    #expect(try ChoiceRecording(text: Self.text) == Self.recording)
    #expect(try ChoiceRecording(text: Self.recording.text) == Self.recording)
    #expect(try ChoiceRecording(text: "glance-choices 1\n") == ChoiceRecording(sections: []))
  }

  @Test(
    "a malformed line is refused with its number and the problem",
    arguments: [
      ("glance-choices 2\n", 1),
      ("", 1),
      ("glance-choices 1\nworkload uniform 0...8 = 5\n", 2),
      ("glance-choices 1\nsection plan\nsection plan\n", 3),
      ("glance-choices 1\nsection plan\nworkload uniform 8...0 = 5\n", 3),
      ("glance-choices 1\nsection plan\nworkload uniform 0...8 = 9\n", 3),
      ("glance-choices 1\nsection plan\nworkload uniform 0...8 5\n", 3),
      ("glance-choices 1\nsection plan\nworkload chance 0/4 = 1\n", 3),
      ("glance-choices 1\nsection plan\nworkload chance 5/4 = 1\n", 3),
      ("glance-choices 1\nsection plan\nworkload maybe = 1\n", 3),
      ("glance-choices 1\nsection plan\nengine.order first 1 = 0\n", 3),
      ("glance-choices 1\nsection plan\nworld.reload.grant grant = 2\n", 3),
      ("glance-choices 1\nsection plan\nworkload.ids word = 18446744073709551615\n", 3),
      ("glance-choices 1\nsection plan\n\n", 3),
      ("glance-choices 1\nsection plan\nworkload word = 1\nsection two words\n", 4),
    ])
  func malformedLines(text: String, line: Int) {
    #expect {
      _ = try ChoiceRecording(text: text)
    } throws: { error in
      guard case .malformedLine(let found, let problem) = error as? ChoiceRecordingError else { return false }
      return found == line && !problem.isEmpty
    }
  }
}
