import Foundation
import GlanceKernel
import Testing

@testable import GlanceSimulation

/// A run recorded as its choice sequence replays byte for byte, and a recording that does not fit
/// the run stops it with a typed error naming where.
@Suite("Recorded runs")
struct ChoiceRecordRunTests {
  static let days = 10

  static func request(_ scenario: String, seed: UInt64 = 5) throws -> SimulationRequest {
    SimulationRequest(scenario: try SimulationFixtures.scenario(scenario), days: days, seed: seed)
  }

  static func report(_ outcome: SimulationOutcome, _ scenario: String) -> Report {
    Report(outcome: outcome, scenarioReference: scenario)
  }

  static func recording(_ request: SimulationRequest) throws -> ChoiceRecording {
    try #require(try Simulation.run(request, choices: .record).choices)
  }

  @Test(
    "recording changes no byte, and replaying the recording (through its text) gives the same report",
    arguments: ["default", "store-locks", "no-midnight"])
  func recordThenReplay(scenario: String) throws {
    let request = try Self.request(scenario)
    let random = Self.report(try Simulation.run(request), scenario)
    let recorded = try Simulation.run(request, choices: .record)
    let recording = try #require(recorded.choices)
    #expect(recording.sections.first?.name == .plan)
    #expect(recording.sections.count == 1 + recorded.results.count, "the plan, then one section per design played")
    #expect(Self.report(recorded, scenario).markdown == random.markdown)
    let replayed = Self.report(try Simulation.run(request, choices: .replay(try ChoiceRecording(text: recording.text))), scenario)
    #expect(replayed.markdown == random.markdown)
    #expect(try replayed.json() == random.json())
    #expect(replayed.html == random.html)
  }

  /// The first play section of `recording` and its position.
  static func firstPlay(_ recording: ChoiceRecording) throws -> Int {
    try #require(recording.sections.indices.first { recording.sections[$0].name != .plan && !recording.sections[$0].choices.isEmpty })
  }

  @Test("a recorded choice whose label was changed is a mismatch naming its section, index, and both points")
  func tamperedLabel() throws {
    let request = try Self.request("default")
    var recording = try Self.recording(request)
    let play = try Self.firstPlay(recording)
    let index = recording.sections[play].choices.count / 2
    let original = recording.sections[play].choices[index]
    let tampered = ChoicePoint(label: ChoiceLabel("tampered.label"), kind: original.point.kind)
    recording.sections[play].choices[index] = Choice(point: tampered, value: original.value)
    let name = recording.sections[play].name
    #expect(throws: SimulationError.choiceReplay(.mismatch(section: name, index: index, expected: tampered, found: original.point))) {
      try Simulation.run(request, choices: .replay(recording))
    }
  }

  @Test("a truncated section runs out where the run asks its next choice; a longer one has choices unread")
  func truncatedAndExtended() throws {
    let request = try Self.request("default")
    let recording = try Self.recording(request)
    let play = try Self.firstPlay(recording)
    let name = recording.sections[play].name
    let choices = recording.sections[play].choices
    var truncated = recording
    truncated.sections[play].choices.removeLast()
    #expect(
      throws: SimulationError.choiceReplay(.exhausted(section: name, index: choices.count - 1, found: choices[choices.count - 1].point))
    ) {
      try Simulation.run(request, choices: .replay(truncated))
    }
    var extended = recording
    extended.sections[play].choices.append(choices[0])
    #expect(throws: SimulationError.choiceReplay(.unread(section: name, index: choices.count, remaining: 1))) {
      try Simulation.run(request, choices: .replay(extended))
    }
    var missing = recording
    missing.sections.remove(at: play)
    #expect(throws: SimulationError.choiceReplay(.missingSection(name))) { try Simulation.run(request, choices: .replay(missing)) }
  }

  @Test("a replay feeds the recorded values: changing the id key or one moment of the plan changes the planned actions")
  func changedValueChangesThePlan() throws {
    let request = try Self.request("default")
    let recording = try Self.recording(request)
    let original = try RunInputs(request, choices: .replay(recording)).actions
    #expect(original == (try RunInputs(request).actions))
    let plan = recording.sections[0].choices
    // The id key: every action keeps its time and takes another id.
    let key = try #require(plan.firstIndex { $0.point.kind == .word })
    var newKey = recording
    newKey.sections[0].choices[key] = Choice(point: plan[key].point, value: plan[key].value &+ 1)
    let rekeyed = try RunInputs(request, choices: .replay(newKey)).actions
    #expect(rekeyed.map(\.time) == original.map(\.time))
    #expect(zip(rekeyed, original).allSatisfy { $0.eventID != $1.eventID })
    // A moment of the day (a uniform choice over hours): some action moves, and no more choices are asked.
    let moment = try #require(
      plan.firstIndex {
        guard case .uniform(let range) = $0.point.kind else { return false }
        return range.upperBound - range.lowerBound > Instant.millisecondsPerHour
      })
    guard case .uniform(let range) = plan[moment].point.kind else { return }
    var moved = recording
    let value = plan[moment].value == range.lowerBound ? range.upperBound : range.lowerBound
    moved.sections[0].choices[moment] = Choice(point: plan[moment].point, value: value)
    let movedActions = try RunInputs(request, choices: .replay(moved)).actions
    #expect(movedActions.map(\.time) != original.map(\.time))
  }

  /// What replaying `recording` gives: the outcome, or the point (section index) where it
  /// diverged from the recording.
  static func replay(_ request: SimulationRequest, _ recording: ChoiceRecording) throws -> Result<SimulationOutcome, SimulationError> {
    Result { () throws(SimulationError) in try Simulation.run(request, choices: .replay(recording)) }
  }

  @Test(
    "a replay with one play's choice changed (a reload denied at the budget's edge, another event first) does not give the recorded run",
    arguments: [ChoiceLabel.reloadGrant, ChoiceLabel.eventOrder])
  func changedChoiceChangesThePlay(label: ChoiceLabel) throws {
    let request = try Self.request("default")
    let recording = try Self.recording(request)
    let original = try Simulation.run(request).results
    let section = try #require(recording.sections.firstIndex { $0.choices.contains { $0.point.label == label } })
    let choices = recording.sections[section].choices
    let index = try #require(choices.firstIndex { $0.point.label == label })
    #expect(choices[index].value == 0 || label == .reloadGrant, "the recorded order is the default, the earliest asked")
    var changed = recording
    changed.sections[section].choices[index] = Choice(point: choices[index].point, value: 1 - choices[index].value)
    switch try Self.replay(request, changed) {
    case .success(let outcome):
      #expect(outcome.results != original, "the replay must feed the changed value")
    case .failure(let error):
      // The play diverged after the changed choice: a later choice differs, or there are more or
      // fewer of them than recorded.
      switch error {
      case .choiceReplay(.mismatch(_, let at, _, _)), .choiceReplay(.exhausted(_, let at, _)), .choiceReplay(.unread(_, let at, _)):
        #expect(at > index, "the run diverges after the changed choice: \(error)")
      default:
        Issue.record("expected the replay to diverge after the changed choice, got \(error)")
      }
    }
  }
}
