#if FUZZING
  import CLibFuzzer
  import Foundation

  /// Hands the command line to libFuzzer: the `FUZZING` build's job.
  ///
  /// SwiftPM links an executable with its `main` renamed and `--defsym main=<module>_main`, which
  /// overrides the `main` of libFuzzer's archive, so this `@main` runs first and starts libFuzzer
  /// with `LLVMFuzzerRunDriver`, without the target's name (libFuzzer would take it for a corpus
  /// directory). The target travels in `GLANCE_FUZZ_TARGET`, so that the processes libFuzzer starts
  /// itself (`-fork`, `-minimize_crash`), whose command line lacks it, run the same target.
  enum LibFuzzerDriver {
    static let environmentKey = "GLANCE_FUZZ_TARGET"

    /// The target of this process, read once.
    static let target: FuzzTarget = {
      guard let name = ProcessInfo.processInfo.environment[environmentKey],
        let target = FuzzTarget(rawValue: name)
      else { fatalError("\(environmentKey) names no target; \(GlanceFuzz.usage)") }
      return target
    }()

    /// `arguments` is `<target> [libFuzzer options and directories]`, or only the options when
    /// `GLANCE_FUZZ_TARGET` is set.
    static func run(_ arguments: [String]) -> Never {
      var forwarded = arguments
      if let first = arguments.first, let named = FuzzTarget(rawValue: first) {
        setenv(environmentKey, named.rawValue, 1)
        forwarded.removeFirst()
      } else if ProcessInfo.processInfo.environment[environmentKey] == nil {
        GlanceFuzz.exitWithUsage("glance-fuzz: name a target first")
      }
      let commandLine = [CommandLine.arguments[0]] + forwarded
      // libFuzzer may keep pointers into argv for the whole run: the copies are never freed.
      var cStrings: [UnsafeMutablePointer<CChar>?] = commandLine.map { strdup($0) } + [nil]
      let status = cStrings.withUnsafeMutableBufferPointer { buffer in
        var argc = CInt(commandLine.count)
        var argv = buffer.baseAddress
        return LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput)
      }
      exit(status)
    }
  }

  /// libFuzzer's callback: one input through the process's target. Also exported under
  /// libFuzzer's name, which its archive's (unused) `main` refers to.
  @c(LLVMFuzzerTestOneInput)
  func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    LibFuzzerDriver.target.run(bytes)
    return 0
  }
#endif
