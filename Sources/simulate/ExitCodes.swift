import ArgumentParser
import Foundation

/// Every exit code `simulate` ends with, in one place (the commands' discussions, README.md and
/// the DocC articles *The simulator*, *Reading a report* and *Sweeping seeds* list the same).
/// The numbers above 63 are the BSD `sysexits.h` ones, as ArgumentParser's own 64 is.
extension ExitCode {
  /// 0: every strategy expected to converge kept every invariant (or the command did its job).
  static let passed = ExitCode.success
  /// 1: a strategy expected to converge broke an invariant; the output ends with `reproduce:`.
  static let invariantBroken = ExitCode(1)
  /// 2: `--check-determinism` found two runs of one request that differ.
  static let determinismMismatch = ExitCode(2)
  /// 64 (`EX_USAGE`): a bad option, scenario or scenario folder, or an `--out` that would mix
  /// two scenarios; ArgumentParser's parse and validation errors exit with it too.
  static let usage = ExitCode.validationFailure
  /// 65 (`EX_DATAERR`): `merge` was given folders that are not one sweep's shards.
  static let unmergeable = ExitCode(65)
  /// 70 (`EX_SOFTWARE`): an internal limit was reached, a failure could not be shrunk, or an
  /// error nobody expected; the message names it.
  static let internalFailure = ExitCode(70)
  /// 74 (`EX_IOERR`): a file or folder could not be written, or a store of `--store sqlite`
  /// could not be created or failed.
  static let ioFailure = ExitCode(74)
}

/// Prints `message` as one `Error:` line on standard error (newlines folded, so that a log keeps
/// one line per error).
func printError(_ message: String) {
  let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
  FileHandle.standardError.write(Data("Error: \(line)\n".utf8))
}
