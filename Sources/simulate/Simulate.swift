import ArgumentParser
import Foundation
import GlanceKernel
import GlanceSimulation

/// `simulate`: runs sync strategies through days of simulated use and writes convergence reports.
/// No logic lives here: options are checked, then handed to GlanceSimulation.
@main
struct Simulate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "simulate",
    abstract: "Simulate app, widget and watch sync strategies and report whether they converge.",
    discussion: """
      Example:
        simulate --days 30 --seed 42
      writes Reports/default-seed42-days30/report.md and report.json.

      The built-in scenarios (`simulate list` names them) are the files of Simulations/ as they were when simulate was built, so it runs from any folder; --scenarios <dir> reads <dir>/<name>.yaml instead, and --scenario <file>.yaml any file.

      A report folder is named <scenario>-seed<seed>-days<days>. When --out already holds that folder for a different scenario of the same name, nothing is written and simulate exits 64: rename one of the scenarios, or choose another --out.

      A failure of a strategy expected to converge is shrunk to a small scenario file in the report's shrunk/ folder, which the report links and `simulate --scenario <file>` replays (--shrink shrinks the legacy designs' failures too).

      --record-choices <file> writes every choice the run made (its workload, latencies, faults, the order of simultaneous events, WidgetKit's grants at its budget's edge) as text, one a line; --replay-choices <file> takes them from such a file instead of the seed and writes the recorded run's report byte for byte. A file that is not a recording, or does not fit the run, is a usage error (64) that names the line or the choice.

      Exit codes:
        0   every strategy expected to converge did
        1   one of them broke an invariant
        2   --check-determinism found two runs that differ
        64  a usage error: a bad option or scenario, a report folder clash, or a
            choice recording that cannot be read or does not fit the run
        70  an internal limit was reached, or a failure could not be shrunk
        74  the report, a store of --store sqlite or a --record-choices file could
            not be written
      """,
    version: GlanceVersion.string,
    subcommands: [Run.self, SweepCommand.self, MergeCommand.self, ExploreCommand.self, GenerateCommand.self, List.self],
    defaultSubcommand: Run.self)

  /// ArgumentParser's `main`, except that an error no command expected (anything but an
  /// `ExitCode` or one of ArgumentParser's) ends the run with one `Error:` line and exit 70,
  /// never with the exit 1 that means a broken invariant.
  static func main() {
    var command: any ParsableCommand
    do {
      command = try parseAsRoot()
    } catch {
      exit(withError: error)
    }
    do {
      try command.run()
    } catch {
      // ArgumentParser's own errors (help, usage) and the exit codes thrown on purpose keep
      // their codes; only what ArgumentParser would end with a bare exit 1 is internal.
      guard !(error is ExitCode), exitCode(for: error) == .failure else { exit(withError: error) }
      printError("internal: \(error)")
      exit(withError: ExitCode.internalFailure)
    }
  }
}

extension ExitCode {
  /// The exit code of a simulation that could not run: 74 for a failed store (the machine, not
  /// the request), 70 for an internal limit, 64 for a request that cannot be played.
  init(_ error: SimulationError) {
    switch error {
    case .storeFailed: self = .ioFailure
    case .eventLimitExceeded: self = .internalFailure
    default: self = .usage
    }
  }
}

