import Foundation
@testable import GlanceSimulation
import Testing

/// What a random sweep needs to find each planted bug and each legacy design's failure: the
/// "sampled" column of the evidence table in the DocC article *Exploring small worlds*, beside
/// what exploration needs (``ExplorationEvidenceTests``).
///
/// The measurement is opt-in (`GLANCE_SAMPLED_EVIDENCE=1`): a design no seed finds plays up to
/// ten thousand 30-day runs (about 0.7 s each in a debug build: two hours), so `make test` runs
/// only the harness's own checks. With the build `make test` makes:
///
/// ```
/// GLANCE_SAMPLED_EVIDENCE=1 swift test --skip-build --traits GMP,InternalChecks \
///   -Xswiftc -warnings-as-errors --filter SampledEvidenceTests
/// ```
///
/// (A release build of the tests needs `swift test -c release`, which compiles the modules for
/// testable imports; `swift build -c release --build-tests` does not.)
///
/// `GLANCE_SAMPLED_LIMIT` (10,000 by default) and `GLANCE_SAMPLED_DAYS` (30, as shipped sweeps
/// run) change the budget; `GLANCE_SAMPLED_DESIGNS` (names, comma-separated) measures only those,
/// and `GLANCE_SAMPLED_SCENARIO` sweeps another built-in scenario than each row's.
@Suite("Sampled evidence", .serialized)
struct SampledEvidenceTests {
  // MARK: The search

  /// Where a sweep of seeds 1, 2, 3, … first broke an invariant.
  enum Outcome: Equatable {
    /// The first seed at which the design broke an invariant, and the invariants it broke there.
    case found(seed: UInt64, invariants: [String])
    /// No seed up to `limit` broke any.
    case notFound(limit: UInt64)

    /// How the article's table and the measurement's output say it.
    var text: String {
      switch self {
      case .found(let seed, let invariants): "first failing seed \(seed) (\(invariants.joined(separator: ", ")))"
      case .notFound(let limit): "not in \(limit)"
      }
    }
  }

  /// Plays seeds 1, 2, 3, … up to `limit`, in order, and stops at the first whose run breaks an
  /// invariant: `broken(seed)` is the invariants that seed's run broke (none when it held them
  /// all).
  static func firstFailing(limit: UInt64, broken: (UInt64) throws -> [String]) rethrows -> Outcome {
    precondition(limit >= 1, "a sweep of no seeds")
    for seed in 1...limit {
      let invariants = try broken(seed)
      if !invariants.isEmpty { return .found(seed: seed, invariants: invariants) }
    }
    return .notFound(limit: limit)
  }

  /// The invariants a sweep's line says were broken, each once, sorted.
  static func invariants(of line: SweepLine) -> [String] {
    Array(Set(line.violations.map(\.invariant))).sorted()
  }

  /// The request of a sweep of `scenario` (a built-in scenario) for `days`, seeds `1...limit`.
  static func request(
    _ scenario: String, days: Int, limit: UInt64, strategies: [StrategyName] = StrategyName.allCases
  ) throws -> SweepRequest {
    SweepRequest(
      scenario: try ScenarioLoader.builtIn(named: scenario), scenarioReference: scenario, days: days, seeds: 1...limit,
      strategies: strategies)
  }

  /// The first failing seed of a design of the test target (a mutant): each seed is the line
  /// `Sweep.run(design:request:)` gives it, in memory, at verdicts detail.
  static func firstFailing<Design: SyncDesign>(
    _ design: Design.Type, scenario: String, days: Int, limit: UInt64
  ) throws -> Outcome {
    let request = try request(scenario, days: days, limit: limit)
    return try firstFailing(limit: limit) { seed in invariants(of: try Sweep.line(of: Design.self, request, seed: seed)) }
  }

  /// The first failing seed of a built-in strategy: each seed is its line of
  /// `simulate sweep --strategy <strategy>`.
  static func firstFailing(_ strategy: StrategyName, scenario: String, days: Int, limit: UInt64) throws -> Outcome {
    let request = try request(scenario, days: days, limit: limit, strategies: [strategy])
    return try firstFailing(limit: limit) { seed in
      let line = try #require(try Sweep.lines(request, seed: seed).first { $0.strategy == strategy.rawValue })
      return invariants(of: line)
    }
  }

  // MARK: The harness's own checks (always run)

  @Test("the search plays seeds from 1 in order and stops at the first that breaks an invariant")
  func stopsAtTheFirstFailure() {
    var played: [UInt64] = []
    let outcome = Self.firstFailing(limit: 10) { seed in
      played.append(seed)
      return seed >= 5 ? ["rollover"] : []
    }
    #expect(outcome == .found(seed: 5, invariants: ["rollover"]))
    #expect(played == [1, 2, 3, 4, 5])
    #expect(outcome.text == "first failing seed 5 (rollover)")
  }

  @Test("a search that finds nothing plays every seed up to its limit and says so")
  func notFoundPlaysEverySeed() {
    var played: [UInt64] = []
    let outcome = Self.firstFailing(limit: 4) { seed in
      played.append(seed)
      return []
    }
    #expect(outcome == .notFound(limit: 4))
    #expect(played == [1, 2, 3, 4])
    #expect(outcome.text == "not in 4")
  }

