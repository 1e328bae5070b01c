import ArgumentParser
import Foundation
import GlanceSimulation

/// `simulate sweep`: many seeds, one JSON line per seed and strategy, and the aggregated report.
struct SweepCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sweep",
    abstract: "Run a range of seeds (or one shard of it) and aggregate their verdicts.",
    discussion: """
      Example:
        simulate sweep --seeds 1...10000 --jobs 2
      writes Reports/sweep-default-seeds1-10000-days30/ with lines.jsonl (one JSON line per seed and strategy), shard.json, sweep.md and sweep.json.

      With --scenario generated every seed plays its own scenario, drawn by the generator across every field's documented range; `simulate --scenario generated --seed S` replays one and `simulate generate --seed S` writes it as a file.

      Shards: --shard K/N runs the seeds s with (s - first) mod N = K - 1 into a folder named ...-shardKofN; `simulate merge` combines the N folders into the report of the whole sweep, byte for byte. The same binary, scenario, days, seeds and strategies give the same lines on any machine and with any --jobs. A sweep spans at most 100000000 seeds; they are drawn one after another, never listed first.

      A sweep folder is named after the scenario's name; when --out already holds it for a different scenario of the same name, nothing runs and sweep exits 64.

      Exit codes:
        0   every strategy expected to converge did on every seed
        1   one of them broke an invariant on some seed
        64  a usage error: a bad option or scenario, or a sweep folder clash
        70  an internal limit was reached
        74  the sweep could not be written
      """)

  @Option(
    name: .long, parsing: .unconditional, help: ArgumentHelp("The seeds, A...B or one seed.", valueName: "A...B"),
    transform: ArgumentParsers.seeds)
  var seeds: ClosedRange<UInt64>

  @OptionGroup var plan: ScenarioOptions

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp("Seeds run at once (threads), from 1 to 256; the machine's active cores by default.", valueName: "n"))
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp("Run shard K of N (1-based); the whole range, 1/1, by default.", valueName: "K/N"),
    transform: ArgumentParsers.shard)
  var shard: SweepShard = .whole

  @Option(name: .long, help: ArgumentHelp("The folder the sweep's folder is written into.", valueName: "dir"))
  var out: String = "Reports"

  @Flag(name: .long, help: "No progress bar, even on a terminal.")
  var noProgress = false

  func validate() throws {
    guard (1...Sweep.jobsMax).contains(jobs) else {
      throw ValidationError("--jobs: \(SweepError.badJobs(jobs))")
    }
  }

  func run() throws {
    let request: SweepRequest
    let days: Int
    if plan.isGenerated {
      days = plan.days ?? Simulation.defaultDays
      request = .generated(days: days, seeds: seeds, shard: shard, strategies: plan.strategies)
    } else {
      let loaded = try plan.load()
      days = plan.days(of: loaded)
      request = SweepRequest(
        scenario: loaded, scenarioReference: plan.reference, days: days, seeds: seeds, shard: shard,
        strategies: plan.strategies)
    }
    // Before the seeds run: the folder must be writable, and not another scenario's sweep.
    try OutputFolder.prepare(out)
    let folder = (out as NSString).appendingPathComponent(SweepFolder.defaultName(SweepManifest(request, lines: 0)))
    try ReportFolders.checkSweepOwner(of: folder, for: SweepManifest(request, lines: 0))
    let bar = ProgressBar(enabled: !noProgress && isatty(STDERR_FILENO) == 1)
    let clock = ContinuousClock()
    let started = clock.now
    // The lines go to lines.jsonl and to the report's aggregator as they come: none is kept.
    let existed = FileManager.default.fileExists(atPath: folder)
    let sink: LineSink
    do {
      sink = LineSink(writer: try SweepLinesWriter(folder: folder), strategies: SweepManifest(request, lines: 0).strategies)
    } catch {
      printError("cannot write the sweep into \(folder): \(OutputFolder.reason(of: error))")
      throw ExitCode.ioFailure
    }
    do throws(SimulationError) {
      try SweepRunner.run(
        request.shardSeeds, jobs: jobs, progress: bar.enabled ? bar.update : nil,
        lines: { seed throws(SimulationError) in try Sweep.lines(request, seed: seed) }, sink: { sink.take($0) })
    } catch {
      bar.finish()
      sink.discard(folder: folder, existed: existed)
      printError("\(error)")
      throw ExitCode(error)
    }
    bar.finish()
    let elapsed = started.duration(to: clock.now)
    let manifest = SweepManifest(request, lines: sink.count)
    let report = try sink.finish(manifest, folder: folder, existed: existed)
    let seedCount = request.shardSeeds.count
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      "sweep: \(seedCount) seeds × \(manifest.strategies.count) strategies × \(days) days with \(jobs) jobs in "
        + String(format: "%.1f s (%.0f seed-days/s)", seconds, Double(seedCount) * Double(days) / max(seconds, 1e-9)))
    SweepOutput.summarize(report, folder: folder)
    if report.failsExpectation { throw ExitCode.invariantBroken }
  }
}

