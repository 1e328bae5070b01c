public import Foundation

/// What a finished process printed, and how it ended.
public struct ProcessOutcome: Sendable {
  public let status: Int32
  public let output: String
  public let errors: String
}

/// The package's executables as the tests run them (`swift build --build-tests`, and so
/// `make test`, builds every product next to the test binary).
public enum Executables {
  /// Where the executable `name` may be: beside the test binary (the build directory `swift
  /// test` runs from, whatever `--scratch-path` it was given), else the package's `.build/debug`.
  public static func candidates(_ name: String, packageRoot: URL) -> [URL] {
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
    directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    directories.append(packageRoot.appendingPathComponent(".build/debug"))
    return directories.map { $0.appendingPathComponent(name) }
  }

  /// The first of ``candidates(_:packageRoot:)`` that exists and is executable.
  public static func find(_ name: String, packageRoot: URL) -> URL? {
    candidates(name, packageRoot: packageRoot).first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Runs `executable` with `arguments` in `directory`, with `environment` set over this
  /// process's environment, and waits for it to end.
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> ProcessOutcome {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read both pipes to the end before waiting, so that a chatty process never blocks on a full pipe.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessOutcome(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData, as: UTF8.self))
  }
}
