/// Why a replay of a ``ChoiceRecording`` could not go on: the run asked a choice the recording
/// does not hold at that place. Each case names the section, the index of the choice in it
/// (from 0) and what was expected against what was found.
public enum ChoiceReplayError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The recording holds `expected` at `index`, and the run asked `found`.
  case mismatch(section: ChoiceSectionName, index: Int, expected: ChoicePoint, found: ChoicePoint)
  /// The recording's section ends before `index`, where the run asked `found`.
  case exhausted(section: ChoiceSectionName, index: Int, found: ChoicePoint)
  /// The play ended after `index` choices, and the section holds more.
  case unread(section: ChoiceSectionName, index: Int, remaining: Int)
  /// The answer at `index` is not a value of `point` (``ChoiceKind/admits(_:)``).
  case inadmissible(section: ChoiceSectionName, index: Int, point: ChoicePoint, value: Int64)
  /// The recording has no section for a part of the run (a design it was not recorded with).
  case missingSection(ChoiceSectionName)

  public var description: String {
    switch self {
    case .mismatch(let section, let index, let expected, let found):
      return "choice \(index) of section \(section): the recording holds \"\(expected)\", the run asked \"\(found)\""
    case .exhausted(let section, let index, let found):
      return "choice \(index) of section \(section): the recording ends there, the run asked \"\(found)\""
    case .unread(let section, let index, let remaining):
      return "section \(section): the run made \(index) choices, the recording holds \(remaining) more"
    case .inadmissible(let section, let index, let point, let value):
      return "choice \(index) of section \(section): \(value) is not a value of \"\(point)\""
    case .missingSection(let section):
      return "the recording has no section \(section)"
    }
  }
}