/// `simulate merge`: the shards' folders into the whole sweep's report.
struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Merge the folders of a sweep's or an exploration's shards into the whole one's.",
    discussion: """
      Example:
        simulate merge shards/sweep-default-seeds1-10000-days30-shard*of4
      writes Reports/sweep-default-seeds1-10000-days30/, byte for byte what the sweep run whole writes. Every shard 1/N … N/N must be given once, all from one binary, scenario, day count, seed range and strategy list; otherwise nothing is written. Nor is it when --out already holds the sweep's folder for a different scenario of the same name.

        simulate merge shards/explore-default-converged-steps-moves2-shard*of4
      writes Reports/explore-default-converged-steps-moves2/ (shard.json, figures.json, report.md), byte for byte what `simulate explore --out Reports` run whole writes: the shards of one exploration (`simulate explore --shard K/N --out`), from one binary, scenario, strategy, domain, moves and options. A folder's shard.json says which kind it is; sweep and exploration shards are never merged together.

      Exit codes:
        0   every strategy expected to converge did on every seed
        1   one of them broke an invariant on some seed (or schedule)
        64  a usage error: no folder given, or a sweep folder clash
        65  the folders cannot be merged (the message names the folder and why)
        74  the merged sweep could not be written
      """)

  @Argument(
    help: ArgumentHelp("The shards' folders, as `simulate sweep --shard` or `simulate explore --shard` wrote them.", valueName: "dir"))
  var folders: [String] = []

  @Option(name: .long, help: ArgumentHelp("The folder the merged sweep's folder is written into.", valueName: "dir"))
  var out: String = "Reports"

  func run() throws {
    if try Self.checked({ () throws(SweepError) in try ShardFolderKind.of(all: folders) }) == .exploration {
      return try ExploreFolders.merge(folders, into: out)
    }
    let merged = try Self.checked { () throws(SweepError) in try SweepFolder.merge(folders) }
    try OutputFolder.prepare(out)
    let folder = (out as NSString).appendingPathComponent(SweepFolder.defaultName(merged.manifest))
    try ReportFolders.checkSweepOwner(of: folder, for: merged.manifest)
    let report = try SweepOutput.write(merged.manifest, lines: merged.lines, into: folder)
    print("merged: \(folders.count) shards, \(merged.lines.count) lines")
    SweepOutput.summarize(report, folder: folder)
    if report.failsExpectation { throw ExitCode.invariantBroken }
  }

  /// What `body` returns; when it throws, the error is printed and the merge exits 64 (no folder
  /// given) or 65 (the folders cannot be merged).
  static func checked<Value>(_ body: () throws(SweepError) -> Value) throws(ExitCode) -> Value {
    do {
      return try body()
    } catch {
      printError("\(error)")
      throw error == .nothingToMerge ? .usage : .unmergeable
    }
  }
}

