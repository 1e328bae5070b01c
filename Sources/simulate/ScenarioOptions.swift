import ArgumentParser
import Foundation
import GlanceSimulation

/// What `run` and `sweep` share: which scenario, for how many days, with which strategies.
struct ScenarioOptions: ParsableArguments {
  // `.unconditional`: `--days -5` reaches `validate`, which says what is wrong with it.
  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp("Simulated days, from 1 to 3650; the scenario's `days`, else 30.", valueName: "days"))
  var days: Int?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A built-in scenario (`simulate list` names them), a path to a .yaml file, or `generated` (the scenario ScenarioGenerator draws from the seed).",
      valueName: "name|path"))
  var scenario: String = "default"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Read the scenario named by --scenario from this folder's <name>.yaml instead of the scenarios built into simulate.",
      valueName: "dir"))
  var scenarios: String?

  @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A strategy to run (repeatable); all by default."))
  var strategy: [StrategyName] = []

  func validate() throws {
    if let days, !Simulation.daysRange.contains(days) {
      throw ValidationError("--days must be between 1 and 3650 (got \(days)).")
    }
    if let scenarios { try Self.checkFolder(scenarios) }
  }

  /// Throws a usage error unless `folder` (`--scenarios`) is a folder.
  static func checkFolder(_ folder: String) throws(ValidationError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      throw ValidationError("--scenarios \(folder): no such folder.")
    }
    guard isDirectory.boolValue else { throw ValidationError("--scenarios \(folder): not a folder.") }
  }

  /// Whether `--scenario generated` asks for the generator's scenario of each seed.
  var isGenerated: Bool { scenario == ScenarioGenerator.reference }

  /// How reports and replay commands name the scenario: `--scenario` as given, or the file's path
  /// when `--scenarios` points at a folder (so that the replay command needs no `--scenarios`).
  var reference: String {
    guard let scenarios, !isGenerated, !scenario.hasSuffix(".yaml") else { return scenario }
    return (scenarios as NSString).appendingPathComponent(scenario + ".yaml")
  }

  /// The scenario `--scenario` names: a path ending in `.yaml`, a name in `--scenarios` or among
  /// the built-in scenarios, or the generated scenario of `seed`. Exits 64 with the loader's
  /// message when it cannot be loaded.
  func load(seed: UInt64? = nil) throws(ExitCode) -> Scenario {
    if isGenerated {
      guard let seed else {
        printError("--scenario generated needs --seed (each seed draws its own scenario).")
        throw .usage
      }
      return ScenarioGenerator.scenario(seed: seed)
    }
    do throws(ScenarioError) {
      if scenario.hasSuffix(".yaml") { return try ScenarioLoader.load(fileAt: scenario) }
      guard let scenarios else { return try ScenarioLoader.builtIn(named: scenario) }
      return try ScenarioLoader.builtIn(named: scenario, in: scenarios)
    } catch {
      printError("--scenario \(scenario): \(error)")
      throw .usage
    }
  }

  /// `--days`, else the scenario's own, else ``Simulation/defaultDays``.
  func days(of loaded: Scenario) -> Int { days ?? loaded.days ?? Simulation.defaultDays }

  /// The strategies `--strategy` names, or all of them.
  var strategies: [StrategyName] { strategy.isEmpty ? StrategyName.allCases : strategy }
}
