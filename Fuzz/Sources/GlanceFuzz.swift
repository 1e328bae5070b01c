import Foundation

/// `glance-fuzz`: the fuzz targets of Glance's parsers and decoders (see ``FuzzTarget``).
///
/// Built normally (`swift build`, `make test`), it replays inputs:
///
///     glance-fuzz <target> <file or directory>...
///
/// runs every file given, and every file of every directory given (not hidden, sorted by name),
/// through the target; a broken law traps and names itself. This reproduces a crash that
/// `make fuzz` found, and `make test` runs the committed corpus (`Fuzz/Corpus/<target>/`) this
/// way. `glance-fuzz --list` prints the targets.
///
/// Built by `make fuzz` (`-sanitize=fuzzer,address -D FUZZING`), it runs libFuzzer:
///
///     glance-fuzz <target> [libFuzzer options] <corpus directory>...
///
/// Exit codes: 0 every input passed, 64 usage, 66 an input cannot be read; a broken law or a
/// trap ends the process with a signal.
@main
struct GlanceFuzz {
  static let usage = """
    usage: glance-fuzz <target> <file or directory>...
           glance-fuzz --list
    targets: \(FuzzTarget.names)
    """

  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments == ["--list"] {
      for target in FuzzTarget.allCases { print(target.rawValue) }
      return
    }
    #if FUZZING
      LibFuzzerDriver.run(arguments)
    #else
      Replay.run(arguments)
    #endif
  }

  /// Prints `message` and the usage to stderr and exits with 64 (`EX_USAGE`).
  static func exitWithUsage(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n" + usage + "\n").utf8))
    exit(64)
  }
}
