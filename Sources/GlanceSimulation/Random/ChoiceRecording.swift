/// A run's choices as they were made: one ``ChoiceSection`` for the plan (the workload and the
/// faults) and one per design played, in the order played. Feeding it back
/// (``ChoiceMode/replay(_:)``) replays the run byte for byte.
///
/// Its text (``text``, read back by ``init(text:)``) is deterministic, one line each, ending
/// with a newline:
///
/// ```
/// glance-choices 1
/// section plan
/// workload uniform 0...8 = 5
/// workload chance 1/4 = 0
/// workload.ids word = -4971327460291616125
/// section converged/tally
/// world.latency uniform 50...500 = 131
/// engine.order first 2 = 0
/// world.reload.grant grant = 1
/// ```
///
/// A choice line is `<label> <kind> = <value>`, the kind as ``ChoiceKind/description`` writes it
/// (`uniform <low>...<high>`, `chance <numerator>/<denominator>`, `first <count>`, `grant`,
/// `word`) and the value a decimal `Int64` the kind admits (a chance or a grant: `1` or `0`; a
/// word: its bit pattern).
///
/// ## Laws
/// - `ChoiceRecording(text: r.text) == r` for every recording `r`.
/// - Reading refuses, with ``ChoiceRecordingError/malformedLine(line:problem:)`` naming the line,
///   a missing or unknown header, a choice before the first section, a section named twice, a
///   label or kind that does not parse, and a value the kind does not admit.
public struct ChoiceRecording: Hashable, Sendable {
  /// The first line of the text: the format and its version.
  public static let header = "glance-choices 1"

  public var sections: [ChoiceSection]

  /// The recording of `sections`, in order.
  public init(sections: [ChoiceSection]) {
    self.sections = sections
  }

  /// The section named `name`, if the recording holds it.
  public func section(_ name: ChoiceSectionName) -> ChoiceSection? {
    sections.first { $0.name == name }
  }

  /// The recording as text (see the format above).
  public var text: String {
    var lines = [Self.header]
    for section in sections {
      lines.append("section \(section.name)")
      for choice in section.choices { lines.append(choice.description) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Reads a recording's text.
  ///
  /// - Throws: ``ChoiceRecordingError/malformedLine(line:problem:)`` for the first line that
  ///   does not follow the format.
  public init(text: String) throws(ChoiceRecordingError) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    guard lines.first == Substring(Self.header) else {
      throw .malformedLine(line: 1, problem: "expected the header \"\(Self.header)\"")
    }
    var sections: [ChoiceSection] = []
    for (offset, line) in lines.enumerated().dropFirst() {
      let number = offset + 1
      let fields = line.split(separator: " ", omittingEmptySubsequences: false)
      if fields.first == "section" {
        guard fields.count == 2, ChoiceLabel.isValid(fields[1]) else {
          throw .malformedLine(line: number, problem: "a section line is \"section <name>\"")
        }
        let name = ChoiceSectionName(String(fields[1]))
        guard !sections.contains(where: { $0.name == name }) else {
          throw .malformedLine(line: number, problem: "section \(name) appears twice")
        }
        sections.append(ChoiceSection(name: name, choices: []))
        continue
      }
      guard !sections.isEmpty else {
        throw .malformedLine(line: number, problem: "a choice before the first section line")
      }
      sections[sections.count - 1].choices.append(try Self.choice(fields, line: number))
    }
    self.sections = sections
  }

  /// The choice of a line's fields: `<label> <kind…> = <value>`.
  private static func choice(_ fields: [Substring], line: Int) throws(ChoiceRecordingError) -> Choice {
    guard fields.count >= 4, fields[fields.count - 2] == "=" else {
      throw .malformedLine(line: line, problem: "a choice line is \"<label> <kind> = <value>\"")
    }
    guard ChoiceLabel.isValid(fields[0]) else {
      throw .malformedLine(line: line, problem: "\"\(fields[0])\" is not a label")
    }
    let kind = try Self.kind(fields[1..<(fields.count - 2)], line: line)
    guard let value = Int64(fields[fields.count - 1]) else {
      throw .malformedLine(line: line, problem: "the value \"\(fields[fields.count - 1])\" is not a decimal Int64")
    }
    let point = ChoicePoint(label: ChoiceLabel(String(fields[0])), kind: kind)
    guard kind.admits(value) else {
      throw .malformedLine(line: line, problem: "\(value) is not a value of \(kind)")
    }
    return Choice(point: point, value: value)
  }

  /// The kind of a choice line's middle fields.
  private static func kind(_ fields: ArraySlice<Substring>, line: Int) throws(ChoiceRecordingError) -> ChoiceKind {
    let words = Array(fields)
    switch (words.first, words.count) {
    case ("grant", 1): return .grant
    case ("word", 1): return .word
    case ("first", 2):
      guard let count = Int(words[1]), count >= 2 else {
        throw .malformedLine(line: line, problem: "\"first \(words[1])\" needs a count of 2 or more")
      }
      return .first(among: count)
    case ("uniform", 2):
      let bounds = words[1].split(separator: "...", omittingEmptySubsequences: false)
      guard bounds.count == 2, let low = Int64(bounds[0]), let high = Int64(bounds[1]), low <= high else {
        throw .malformedLine(line: line, problem: "\"uniform \(words[1])\" needs <low>...<high> with low <= high")
      }
      return .uniform(low...high)
    case ("chance", 2):
      let parts = words[1].split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let numerator = UInt64(parts[0]), let denominator = UInt64(parts[1]), denominator > 0,
        numerator <= denominator
      else {
        throw .malformedLine(line: line, problem: "\"chance \(words[1])\" needs <numerator>/<denominator>, 0 <= n <= d, d > 0")
      }
      return .chance(Chance(numerator: numerator, denominator: denominator))
    default:
      throw .malformedLine(line: line, problem: "unknown kind \"\(words.joined(separator: " "))\"")
    }
  }
}
