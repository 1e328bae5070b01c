import Foundation

/// One worker the driver keeps running: its role and seed, its current generation and process.
///
/// Each generation writes its own ack file, so the check can tell which generation acknowledged
/// what, and a torn last line of a killed generation never runs into the next one's first line.
struct StressWorkerSlot {
  /// What the worker plays.
  let role: StressRole
  /// Its `--worker-seed`, different from every other slot's.
  let seed: UInt32
  /// The generation of the running process (0 for the first start, one more per restart).
  private(set) var generation: UInt32 = 0
  /// The running process, once started.
  private var process: Process?

  /// The worker's `--synchronous` (`full` or `normal`).
  let synchronous: String

  /// A slot that has not started yet.
  init(role: StressRole, seed: UInt32, synchronous: String = "full") {
    self.role = role
    self.seed = seed
    self.synchronous = synchronous
  }

  /// The ack file of `generation` in `directory`.
  func ackPath(generation: UInt32, in directory: URL) -> String {
    directory.appendingPathComponent("ack-\(role.rawValue)-\(seed)-\(generation).txt").path
  }

  /// The file every generation of the worker writes its standard error to.
  func logPath(in directory: URL) -> String {
    directory.appendingPathComponent("worker-\(role.rawValue)-\(seed).log").path
  }

  /// Starts the worker process of the current generation, its standard error appended to
  /// ``logPath(in:)``.
  mutating func start(executable: URL, db: String, directory: URL) throws(StressFailure) {
    precondition(process == nil, "a slot runs one process at a time")
    let log = logPath(in: directory)
    if !FileManager.default.fileExists(atPath: log) { _ = FileManager.default.createFile(atPath: log, contents: nil) }
    guard let errors = FileHandle(forWritingAtPath: log) else { throw .io(path: log, reason: "cannot open the worker log") }
    defer { try? errors.close() }
    let process = Process()
    process.standardError = errors
    process.executableURL = executable
    process.arguments = [
      "worker", "--role", role.rawValue, "--db", db, "--ack", ackPath(generation: generation, in: directory),
      "--worker-seed", String(seed), "--generation", String(generation), "--synchronous", synchronous,
    ]
    do {
      _ = try errors.seekToEnd()
      try process.run()
    } catch {
      throw .io(path: executable.path, reason: "cannot start a worker: \(error)")
    }
    self.process = process
  }

  /// Kills the running worker with `SIGKILL` and waits for it; does nothing when none runs.
  ///
  /// - Throws: ``StressFailure/unexpected(_:)`` when the worker had already ended on its own
  ///   (it found a broken law, or crashed): a worker only ever ends by the driver's kill.
  mutating func kill(directory: URL) throws(StressFailure) {
    guard let process else { return }
    self.process = nil
    _ = Glibc.kill(process.processIdentifier, SIGKILL)
    // Poll rather than `waitUntilExit()`, whose run loop wakes only every 50 ms on Linux.
    while process.isRunning { usleep(200) }
    let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    guard killed else {
      let how = process.terminationReason == .exit ? "exited with status" : "died of signal"
      let log = (try? String(contentsOfFile: logPath(in: directory), encoding: .utf8)) ?? ""
      throw .unexpected(
        "worker \(role.rawValue) (seed \(seed), generation \(generation)) \(how) \(process.terminationStatus) before it was killed; its log: \(log)"
      )
    }
  }

  /// Kills the running worker and starts the next generation.
  mutating func restart(executable: URL, db: String, directory: URL) throws(StressFailure) {
    try kill(directory: directory)
    generation += 1
    precondition(generation <= StressEvent.maximumGeneration, "generation \(generation) fits in an id")
    try start(executable: executable, db: db, directory: directory)
  }
}
