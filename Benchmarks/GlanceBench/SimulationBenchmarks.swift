// The simulator: the default scenario (30 days, seed 42, every strategy) and the same for 365
// days, wall time, simulated events per second and the process's peak memory.

import Foundation
import GlanceKernel
import GlanceSimulation

#if canImport(Glibc)
  import Glibc
#endif

struct SimulationBenchmarks {
  let repetitions: Int
  let selected: (String) -> Bool

  func run(into table: inout ResultTable) {
    guard selected("simulation") else { return }
    let scenario: Scenario
    do {
      scenario = try ScenarioLoader.builtIn(named: "default", in: "Simulations")
    } catch {
      print("simulation benchmark skipped: \(error)")
      return
    }
    var rows: [(String, Double)] = []
    var notes: [String] = []
    for days in [30, 365] {
      var events = 0
      let nanosecondsPerRun = measure(operations: 1, repetitions: repetitions) {
        do {
          let outcome = try Simulation.run(SimulationRequest(scenario: scenario, days: days, seed: 42))
          events = outcome.results.reduce(0) { $0 + $1.events }
        } catch {
          check(false, "simulation failed: \(error)")
        }
      }
      let milliseconds = nanosecondsPerRun / 1e6
      // One operation is one whole run: the table's ns/op column holds its nanoseconds.
      rows.append(("\(days) days, every strategy (one run)", nanosecondsPerRun))
      notes.append(
        "\(days) days: \(Int(milliseconds.rounded())) ms, \(events) events, \(Int((Double(events) / (nanosecondsPerRun / 1e9)).rounded())) events/s"
      )
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    notes.append("peak memory of the benchmark process \(usage.ru_maxrss / 1024) MB")
    notes.append("365 days take \(String(format: "%.1f", rows[1].1 / rows[0].1))× the 30-day time")
    table.add("simulate, default scenario, seed 42", note: notes.joined(separator: "; "), rows)
  }
}
