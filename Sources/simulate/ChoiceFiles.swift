import ArgumentParser
import Foundation
import GlanceSimulation

/// The files of `--record-choices` and `--replay-choices`: a run's ``ChoiceRecording`` as text
/// (`glance-choices 1`, one choice a line).
enum ChoiceFiles {
  /// How the run makes its choices: recorded (`recording`), replayed from the file `replaying`,
  /// or drawn.
  ///
  /// - Throws: ``ExitCode/usage`` (64), after one `Error:` line naming the file, when the file
  ///   cannot be read or is not a recording (the line and the problem).
  static func mode(recording: Bool, replaying file: String?) throws(ExitCode) -> ChoiceMode {
    guard let file else { return recording ? .record : .random }
    let text: String
    do {
      text = try String(contentsOfFile: file, encoding: .utf8)
    } catch {
      printError("--replay-choices \(file): cannot read the file (\(error.localizedDescription))")
      throw .usage
    }
    do {
      return .replay(try ChoiceRecording(text: text))
    } catch {
      printError("--replay-choices \(file): \(error)")
      throw .usage
    }
  }

  /// Writes `recording`'s text to `file` (given by `--<option>`).
  ///
  /// - Throws: ``ExitCode/ioFailure`` (74), after one `Error:` line, when it cannot be written.
  static func write(_ recording: ChoiceRecording, to file: String, option: String = "record-choices") throws(ExitCode) {
    do {
      try recording.text.write(toFile: file, atomically: true, encoding: .utf8)
    } catch {
      printError("--\(option) \(file): cannot write the file (\(error.localizedDescription))")
      throw .ioFailure
    }
  }
}