/// Where a sweep's lines go as the runner hands them over (in seed order, one call at a time):
/// the lines file and the report's aggregator. The first write failure is kept and ends the
/// sweep's output (nothing but the partial file is written, and that is deleted).
private final class LineSink: @unchecked Sendable {
  private let writer: SweepLinesWriter
  private var aggregator: SweepAggregator
  private var failure: (any Error)? = nil

  init(writer: SweepLinesWriter, strategies: [String]) {
    self.writer = writer
    self.aggregator = SweepAggregator(strategies: strategies)
  }

  /// The lines written so far.
  var count: Int { writer.count }

  /// Called by the runner under its lock.
  func take(_ lines: [SweepLine]) {
    for line in lines {
      aggregator.add(line)
      guard failure == nil else { continue }
      do {
        try writer.append(line)
      } catch {
        failure = error
      }
    }
  }

  /// The run failed: the partial file goes, and the folder too when the sweep made it.
  func discard(folder: String, existed: Bool) {
    writer.discard()
    if !existed, (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty ?? false {
      try? FileManager.default.removeItem(atPath: folder)
    }
  }

  /// Gives the lines file its name and writes the manifest and the report.
  func finish(_ manifest: SweepManifest, folder: String, existed: Bool) throws(ExitCode) -> SweepReport {
    let report = aggregator.report(manifest)
    do {
      if let failure { throw failure }
      try writer.finish()
      try SweepFolder.writeReport(report, into: folder)
    } catch {
      discard(folder: folder, existed: existed)
      printError("cannot write the sweep into \(folder): \(OutputFolder.reason(of: error))")
      throw .ioFailure
    }
    return report
  }
}

/// What `sweep` and `merge` share: writing the folder and the summary they print.
enum SweepOutput {
  static func write(_ manifest: SweepManifest, lines: [SweepLine], into folder: String) throws(ExitCode) -> SweepReport {
    do {
      return try SweepFolder.write(manifest, lines: lines, into: folder)
    } catch {
      printError("cannot write the sweep into \(folder): \(OutputFolder.reason(of: error))")
      throw .ioFailure
    }
  }

  static func summarize(_ report: SweepReport, folder: String) {
    print("report: \(folder)/\(SweepFolder.reportFile)")
    for row in report.strategies {
      print("\(row.strategy): converged on \(row.converged) of \(row.seeds) seeds (\(SweepReport.percent(row.convergedBasisPoints)))")
    }
    let failing = report.strategies.filter { $0.expectedToConverge && $0.converged < $0.seeds }
    if let first = failing.first, let seed = first.firstFailingSeed {
      print("verdict: FAIL (\(failing.map(\.strategy).joined(separator: ", ")) expected to converge)")
      print("reproduce: \(report.replayCommand(seed: seed, strategy: first.strategy))")
    } else {
      print("verdict: pass")
    }
  }
}

/// A one-line progress bar on standard error, redrawn at most once per percent.
final class ProgressBar: @unchecked Sendable {
  let enabled: Bool
  private let lock = NSLock()
  private var shown = -1
  private let clock = ContinuousClock()
  private let started: ContinuousClock.Instant

  init(enabled: Bool) {
    self.enabled = enabled
    started = clock.now
  }

  func update(done: Int, total: Int) {
    let percent = total == 0 ? 100 : done * 100 / total
    lock.withLock {
      guard percent != shown else { return }
      shown = percent
      let width = 30
      let filled = width * percent / 100
      let elapsed = started.duration(to: clock.now).components.seconds
      let left = done == 0 ? 0 : elapsed * Int64(total - done) / Int64(done)
      let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
      FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) seeds \(percent) %, about \(left) s left ".utf8))
    }
  }

  func finish() {
    guard enabled, shown >= 0 else { return }
    FileHandle.standardError.write(Data("\n".utf8))
  }
}
