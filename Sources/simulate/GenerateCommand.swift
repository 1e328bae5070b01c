import ArgumentParser
import Foundation
import GlanceSimulation

/// `simulate generate`: the scenario the generator draws from a seed, as a scenario file.
struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write the scenario ScenarioGenerator draws from a seed.",
    discussion: """
      Example:
        simulate generate --seed 47 --out generated-47.yaml
      writes the scenario `simulate --scenario generated --seed 47` and the seed's line of `simulate sweep --scenario generated` play; `simulate --scenario generated-47.yaml` replays it. Without --out the scenario is printed.

      Exit codes:
        0   written
        64  a usage error
        74  the file could not be written
      """)

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp("The seed the scenario is drawn from, 0 to 2^64-1.", valueName: "seed"),
    transform: ArgumentParsers.seed)
  var seed: UInt64

  @Option(name: .long, help: ArgumentHelp("The file to write; standard output by default.", valueName: "path"))
  var out: String?

  func run() throws {
    let scenario = ScenarioGenerator.scenario(seed: seed)
    let text = ScenarioWriter.yaml(scenario, header: ["Drawn by `simulate generate --seed \(seed)`."])
    guard let out else {
      print(text, terminator: "")
      return
    }
    do {
      try text.write(toFile: out, atomically: true, encoding: .utf8)
    } catch {
      printError("cannot write \(out): \(OutputFolder.reason(of: error))")
      throw ExitCode.ioFailure
    }
    print("scenario: \(out)")
  }
}
