import ArgumentParser
import Foundation
import GlanceSimulation

/// `simulate explore`: every schedule of a small world, for each domain asked.
struct ExploreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explore",
    abstract: "Play every schedule of a small world around one day boundary, and say whether every invariant held.",
    discussion: """
      Example:
        simulate explore --moves 3
      plays the converged design in each domain of the default scenario through every schedule of 3 moves around the first midnight after its start: where midnight falls among the moves, which moves, at most one fault, and every class of every choice the world makes (DocC: Exploring small worlds).

      Counterexample: --counterexample-out DIR writes the first schedule that broke an invariant as a scenario (its moves and fault as a script, the run twenty minutes on each side of the boundary) and its choice recording; the command printed replays it with simulate run.

      Shards: --shard K/N plays the plans p with p mod N = K - 1, as a sweep stripes its seeds; the shards' figures add up to the whole. With --out DIR each domain's exploration is written to DIR/explore-<scenario>-<strategy>-<domain>-moves<N> (with -shardKofN for a shard): shard.json (the binary, scenario, strategy, domain, moves, shard and options), figures.json and report.md. `simulate merge` of the N shard folders writes, byte for byte, the folder of the exploration run whole (when no shard stopped early: without --max-schedules or --first-violation), and refuses, with exit 65, shards missing, given twice, or of another exploration; Scripts/slurm/sweep.sbatch runs the shards as a Slurm array.

      Exit codes:
        0   every schedule kept every invariant (or, for a legacy design, the exploration ran)
        1   a design expected to converge broke an invariant in some schedule
        64  a usage error: a bad option or scenario, or an exploration folder clash
        70  a schedule could not run
        74  the exploration's folder or the counterexample could not be written
      """)

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A built-in scenario or a path to a .yaml file: the zone, the date whose end is the boundary, the budget and the rates of the faults drawn as the world plays.",
      valueName: "name|path"))
  var scenario: String = "default"

  @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A domain to explore (repeatable); the scenario's by default."))
  var domain: [String] = []

  @Option(name: .long, help: ArgumentHelp("The strategy whose designs are explored.", valueName: "strategy"))
  var strategy: StrategyName = .converged

  @Option(
    name: .long, parsing: .unconditional, help: ArgumentHelp("Moves of the person, from 1 to \(SmallWorld.movesMax).", valueName: "n"))
  var moves: Int = 2

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "The most faults drawn as the world plays (late reloads, duplicated transfers, failed messages, lost replies) one schedule holds; `all` for no bound.",
      valueName: "n|all"))
  var drawnFaults: String = "\(SmallWorld.drawnFaultsDefault)"

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "How the person uses the app: one session across the moves, or the app left half a second after each move in it (it goes to the background between moves).",
      valueName: "sessions"))
  var sessions: SmallWorldSessions = .oneSession

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp("Explore shard K of N (1-based); the whole tree, 1/1, by default.", valueName: "K/N"),
    transform: ArgumentParsers.shard)
  var shard: SweepShard = .whole

  @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Shards played at once (threads), from 1 to 256.", valueName: "n"))
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @Flag(name: .long, help: "Stop at the first schedule that breaks an invariant.")
  var firstViolation = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write the first counterexample into this folder, as a scenario and its choice recording that `simulate --scenario <file> --replay-choices <file>` replays.",
      valueName: "dir"))
  var counterexampleOut: String?

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp("Stop each shard's exploration after this many schedules (the figures then say it is incomplete).", valueName: "n"))
  var maxSchedules: Int?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The folder each domain's exploration folder (shard.json, figures.json, report.md) is written into; none by default.",
      valueName: "dir"))
  var out: String?

  func validate() throws {
    guard (1...SmallWorld.movesMax).contains(moves) else {
      throw ValidationError("--moves must be between 1 and \(SmallWorld.movesMax) (got \(moves)).")
    }
    guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 256 (got \(jobs)).") }
    if let maxSchedules, maxSchedules < 1 { throw ValidationError("--max-schedules must be 1 or more (got \(maxSchedules)).") }
    _ = try drawnFaultBound()
  }

  /// `at most 1 drawn fault`, `at most 2 drawn faults`, `any drawn faults`.
  static func describe(drawnFaults bound: Int?) -> String {
    guard let bound else { return "any drawn faults" }
    return "at most \(bound) drawn fault\(bound == 1 ? "" : "s")"
  }

  /// The bound of `--drawn-faults`: a count, or `nil` for `all`.
  func drawnFaultBound() throws(ValidationError) -> Int? {
    if drawnFaults == "all" { return nil }
    guard let bound = Int(drawnFaults), bound >= 0 else {
      throw ValidationError("--drawn-faults must be a count of 0 or more, or `all` (got \(drawnFaults)).")
    }
    return bound
  }

  func run() throws {
    let loaded: Scenario
    do throws(ScenarioError) {
      loaded = scenario.hasSuffix(".yaml") ? try ScenarioLoader.load(fileAt: scenario) : try ScenarioLoader.builtIn(named: scenario)
    } catch {
      printError("--scenario \(scenario): \(error)")
      throw ExitCode.usage
    }
    var domains: [Domain] = []
    for name in domain {
      guard let parsed = Domain(rawValue: name) else {
        printError("--domain \(name): not a domain (tally, steps, budget)")
        throw ExitCode.usage
      }
      domains.append(parsed)
    }
    if domains.isEmpty { domains = loaded.domains.filter(strategy.domains.contains) }
    if let missing = domains.first(where: { !strategy.domains.contains($0) }) {
      printError(
        "--domain \(missing.rawValue): \(strategy.rawValue) has no design there (it plays \(strategy.domains.map(\.rawValue).joined(separator: ", ")))"
      )
      throw ExitCode.usage
    }
    if domains.isEmpty {
      printError("--scenario \(scenario): it plays none of \(strategy.rawValue)'s domains")
      throw ExitCode.usage
    }
    let bound = try drawnFaultBound()
    if let out { try OutputFolder.prepare(out) }
    var failed = false
    for domain in domains {
      let world: SmallWorld
      do throws(SmallWorldError) {
        world = try SmallWorld(scenario: loaded, domain: domain, moves: moves, drawnFaults: bound, sessions: sessions)
      } catch {
        printError("\(error)")
        throw ExitCode.usage
      }
      let clock = ContinuousClock()
      let started = clock.now
      let parts = try ExploreJobs.run(jobs: jobs, shard: shard) { part throws(SimulationError) in
        try Explorer.explore(
          strategy: strategy, in: world, shard: part, firstViolation: firstViolation, scheduleLimit: maxSchedules)
      }
      let elapsed = started.duration(to: clock.now)
      guard let figures = ExplorationFigures.merged(parts) else { continue }
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      print(
        "\(figures.design) (\(domain.rawValue)), \(moves) moves, \(Self.describe(drawnFaults: figures.drawnFaults)), "
          + (sessions == .oneSession ? "" : "the app left after each move, ")
          + "shard \(shard): \(figures.plans) plans, \(figures.schedules) schedules, "
          + "\(figures.choicePoints) choice points, \(figures.statesPhrase)"
          + "\(figures.complete ? "" : " (stopped at --max-schedules: incomplete)"), "
          + String(format: "%.1f s", seconds))
      let possible = FaultCoverage.possibleCells.count
      print("  fault coverage: \(figures.coverage.count) of \(possible) cells reached")
      let unreached = figures.coverage.unreached
      if !unreached.isEmpty {
        print("  never reached: " + unreached.map(\.description).joined(separator: ", "))
      }
      if let out {
        let options = ExplorationOptions(firstViolation: firstViolation, maxSchedules: maxSchedules)
        let manifest = ExplorationManifest(world: world, scenarioReference: scenario, strategy: strategy, shard: shard, options: options)
        try ExploreFolders.write(manifest, figures: figures, into: out)
      }
      if let (plan, violation) = figures.counterexample {
        failed = failed || figures.failsExpectation
        print(
          "  violated in \(figures.violatingPlansPhrase); first at plan \(plan), schedule \(violation.schedule) (\(figures.schedulesUntilCounterexample ?? 0) schedules in):"
        )
        for line in violation.violations { print("    \(line.invariant.rawValue): \(line.detail)") }
        for action in violation.script.actions { print("    \(action.at) \(action.kind.name)") }
        if let counterexampleOut { try write(violation, moves: moves, into: counterexampleOut) }
      } else {
        print(figures.complete ? "  every invariant held" : "  every invariant held in the schedules played")
      }
    }
    if failed { throw ExitCode.invariantBroken }
  }

  /// Writes `violation` as `<scenario>-<strategy>-<domain>-moves<N>.yaml` and `.choices` into
  /// `folder`, and prints the command that replays it.
  ///
  /// - Throws: ``ExitCode/ioFailure`` (74), after one `Error:` line, when they cannot be written.
  private func write(_ violation: ExploredViolation, moves: Int, into folder: String) throws(ExitCode) {
    try OutputFolder.prepare(folder, option: "counterexample-out")
    let domain = violation.scenario.domains.map(\.rawValue).joined(separator: "-")
    let stem = (folder as NSString).appendingPathComponent("\(violation.scenario.name)-\(strategy.rawValue)-\(domain)-moves\(moves)")
    let header = [
      "Explored by `simulate explore --scenario \(scenario) --strategy \(strategy.rawValue) --domain \(domain) --moves \(moves)`."
    ]
    do {
      try ScenarioWriter.yaml(violation.scenario, header: header).write(toFile: stem + ".yaml", atomically: true, encoding: .utf8)
    } catch {
      printError("--counterexample-out \(folder): cannot write \(stem).yaml (\(error.localizedDescription))")
      throw .ioFailure
    }
    try ChoiceFiles.write(violation.recording, to: stem + ".choices", option: "counterexample-out")
    print("  replay: simulate --scenario \(stem).yaml --strategy \(strategy.rawValue) --replay-choices \(stem).choices")
  }
}
