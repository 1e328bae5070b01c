/// Why a recording's text (``ChoiceRecording/init(text:)``) could not be read: the line (from 1)
/// and what is wrong with it.
public enum ChoiceRecordingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Line `line` is not what the format allows there.
  case malformedLine(line: Int, problem: String)

  public var description: String {
    switch self {
    case .malformedLine(let line, let problem): return "line \(line) of the choice recording: \(problem)"
    }
  }
}
