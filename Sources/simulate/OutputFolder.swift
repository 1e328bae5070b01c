import ArgumentParser
import Foundation

/// The folders `simulate` writes into (`--out`), checked before anything runs, and the one-line
/// reason the system gives when a write fails (never a raw `NSCocoaErrorDomain` dump).
enum OutputFolder {
  /// Creates `path` (and its missing parents) unless it exists, and checks that it is a folder
  /// this process may write in; otherwise prints `--<option>: cannot write into <path>: <reason>`
  /// and exits 74.
  static func prepare(_ path: String, option: String = "out") throws(ExitCode) {
    let files = FileManager.default
    var isDirectory: ObjCBool = false
    if files.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw fail(option, path, "it is a file (\(systemReason(ENOTDIR)))") }
    } else {
      do {
        try files.createDirectory(atPath: path, withIntermediateDirectories: true)
      } catch {
        throw fail(option, path, reason(of: error))
      }
    }
    guard access(path, W_OK | X_OK) == 0 else { throw fail(option, path, systemReason(errno)) }
  }

  private static func fail(_ option: String, _ path: String, _ reason: String) -> ExitCode {
    printError("--\(option): cannot write into \(path): \(reason)")
    return .ioFailure
  }

  /// The system's reason behind a failed file operation: the message of the POSIX error under
  /// Foundation's (`Permission denied`, `Read-only file system`), else the error's own text.
  static func reason(of error: any Error) -> String {
    var current: (any Error)? = error
    for _ in 0..<8 {
      guard let error = current else { break }
      if let posix = error as? POSIXError { return systemReason(posix.code.rawValue) }
      let bridged = error as NSError
      if bridged.domain == NSPOSIXErrorDomain { return systemReason(Int32(truncatingIfNeeded: bridged.code)) }
      current = bridged.userInfo[NSUnderlyingErrorKey] as? any Error
    }
    let text = (error as NSError).localizedDescription
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  /// `strerror(code)`: `Permission denied` for `EACCES`.
  static func systemReason(_ code: Int32) -> String {
    String(validatingCString: strerror(code)) ?? "error \(code)"
  }
}
