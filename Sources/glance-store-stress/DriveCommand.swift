import ArgumentParser
import Foundation
import GlanceStore

/// `glance-store-stress drive`: starts one worker process per role, kills a random one with
/// `SIGKILL` every 20–200 ms and restarts it with the next generation, for `--seconds`; then
/// kills them all and checks the database (``StressCheck``).
///
/// Which worker dies and how long the driver sleeps follow from `--seed`; where in its work a
/// worker is when the signal lands depends on real timing.
struct DriveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "drive", abstract: "Run, kill and restart workers, then check the database (the default).")

  @Option(
    name: .long, help: ArgumentHelp("The database file (must not exist); in the run's temporary directory by default.", valueName: "path"))
  var db: String?

  @Option(name: .long, help: ArgumentHelp("How long to kill and restart workers, from 1 to 86400.", valueName: "s"))
  var seconds: Int = 20

  @Option(name: .long, help: ArgumentHelp("The seed of the driver's choices.", valueName: "n"))
  var seed: UInt64 = 1

  @Option(name: .long, help: ArgumentHelp("Worker processes, from 1 to 32; roles go app, widget, watch, app, ….", valueName: "n"))
  var workers: Int = 3

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The workers' synchronous mode: full (the store's default) or normal; a kill loses nothing under either.",
      valueName: "mode"))
  var synchronous: String = "full"

  /// The pause between two kills, in milliseconds.
  static let pauseMilliseconds = 20...200

  func validate() throws {
    guard (1...86_400).contains(seconds) else { throw ValidationError("--seconds must be between 1 and 86400 (got \(seconds)).") }
    guard (1...32).contains(workers) else { throw ValidationError("--workers must be between 1 and 32 (got \(workers)).") }
    guard ["full", "normal"].contains(synchronous) else {
      throw ValidationError("--synchronous must be full or normal (got \(synchronous)).")
    }
    if let db, FileManager.default.fileExists(atPath: db) {
      throw ValidationError("--db \(db) exists; the check needs a database only this run wrote.")
    }
  }

  func run() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("glance-store-stress-\(ProcessInfo.processInfo.processIdentifier)-\(seed)")
    let outcome: Result<StressSummary, StressFailure>
    do {
      try? FileManager.default.removeItem(at: directory)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      outcome = Result { () throws(StressFailure) in try drive(in: directory) }
    } catch {
      outcome = .failure(.io(path: directory.path, reason: "\(error)"))
    }
    switch outcome {
    case .success(let summary):
      print(summary.description)
      try? FileManager.default.removeItem(at: directory)
    case .failure(let failure):
      FileHandle.standardError.write(Data("FAILED: \(failure)\n(run directory kept: \(directory.path))\n".utf8))
      throw ExitCode.failure
    }
  }

  /// Runs the workers and kills them until `seconds` pass, then checks the database.
  private func drive(in directory: URL) throws(StressFailure) -> StressSummary {
    let db = self.db ?? directory.appendingPathComponent("stress.sqlite").path
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    var random = SplitMix64(seed: seed)
    var slots: [StressWorkerSlot] = []
    var seeds: Set<UInt32> = []
    for index in 0..<workers {
      var workerSeed = UInt32(truncatingIfNeeded: random.next())
      while !seeds.insert(workerSeed).inserted { workerSeed = UInt32(truncatingIfNeeded: random.next()) }
      slots.append(
        StressWorkerSlot(role: StressRole.allCases[index % StressRole.allCases.count], seed: workerSeed, synchronous: synchronous))
    }
    // No schema is created here: the workers race to open the new file, as an app and its
    // widget do after installation (EventStore creates GRDB's migrations table first for that).
    let start = Date()
    // Kill the ones already started if a later start fails.
    defer { for index in slots.indices { try? slots[index].kill(directory: directory) } }
    for index in slots.indices { try slots[index].start(executable: executable, db: db, directory: directory) }
    var kills = 0
    while Date().timeIntervalSince(start) < Double(seconds) {
      usleep(UInt32(random.draw(in: Self.pauseMilliseconds)) * 1000)
      let victim = random.draw(in: 0...(slots.count - 1))
      try slots[victim].restart(executable: executable, db: db, directory: directory)
      kills += 1
    }
    // The final kills are not counted: no restart follows them (the check does).
    for index in slots.indices { try slots[index].kill(directory: directory) }
    let elapsed = Date().timeIntervalSince(start)
    let verified = try StressCheck(db: db, slots: slots, directory: directory).run()
    return StressSummary(kills: kills, acknowledged: verified.acknowledged, rows: verified.rows, seconds: elapsed)
  }
}

/// What a passing run prints.
struct StressSummary: CustomStringConvertible {
  /// `SIGKILL`s followed by a restart (the final kill of each worker is not counted).
  let kills: Int
  /// Complete lines in every ack file.
  let acknowledged: Int
  /// Events in the database.
  let rows: Int
  /// Wall-clock time from the first start to the last kill.
  let seconds: Double

  /// One figure a line, then the verdict.
  var description: String {
    let rate = seconds > 0 ? Double(rows) / seconds : 0
    return """
      kills survived: \(kills)
      acknowledged writes: \(acknowledged)
      rows in DB: \(rows)
      seconds: \(String(format: "%.1f", seconds))
      writes/s: \(String(format: "%.0f", rate))
      integrity: ok
      invariants: ok
      """
  }
}
