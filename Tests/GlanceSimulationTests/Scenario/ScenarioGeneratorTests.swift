import GlanceKernel
@testable import GlanceSimulation
import Testing

/// The generator draws scenarios the reader accepts, the same ones every time, from every
/// field's whole documented range.
@Suite("Scenario generator")
struct ScenarioGeneratorTests {
  static let seeds: ClosedRange<UInt64> = 1...1_500
  static let drawn = seeds.map(ScenarioGenerator.scenario(seed:))

  @Test("the same seed draws the same scenario; another seed, another")
  func deterministic() {
    for seed in UInt64(1)...40 { #expect(ScenarioGenerator.scenario(seed: seed) == Self.drawn[Int(seed) - 1]) }
    #expect(Set(Self.drawn).count == Self.drawn.count)
  }

  @Test("every drawn scenario is one the reader accepts, read back as drawn")
  func readable() throws {
    for scenario in Self.drawn.prefix(500) {
      let text = ScenarioWriter.yaml(scenario)
      #expect(try ScenarioLoader.load(yaml: text, source: scenario.name) == scenario, "\(text)")
    }
  }

  @Test("every drawn scenario plays: its itinerary is in time order")
  func playable() {
    for scenario in Self.drawn { #expect(ScenarioGenerator.isPlayable(scenario), "\(scenario.name)") }
  }

  @Test("the draws reach every field's documented extremes")
  func coversTheRanges() {
    let scenarios = Self.drawn
    func spans<T: Comparable>(_ values: [T], _ low: T, _ high: T, _ field: String) {
      #expect(values.min() == low, "\(field) reaches \(low)")
      #expect(values.max() == high, "\(field) reaches \(high)")
    }
    spans(scenarios.map(\.payDay), 1, 31, "payDay")
    spans(scenarios.map(\.refreshBudget), 40, 72, "refreshBudget")
    spans(scenarios.map(\.workload.wakeHour), 0, 23, "wakeHour")
    // A sleep hour of 1 needs a wake hour of 0 drawn with it (about one seed in 9 000).
    #expect(scenarios.map(\.workload.sleepHour).min()! <= 3 && scenarios.map(\.workload.sleepHour).max() == 24)
    #expect(scenarios.map(\.workload.appSessionsPerDay).max()! >= 95)
    #expect(scenarios.map(\.workload.tapsPerSession).max()! >= 45)
    #expect(scenarios.map(\.workload.widgetTapsPerDay).max()! >= 190)
    #expect(scenarios.map(\.workload.watchTapsPerDay).max()! >= 190)
    #expect(scenarios.map(\.faults.appKillsPerDay).max()! >= 95)
    #expect(scenarios.map(\.faults.watchOutOfRangePerDay).max()! >= 45)
    #expect(scenarios.map(\.faults.watchOutOfRangeMinutes.upperBound).max()! >= 1_400)
    #expect(scenarios.map(\.faults.lateFiringSecondsMax).max()! >= 3_500)
    #expect(scenarios.contains { $0.faults.duplicateDelivery.numerator == $0.faults.duplicateDelivery.denominator })
    let years = scenarios.map(\.start.year)
    spans(years, 1970, 2037, "start year")
    #expect(Set(scenarios.map(\.zone)).count >= 350, "zones from the whole tz database")
    #expect(scenarios.contains { !$0.travel.isEmpty } && scenarios.contains { $0.storeMove?.copyFails == true })
    #expect(Set(scenarios.map(\.domains)).count == 7, "every non-empty set of domains")
    for scenario in scenarios {
      #expect(scenario.workload.wakeHour < scenario.workload.sleepHour)
      #expect(scenario.storeMove == nil || scenario.domains.contains(.steps))
      #expect(ScenarioGenerator.startDates.contains(scenario.start) || scenario.start.year == 2038)
    }
  }

  @Test("a wake hour after a short day's end plays (Asunción's 23-hour 1993-10-01, waking at 23)")
  func wakeHourBeyondAShortDay() throws {
    var scenario = Scenario(
      name: "short-day", zone: "America/Asuncion", start: try CivilDate(year: 1993, month: 10, day: 1), domains: [.tally])
    scenario.workload.wakeHour = 23
    scenario.workload.sleepHour = 24
    let calendar = try ZoneCalendar(identifier: scenario.zone)
    let day = try #require(calendar.dayInterval(of: scenario.start))
    #expect(day.start.distance(to: day.end) == 23 * Instant.millisecondsPerHour, "the premise: a 23-hour day")
    let outcome = try Simulation.run(SimulationRequest(scenario: scenario, days: 2, seed: 47, strategies: [.converged]))
    #expect(outcome.results.allSatisfy { $0.events > 0 })
  }
}

@Suite("Generated sweep")
struct GeneratedSweepTests {
  @Test("each seed of a generated sweep plays its own scenario, and the manifest says so")
  func eachSeedItsOwnScenario() throws {
    let request = SweepRequest.generated(days: 1, seeds: 5...7, strategies: [.converged])
    for seed in request.shardSeeds {
      #expect(request.simulation(seed: seed).scenario == ScenarioGenerator.scenario(seed: seed))
    }
    let manifest = SweepManifest(request, lines: 0)
    #expect(manifest.scenario == "generated" && manifest.scenarioReference == "generated")
    let lines = try Sweep.run(request)
    #expect(lines.map(\.seed) == lines.map(\.seed).sorted() && Set(lines.map(\.seed)) == [5, 6, 7])
  }
}
