extension ExploredViolation: Codable {
  private enum CodingKeys: String, CodingKey {
    case schedule, script, choices, violations, scenario, recording
  }

  /// Writes the schedule's position, its script, its choices as the lines of a recording
  /// (`world.latency uniform 50...500 = 123`, ``Choice/description``), its violations, and its
  /// scenario and recording as their files hold them (``ScenarioWriter/yaml(_:header:)``,
  /// ``ChoiceRecording/text``).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(schedule, forKey: .schedule)
    try container.encode(script, forKey: .script)
    try container.encode(choices.map(\.description), forKey: .choices)
    try container.encode(violations, forKey: .violations)
    try container.encode(ScenarioWriter.yaml(scenario), forKey: .scenario)
    try container.encode(recording.text, forKey: .recording)
  }

  /// Reads what ``encode(to:)`` writes; the choices are read as a recording's lines are
  /// (``ChoiceRecording/init(text:)``).
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a choice line a recording refuses, a
  ///   negative schedule position, or a scenario or recording its loader refuses.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let schedule = try container.decode(Int.self, forKey: .schedule)
    guard schedule >= 0 else {
      throw DecodingError.dataCorruptedError(forKey: .schedule, in: container, debugDescription: "a schedule's position is 0 or more")
    }
    let lines = try container.decode([String].self, forKey: .choices)
    let section = ChoiceSectionName("explored")
    let text = ([ChoiceRecording.header, "section \(section)"] + lines).joined(separator: "\n") + "\n"
    let recording: ChoiceRecording
    do {
      recording = try ChoiceRecording(text: text)
    } catch {
      throw DecodingError.dataCorruptedError(forKey: .choices, in: container, debugDescription: "\(error)")
    }
    guard recording.sections.count == 1, let choices = recording.section(section)?.choices, choices.count == lines.count else {
      throw DecodingError.dataCorruptedError(forKey: .choices, in: container, debugDescription: "one choice a line")
    }
    let scenario: Scenario
    let replay: ChoiceRecording
    do {
      scenario = try ScenarioLoader.load(yaml: container.decode(String.self, forKey: .scenario), source: "figures.json")
    } catch let error as ScenarioError {
      throw DecodingError.dataCorruptedError(forKey: .scenario, in: container, debugDescription: "\(error)")
    }
    do {
      replay = try ChoiceRecording(text: container.decode(String.self, forKey: .recording))
    } catch let error as ChoiceRecordingError {
      throw DecodingError.dataCorruptedError(forKey: .recording, in: container, debugDescription: "\(error)")
    }
    self.init(
      schedule: schedule, script: try container.decode(Script.self, forKey: .script), choices: choices,
      violations: try container.decode([Violation].self, forKey: .violations), scenario: scenario, recording: replay)
  }
}