  /// A store that keeps its newest row twice double-counts as soon as it holds a row, and the
  /// default scenario's workload taps on the phone every day (five sessions of two taps), so
  /// seed 1's run is caught.
  @Test("a mutant that breaks its invariant on every run is found at seed 1")
  func mutantFoundAtSeedOne() throws {
    let outcome = try Self.firstFailing(MutantsTests.KeepsACopy.self, scenario: "default", days: 2, limit: 3)
    guard case .found(let seed, let invariants) = outcome else {
      Issue.record("keeps-a-copy not found: \(outcome.text)")
      return
    }
    #expect(seed == 1)
    #expect(invariants.contains(Invariant.noDoubleCount.rawValue), "\(invariants)")
  }

  @Test("the converged designs are not found: the search reports its limit")
  func convergedNotFound() throws {
    #expect(try Self.firstFailing(ConvergedTally.self, scenario: "default", days: 2, limit: 3) == .notFound(limit: 3))
    #expect(try Self.firstFailing(.converged, scenario: "default", days: 2, limit: 2) == .notFound(limit: 2))
  }

  // MARK: The measurement (opt-in)

  /// One row of the table: a design, the shipped scenario its sweep plays, and the invariant a
  /// mutant was planted for (none for a legacy design, whose failures are known).
  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let scenario: String
    let planted: Invariant?
    let search: @Sendable (_ scenario: String, _ days: Int, _ limit: UInt64) throws -> Outcome
    var testDescription: String { name }

    static func mutant<Design: SyncDesign>(
      _ design: Design.Type, _ planted: Invariant, scenario: String = "default"
    ) -> Row where Design: SendableMetatype {
      Row(name: Design.name, scenario: scenario, planted: planted) { scenario, days, limit in
        try SampledEvidenceTests.firstFailing(Design.self, scenario: scenario, days: days, limit: limit)
      }
    }

    static func legacy(_ strategy: StrategyName) -> Row {
      Row(name: strategy.rawValue, scenario: "default", planted: nil) { scenario, days, limit in
        try SampledEvidenceTests.firstFailing(strategy, scenario: scenario, days: days, limit: limit)
      }
    }
  }

  /// The table's rows, in its order.
  static let rows: [Row] = [
    .mutant(MutantsTests.LateWidget.self, .staleness),
    .mutant(MutantsTests.LateMidnightEntry.self, .rollover),
    .mutant(MutantsTests.LosesOldestRow.self, .noLostWrite),
    .mutant(MutantsTests.KeepsACopy.self, .noDoubleCount),
    .mutant(MutantsTests.DropsWatchTaps.self, .noLostWrite),
    .mutant(MutantsTests.WrongYearHighlight.self, .convergence),
    .mutant(MutantsTests.AppWrongWhileWatchAway.self, .staleness),
    .mutant(MutantsTests.WatchIgnoresDeletes.self, .convergence),
    .mutant(MutantsTests.WrongWidgetBand.self, .convergence),
    .mutant(MutantsTests.ReloadsInBackground.self, .refreshBudget),
    .mutant(MutantsTests.NoZoneCheck.self, .rollover, scenario: "travel"),
    .mutant(MutantsTests.DayOfTwentyFourHours.self, .rollover, scenario: "no-midnight"),
    .mutant(MutantsTests.MoveLosesARecord.self, .noDataLoss, scenario: "store-move"),
    .legacy(.mirrorsmokerLegacy),
    .legacy(.mirrorsmokerSeed),
    .legacy(.babystepsWidget),
    .legacy(.pulpeWidget),
  ]

  static let environment = ProcessInfo.processInfo.environment
  static let measuring = environment["GLANCE_SAMPLED_EVIDENCE"] == "1"
  static let limit = environment["GLANCE_SAMPLED_LIMIT"].flatMap { UInt64($0) } ?? 10_000
  static let days = environment["GLANCE_SAMPLED_DAYS"].flatMap { Int($0) } ?? Simulation.defaultDays
  /// The rows to measure: `GLANCE_SAMPLED_DESIGNS`'s names, or every row.
  static let selected = environment["GLANCE_SAMPLED_DESIGNS"].map { $0.split(separator: ",").map(String.init) }
  /// The scenario to sweep instead of each row's own (`GLANCE_SAMPLED_SCENARIO`), for a design
  /// the row's scenario does not find.
  static let scenario = environment["GLANCE_SAMPLED_SCENARIO"]

  @Test(
    "a random sweep's first failing seed for each mutant and legacy design (GLANCE_SAMPLED_EVIDENCE=1)",
    .enabled(if: measuring), arguments: rows)
  func measure(_ row: Row) throws {
    guard Self.selected?.contains(row.name) ?? true else { return }
    let scenario = Self.scenario ?? row.scenario
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = try row.search(scenario, Self.days, Self.limit)
    let elapsed = clock.now - start
    var planted = ""
    if let invariant = row.planted, case .found(_, let invariants) = outcome {
      planted = invariants.contains(invariant.rawValue) ? ", planted \(invariant.rawValue) among them" : ", not \(invariant.rawValue)"
    }
    print("sampled: \(row.name) \(outcome.text)\(planted) [\(scenario), \(Self.days)-day runs, \(elapsed)]")
    if case .found(let seed, let invariants) = outcome { #expect(seed >= 1 && seed <= Self.limit && !invariants.isEmpty) }
  }
}
