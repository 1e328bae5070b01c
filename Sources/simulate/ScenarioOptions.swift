import ArgumentParser
import Foundation
import GlanceSimulation

/// What `run` and `sweep` share: which scenario, for how many days, with which strategies.
struct ScenarioOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("Simulated days, from 1 to 3650; the scenario's `days`, else 30.", valueName: "days"))
  var days: Int?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A scenario name in Simulations/, a path to a .yaml file, or `generated` (the scenario ScenarioGenerator draws from the seed).",
      valueName: "name|path"))
  var scenario: String = "default"

  @Option(name: .long, help: ArgumentHelp("The folder holding the scenario files.", valueName: "dir"))
  var scenarios: String = "Simulations"

  @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A strategy to run (repeatable); all by default.", valueName: "name"))
  var strategy: [String] = []

  func validate() throws {
    if let days, !Simulation.daysRange.contains(days) {
      throw ValidationError("--days must be between 1 and 3650 (got \(days)).")
    }
    for name in strategy where StrategyName(rawValue: name) == nil {
      let known = StrategyName.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("--strategy \(name) is unknown; expected one of: \(known).")
    }
  }

  /// Whether `--scenario generated` asks for the generator's scenario of each seed.
  var isGenerated: Bool { scenario == ScenarioGenerator.reference }

  /// The scenario `--scenario` names: a path ending in `.yaml`, a name in `--scenarios`, or the
  /// generated scenario of `seed`. Exits 64 with the loader's message when it cannot be loaded.
  func load(seed: UInt64? = nil) throws -> Scenario {
    if isGenerated {
      guard let seed else {
        FileHandle.standardError.write(Data("Error: --scenario generated needs --seed (each seed draws its own scenario).\n".utf8))
        throw ExitCode(64)
      }
      return ScenarioGenerator.scenario(seed: seed)
    }
    do {
      return scenario.hasSuffix(".yaml")
        ? try ScenarioLoader.load(fileAt: scenario)
        : try ScenarioLoader.builtIn(named: scenario, in: scenarios)
    } catch {
      FileHandle.standardError.write(Data("Error: --scenario \(scenario): \(error)\n".utf8))
      throw ExitCode(64)
    }
  }

  /// `--days`, else the scenario's own, else ``Simulation/defaultDays``.
  func days(of loaded: Scenario) -> Int { days ?? loaded.days ?? Simulation.defaultDays }

  /// The strategies `--strategy` names (checked by `validate`), or all of them.
  var strategies: [StrategyName] {
    strategy.isEmpty ? StrategyName.allCases : strategy.compactMap(StrategyName.init(rawValue:))
  }
}
