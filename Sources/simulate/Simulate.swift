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

      A failure of a strategy expected to converge is shrunk to a small scenario file in the
      report's shrunk/ folder, which the report links and `simulate --scenario <file>` replays
      (--shrink shrinks the legacy designs' failures too).

      Exit codes: 0 every strategy expected to converge did; 1 one of them violated an invariant;
      2 --check-determinism found two runs that differ; 64 a usage error; 70 a failure could not
      be shrunk; 74 a store of --store sqlite could not be created or failed.
      """,
    version: GlanceVersion.string,
    subcommands: [Run.self, SweepCommand.self, MergeCommand.self, GenerateCommand.self, List.self],
    defaultSubcommand: Run.self)
}

/// The default subcommand: one run, its reports, its verdict.
struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Run a scenario and write its report (the default).")

  @OptionGroup var plan: ScenarioOptions

  @Option(name: .long, help: ArgumentHelp("The root seed; the scenario's `seed`, else drawn and printed.", valueName: "seed"))
  var seed: UInt64?

  @Option(name: .long, help: ArgumentHelp("The folder the report folder is written into.", valueName: "dir"))
  var out: String = "Reports"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Where the converged design keeps its stores: memory, or sqlite (GlanceStore, a temporary database per store and per run).",
      valueName: "memory|sqlite"))
  var store: String = StoreChoice.memory.rawValue

  @Flag(name: .long, help: "Print every violation's trace to standard output.")
  var trace = false

  @Flag(name: .long, help: "Run twice and compare the reports byte for byte.")
  var checkDeterminism = false

  @Flag(
    name: .long,
    help: "Shrink every violation, the legacy designs' too, to a small scenario in shrunk/ (failures of a strategy expected to converge are always shrunk).")
  var shrink = false

  func validate() throws {
    guard StoreChoice(rawValue: store) != nil else {
      let known = StoreChoice.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("--store \(store) is unknown; expected one of: \(known).")
    }
  }

  func run() throws {
    let loaded = try plan.load(seed: seed)
    let chosenSeed = seed ?? loaded.seed ?? Self.drawSeed()
    if seed == nil, loaded.seed == nil { print("seed: \(chosenSeed)") }
    let request = SimulationRequest(
      scenario: loaded, days: plan.days(of: loaded), seed: chosenSeed, strategies: plan.strategies)
    let choice = StoreChoice(rawValue: store) ?? .memory
    var report = try Self.report(request, reference: plan.scenario, store: choice)
    if checkDeterminism {
      let again = try Self.report(request, reference: plan.scenario, store: choice)
      guard report.markdown == again.markdown, try report.json() == again.json() else {
        print("determinism: MISMATCH between two runs of the same request")
        throw ExitCode(2)
      }
      print("determinism: two runs gave byte-identical reports")
    }
    report.shrunk = try Self.shrinkFailures(of: report.outcome, all: shrink)
    let folder = try report.write(into: out)
    print("report: \(folder)/report.md")
    for small in report.shrunk {
      print("shrunk: \(small.strategy) (\(small.domain.rawValue)) \(small.invariant.rawValue): \(small.originalEventCount) → \(small.eventCount) event\(small.eventCount == 1 ? "" : "s"), \(small.request.days) day\(small.request.days == 1 ? "" : "s"): \(folder)/\(Report.shrunkFile(small))")
    }
    for result in report.outcome.results {
      let failed = result.violations.map { "\($0.invariant.rawValue) ×\($0.occurrences)" }
      print("\(result.strategy): \(failed.isEmpty ? "all invariants hold" : failed.joined(separator: ", "))")
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
      throw ExitCode(1)
    }
    print("verdict: pass")
  }

  /// The violations to shrink: those of strategies expected to converge, or with `all` every
  /// one, each shrunk (in memory) from the outcome's request.
  static func shrinkFailures(of outcome: SimulationOutcome, all: Bool) throws -> [ShrinkResult] {
    var shrunk: [ShrinkResult] = []
    for result in outcome.results where all || result.failsExpectation {
      guard let strategy = StrategyName(rawValue: result.strategy) else { continue }
      for violation in result.violations {
        do {
          shrunk.append(try Shrinker.shrink(outcome.request, strategy: strategy, domain: result.domain, invariant: violation.invariant))
        } catch {
          FileHandle.standardError.write(Data("Error: shrinking \(result.strategy) \(violation.invariant.rawValue): \(error)\n".utf8))
          throw ExitCode(70)
        }
      }
    }
    return shrunk
  }

  /// Runs `request` with its stores in `store` (SQLite: a new temporary folder for this run,
  /// removed after it).
  static func report(_ request: SimulationRequest, reference: String, store: StoreChoice) throws -> Report {
    do {
      switch store {
      case .memory:
        return Report(outcome: try Simulation.run(request), scenarioReference: reference)
      case .sqlite:
        let stores: SQLiteStores
        do {
          stores = try SQLiteStores()
        } catch {
          FileHandle.standardError.write(Data("Error: --store sqlite: no folder for the databases: \(error)\n".utf8))
          throw ExitCode(74)
        }
        defer { stores.remove() }
        return Report(outcome: try Simulation.run(request, store: stores.backend), scenarioReference: reference)
      }
    } catch let error as SimulationError {
      FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
      if case .storeFailed = error { throw ExitCode(74) }  // the machine, not the request
      throw ExitCode(64)
    }
  }

  /// The one nondeterministic step the simulator allows (STYLE §30): a seed when none is given.
  static func drawSeed() -> UInt64 {
    var generator = SystemRandomNumberGenerator()
    return generator.next() % 1_000_000
  }
}

/// `simulate list`: scenarios, strategies and invariants.
struct List: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "List the scenarios, strategies and invariants.")

  @Option(name: .long, help: ArgumentHelp("The folder holding the scenario files.", valueName: "dir"))
  var scenarios: String = "Simulations"

  func run() throws {
    print("scenarios: \(ScenarioLoader.availableScenarios(in: scenarios).joined(separator: ", "))")
    print("strategies: \(StrategyName.allCases.map(\.rawValue).joined(separator: ", "))")
    print("invariants: \(Invariant.allCases.map(\.rawValue).joined(separator: ", "))")
  }
}
