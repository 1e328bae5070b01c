// small-tally-sweep: both SmallTally variants over a range of seeds, on several jobs. Sweep in
// release: `swift run -c release small-tally-sweep --scenario generated --seeds 1...100 --jobs 4`
// (a debug build runs the same seeds many times slower).
import CustomDesign
import Foundation
import GlanceSimulation

let usage = """
  usage: small-tally-sweep [--scenario <name|file.yaml|generated>] [--seeds <A...B>] [--days <n>] [--jobs <n>]
    --scenario  a scenario built into Glance (\(ScenarioLoader.builtInNames.joined(separator: ", "))),
                a scenario file of yours (a path ending in .yaml), or `generated` (each seed its own); default
    --seeds     the seeds, A...B or one seed; 1...20
    --days      simulated days per seed; 7
    --jobs      seeds run at once; the machine's active cores
  """

/// The command line, or why it is not one (the message names the option and the value).
struct Options {
  var scenario = "default"
  var seeds: ClosedRange<UInt64> = 1...20
  var days = 7
  var jobs = ProcessInfo.processInfo.activeProcessorCount

  init(_ arguments: [String]) throws(OptionError) {
    var rest = arguments[...]
    while let option = rest.popFirst() {
      guard let value = rest.popFirst() else { throw OptionError("\(option) needs a value") }
      switch option {
      case "--scenario": scenario = value
      case "--seeds":
        do { seeds = try SeedRange.parse(value) } catch { throw OptionError("--seeds: \(error)") }
      case "--days":
        guard let number = Int(value), Simulation.daysRange.contains(number) else {
          throw OptionError("--days must be a whole number from 1 to 3650 (got \(value))")
        }
        days = number
      case "--jobs":
        guard let number = Int(value), (1...Sweep.jobsMax).contains(number) else {
          throw OptionError("--jobs must be a whole number from 1 to \(Sweep.jobsMax) (got \(value))")
        }
        jobs = number
      default: throw OptionError("unknown option \(option)")
      }
    }
  }

  /// The sweep the options ask for: a built-in scenario by name, a file of yours by path.
  func request() throws(ScenarioError) -> SweepRequest {
    if scenario == ScenarioGenerator.reference { return .generated(days: days, seeds: seeds) }
    let loaded =
      scenario.hasSuffix(".yaml") ? try ScenarioLoader.load(fileAt: scenario) : try ScenarioLoader.builtIn(named: scenario)
    return SweepRequest(scenario: loaded, scenarioReference: scenario, days: days, seeds: seeds)
  }
}

struct OptionError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Sweeps one variant and prints its verdict; returns whether every seed converged.
func sweep<Design: SyncDesign & SendableMetatype>(
  _ design: Design.Type, _ request: SweepRequest, jobs: Int
) throws(SimulationError) -> Bool {
  let clock = ContinuousClock()
  let started = clock.now
  let lines = try Sweep.run(design: design, request: request, jobs: jobs)
  let elapsed = started.duration(to: clock.now).components
  let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
  let failing = lines.filter { !$0.converged }
  let first = failing.prefix(5).map { "\($0.seed) (\($0.violations.map(\.invariant).joined(separator: ", ")))" }
  print(
    "\(Design.name): \(lines.count - failing.count) of \(lines.count) seeds converged in \(String(format: "%.1f", seconds)) s"
      + (first.isEmpty ? "" : "; first failing seeds: \(first.joined(separator: "; "))"))
  return failing.isEmpty
}

do {
  let options = try Options(Array(CommandLine.arguments.dropFirst()))
  let request = try options.request()
  print("\(request.scenarioReference), seeds \(SeedRange.text(request.seeds)), \(request.days) days, \(options.jobs) jobs")
  _ = try sweep(SmallTally<LatestWins>.self, request, jobs: options.jobs)
  // The fix is expected to converge on every seed: the exit status says whether it did.
  exit(try sweep(SmallTally<Queued>.self, request, jobs: options.jobs) ? 0 : 1)
} catch let error as OptionError {
  FileHandle.standardError.write(Data("small-tally-sweep: \(error)\n\(usage)\n".utf8))
  exit(64)
} catch {
  FileHandle.standardError.write(Data("small-tally-sweep: \(error)\n".utf8))
  exit(64)
}
