import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Chromium, run headless by a test to screenshot a local page (`make browser` installs Debian's
/// `chromium`). Each run has its own profile and home folder inside the test's folder, a time
/// limit, and ends with every process of it gone, killed by pid if need be.
struct HeadlessChromium {
  let executable: URL

  /// What one run left behind.
  struct Run {
    let status: Int32
    /// Whether the time limit ended it.
    let timedOut: Bool
    /// Chromium's standard error (its log, with `--enable-logging=stderr`).
    let log: String

    /// The page's console messages: Chromium logs each as a line with `:CONSOLE` (at INFO level
    /// whatever the message's own level, so a script-free page should log none), the message in
    /// quotes, then its source.
    var consoleLines: [String] {
      log.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") }
    }
  }

  /// Chromium from `GLANCE_CHROMIUM`, else the first `chromium` or `chromium-browser` on the
  /// `PATH`; `nil` when there is none.
  static func find() -> HeadlessChromium? {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["GLANCE_CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) {
      return HeadlessChromium(executable: URL(fileURLWithPath: path))
    }
    let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    for name in ["chromium", "chromium-browser"] {
      for directory in directories {
        let path = (directory as NSString).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: path) { return HeadlessChromium(executable: URL(fileURLWithPath: path)) }
      }
    }
    return nil
  }

  /// The arguments of a run: headless, no GPU, nothing fetched in the background, the log on
  /// standard error, a viewport of `width` × `height` CSS pixels at scale 1, and a screenshot of
  /// that viewport once `page` has loaded.
  static func arguments(page: URL, screenshot: URL, width: Int, height: Int, profile: URL) -> [String] {
    var arguments = [
      "--headless",
      "--disable-gpu",  // no GPU in a container; software rendering
      "--disable-dev-shm-usage",  // /dev/shm is small in containers
      "--hide-scrollbars",
      "--force-device-scale-factor=1",  // one CSS pixel per PNG pixel
      "--no-first-run", "--no-default-browser-check",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-extensions",
      "--user-data-dir=\(profile.path)",
      "--enable-logging=stderr", "--v=0",  // console messages on standard error
      "--window-size=\(width),\(height)",
      "--screenshot=\(screenshot.path)",
    ]
    // Chromium refuses to run as root with its sandbox on.
    if geteuid() == 0 { arguments.insert("--no-sandbox", at: 1) }
    return arguments + [page.absoluteString]
  }

  /// Screenshots `page` into `screenshot`, working in `folder` (profile, home, log), within
  /// `timeLimitSeconds`; when the limit passes, the browser is sent SIGTERM, then SIGKILL.
  func screenshot(
    _ page: URL, to screenshot: URL, width: Int, height: Int, folder: URL, timeLimitSeconds: Int
  ) async throws -> Run {
    precondition(timeLimitSeconds > 0, "a time limit, in seconds (got \(timeLimitSeconds))")
    let profile = folder.appendingPathComponent("chromium-profile")
    let home = folder.appendingPathComponent("chromium-home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let logFile = folder.appendingPathComponent("chromium.log")
    guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: logFile.path])
    }
    let log = try FileHandle(forWritingTo: logFile)
    defer { try? log.close() }

    let process = Process()
    process.executableURL = executable
    process.arguments = Self.arguments(page: page, screenshot: screenshot, width: width, height: height, profile: profile)
    // Its caches and crash reports go to the test's folder, not the user's home.
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config", "XDG_CACHE_HOME": home.path + "/.cache"]) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = log
    process.standardError = log
    try process.run()
    let pid = process.processIdentifier
    defer { Self.killLeftovers(mentioning: profile.path) }

    let deadline = ContinuousClock.now + .seconds(timeLimitSeconds)
    var timedOut = false
    while process.isRunning {
      if ContinuousClock.now >= deadline {
        timedOut = true
        kill(pid, SIGTERM)
        try await Task.sleep(for: .seconds(3))
        if process.isRunning { kill(pid, SIGKILL) }
        break
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    process.waitUntilExit()
    let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    return Run(status: process.terminationStatus, timedOut: timedOut, log: text)
  }

  /// Sends SIGKILL, by pid, to every process still running whose command line names `marker`
  /// (this run's profile: Chromium passes `--user-data-dir` to its helpers). The browser itself
  /// has been waited for already.
  static func killLeftovers(mentioning marker: String) {
    var pids: [Int32] = []
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries {
      guard let candidate = Int32(entry), candidate != getpid() else { continue }
      guard let commandLine = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
      if String(decoding: commandLine, as: UTF8.self).contains(marker) { pids.append(candidate) }
    }
    for leftover in pids.sorted() { kill(leftover, SIGKILL) }
  }
}