/// The default subcommand: one run, its reports, its verdict.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Run a scenario and write its report (the default).")

  @OptionGroup var plan: ScenarioOptions

  // `.unconditional`: `--seed -5` is refused for its sign, not reported as a missing value.
  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp("The root seed, from 0 to 2^64-1; the scenario's `seed`, else drawn and printed.", valueName: "seed"),
    transform: ArgumentParsers.seed)
  var seed: UInt64?

  @Option(name: .long, help: ArgumentHelp("The folder the report folder is written into.", valueName: "dir"))
  var out: String = "Reports"

  @Option(
    name: .long,
    help: "Where the converged design keeps its stores: in memory, or on SQLite (GlanceStore, a temporary database per store and per run).")
  var store: StoreChoice = .memory

  @Flag(name: .long, help: "Print every violation's trace to standard output.")
  var trace = false

  @Flag(name: .long, help: "Run twice and compare the reports byte for byte.")
  var checkDeterminism = false

  @Flag(
    name: .long,
    help:
      "Shrink every violation, the legacy designs' too, to a small scenario in shrunk/ (failures of a strategy expected to converge are always shrunk)."
  )
  var shrink = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write every choice the run makes to this file (a choice recording, `glance-choices 1`).", valueName: "file"))
  var recordChoices: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Take every choice of the run from this recording (written by --record-choices) instead of drawing it.", valueName: "file"))
  var replayChoices: String?

  func validate() throws {
    if recordChoices != nil, replayChoices != nil {
      throw ValidationError("--record-choices and --replay-choices cannot be used together (got both).")
    }
  }

  func run() throws {
    let choices = try ChoiceFiles.mode(recording: recordChoices != nil, replaying: replayChoices)
    let loaded = try plan.load(seed: seed)
    let chosenSeed = seed ?? loaded.seed ?? Self.drawSeed()
    if seed == nil, loaded.seed == nil { print("seed: \(chosenSeed)") }
    // Before the run, so that an unwritable --out costs no simulated day.
    try OutputFolder.prepare(out)
    let request = SimulationRequest(
      scenario: loaded, days: plan.days(of: loaded), seed: chosenSeed, strategies: plan.strategies)
    var report = try Self.report(request, reference: plan.reference, store: store, choices: choices)
    if let recordChoices, let recording = report.outcome.choices {
      try ChoiceFiles.write(recording, to: recordChoices)
      print("choices: \(recordChoices)")
    }
    if checkDeterminism {
      let again = try Self.report(request, reference: plan.reference, store: store, choices: choices)
      guard report.markdown == again.markdown, try report.json() == again.json() else {
        print("determinism: MISMATCH between two runs of the same request")
        throw ExitCode.determinismMismatch
      }
      print("determinism: two runs gave byte-identical reports")
    }
    report.shrunk = try Self.shrinkFailures(of: report.outcome, all: shrink)
    let folder = try ReportFolders.write(report, into: out)
    print("report: \(folder)/report.md")
    for small in report.shrunk {
      print(
        "shrunk: \(small.strategy) (\(small.domain.rawValue)) \(small.invariant.rawValue): \(small.originalEventCount) → \(small.eventCount) event\(small.eventCount == 1 ? "" : "s"), \(small.request.days) day\(small.request.days == 1 ? "" : "s"): \(folder)/\(Report.shrunkFile(small))"
      )
    }
    for result in report.outcome.results {
      let failed = result.violations.map { "\($0.invariant.rawValue) ×\($0.occurrences)" }
      print("\(result.strategy) (\(result.domain.rawValue)): \(failed.isEmpty ? "all invariants hold" : failed.joined(separator: ", "))")
      if trace {
        for violation in result.violations {
          print("  \(violation.invariant.rawValue) first at \(violation.time): \(violation.detail)")
          for line in violation.trace { print("    \(line)") }
        }
      }
    }
    if report.outcome.failsExpectation {
      let failing = report.outcome.results.filter(\.failsExpectation).map(\.strategy)
      print("verdict: FAIL (\(failing.joined(separator: ", ")) expected to converge)")
      print("reproduce: \(report.replayCommand(strategy: failing.first))")
      throw ExitCode.invariantBroken
    }
    print("verdict: pass")
  }

  /// The violations to shrink: those of strategies expected to converge, or with `all` every
  /// one, each shrunk (in memory) from the outcome's request.
  static func shrinkFailures(of outcome: SimulationOutcome, all: Bool) throws(ExitCode) -> [ShrinkResult] {
    var shrunk: [ShrinkResult] = []
    for result in outcome.results where all || result.failsExpectation {
      guard let strategy = StrategyName(rawValue: result.strategy) else { continue }
      for violation in result.violations {
        do {
          shrunk.append(try Shrinker.shrink(outcome.request, strategy: strategy, domain: result.domain, invariant: violation.invariant))
        } catch {
          printError("shrinking \(result.strategy) \(violation.invariant.rawValue): \(error)")
          throw .internalFailure
        }
      }
    }
    return shrunk
  }

  /// Runs `request` with its stores in `store` (SQLite: a new temporary folder for this run,
  /// removed after it).
  static func report(
    _ request: SimulationRequest, reference: String, store: StoreChoice, choices: ChoiceMode = .random
  ) throws(ExitCode) -> Report {
    var stores: SQLiteStores? = nil
    if store == .sqlite {
      do {
        stores = try SQLiteStores()
      } catch {
        printError("--store sqlite: no folder for the databases: \(error)")
        throw .ioFailure
      }
    }
    defer { stores?.remove() }
    do throws(SimulationError) {
      let outcome: SimulationOutcome
      if let stores {
        outcome = try Simulation.run(request, store: stores.backend, choices: choices)
      } else {
        outcome = try Simulation.run(request, choices: choices)
      }
      return Report(outcome: outcome, scenarioReference: reference)
    } catch {
      printError("\(error)")
      throw ExitCode(error)
    }
  }

  /// The one nondeterministic step the simulator allows (CONTRIBUTING.md, The one nondeterministic step): a seed when none is given.
  static func drawSeed() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return generator.next() % 1_000_000
  }
}

/// `simulate list`: scenarios, strategies and invariants.
struct List: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "List the scenarios, strategies and invariants.")

  @Option(
    name: .long,
    help: ArgumentHelp("List the scenario files of this folder instead of the built-in scenarios.", valueName: "dir"))
  var scenarios: String?

  func validate() throws {
    if let scenarios { try ScenarioOptions.checkFolder(scenarios) }
  }

  func run() throws {
    if let scenarios {
      let names = ScenarioLoader.availableScenarios(in: scenarios)
      print("scenarios: \(names.isEmpty ? "none (\(scenarios) holds no <name>.yaml file)" : names.joined(separator: ", "))")
    } else {
      print("scenarios: \(ScenarioLoader.builtInNames.joined(separator: ", "))")
    }
    print("strategies: \(StrategyName.allCases.map(\.rawValue).joined(separator: ", "))")
    print("invariants: \(Invariant.allCases.map(\.rawValue).joined(separator: ", "))")
  }
}
