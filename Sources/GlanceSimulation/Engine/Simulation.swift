public import GlanceKernel

/// The strategies `simulate` knows, by stable name.
public enum StrategyName: String, Hashable, Sendable, CaseIterable, Comparable {
  case mirrorsmokerLegacy = "mirrorsmoker-legacy"
  case babystepsWidget = "babysteps-widget"
  case pulpeWidget = "pulpe-widget"
  case converged = "converged"

  /// The domain each strategy plays (converged plays every domain).
  public var domains: [Domain] {
    switch self {
    case .mirrorsmokerLegacy: return [.tally]
    case .babystepsWidget: return [.steps]
    case .pulpeWidget: return [.budget]
    case .converged: return Domain.allCases
    }
  }

  public static func < (lhs: StrategyName, rhs: StrategyName) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What to simulate.
public struct SimulationRequest: Hashable, Sendable {
  public var scenario: Scenario
  /// Simulated days, 1…3650.
  public var days: Int
  public var seed: UInt64
  /// The strategies to run, in order (all by default).
  public var strategies: [StrategyName]

  public init(scenario: Scenario, days: Int, seed: UInt64, strategies: [StrategyName] = StrategyName.allCases) {
    self.scenario = scenario
    self.days = days
    self.seed = seed
    self.strategies = Array(Set(strategies)).sorted()
  }
}

/// The outcome of every strategy for one request.
public struct SimulationOutcome: Hashable, Sendable {
  public let request: SimulationRequest
  public let start: Instant
  public let end: Instant
  public let actionsPlanned: Int
  public let results: [StrategyResult]
  /// The ``StoreBackend`` the converged design's stores were kept in (`memory`, `sqlite`).
  public let store: String

  /// Whether any strategy expected to converge broke an invariant.
  public var failsExpectation: Bool { results.contains { $0.failsExpectation } }

  /// The result of `strategy` in `domain` (by default the tally).
  public func result(_ strategy: StrategyName, domain: Domain = .tally) -> StrategyResult? {
    results.first { $0.strategy == strategy.rawValue && $0.domain == domain }
  }
}

/// Errors that stop a simulation before it starts.
public enum SimulationError: Error, Equatable, Sendable, CustomStringConvertible {
  case daysOutOfRange(Int)
  case unknownZone(String)
  case startDateSkipped(String)
  /// Zone change `index` (0-based) falls on a date its zone skipped.
  case travelDateSkipped(index: Int, date: String, zone: String)
  /// Zone change `index` (0-based) would happen at `at`, before the previous one at `previous`.
  case travelOutOfOrder(index: Int, at: String, previous: String)
  /// A store of a durable ``StoreBackend`` failed while `strategy` played `domain` (no outcome
  /// is made from that run).
  case storeFailed(strategy: String, domain: String, store: String, reason: String)

  public var description: String {
    switch self {
    case .daysOutOfRange(let days): return "days must be between 1 and 3650 (got \(days))"
    case .unknownZone(let zone): return "unknown time zone \"\(zone)\""
    case .startDateSkipped(let date): return "the start date \(date) does not exist in the scenario's zone"
    case .travelDateSkipped(let index, let date, let zone):
      return "travel[\(index)]: \(zone) skipped the date \(date); choose another day"
    case .travelOutOfOrder(let index, let at, let previous):
      return "travel[\(index)]: the change would happen at \(at), before the previous one at \(previous)"
        + " (across the date line a later date can be an earlier instant); list zone changes in time order"
    case .storeFailed(let strategy, let domain, let store, let reason):
      return "\(strategy) (\(domain)): the \(store) store failed: \(reason)"
    }
  }
}

/// How much of a run's story an outcome keeps.
///
/// Verdicts, occurrence counts, staleness figures and activity counts are the same at every
/// detail (a law the tests check); only the explanation differs.
public enum SimulationDetail: Hashable, Sendable {
  /// Everything a report shows: each violation's trace (a run whose violation is dated at an
  /// earlier action is replayed to show the events around it) and the chart of the longest
  /// divergence.
  case full
  /// What a sweep needs: no trace replays, no chart (a violation keeps the events before the
  /// moment it was seen). About a third cheaper for the legacy designs.
  case verdicts
}

/// Runs a request: plans the workload and the faults once from the seed, then plays them through
/// each strategy. Pure of the wall clock and the system RNG: the same request gives the same
/// outcome, byte for byte.
public enum Simulation {
  public static let daysRange = 1...3650
  /// The domains the engine plays so far; a scenario may name others, which reports list as not
  /// simulated yet.
  public static let simulatedDomains: [Domain] = Domain.allCases

  /// Runs `request`, keeping the converged design's stores in `store` (in memory by default), and
  /// keeping as much of the story as `detail` says (everything by default).
  public static func run(
    _ request: SimulationRequest, store: StoreBackend = .memory, detail: SimulationDetail = .full
  ) throws(SimulationError) -> SimulationOutcome {
    guard daysRange.contains(request.days) else { throw .daysOutOfRange(request.days) }
    let scenario = request.scenario
    let calendar: ZoneCalendar
    do {
      calendar = try ZoneCalendar(identifier: scenario.zone)
    } catch {
      throw .unknownZone(scenario.zone)
    }
    guard let first = calendar.dayInterval(of: scenario.start) else {
      throw .startDateSkipped(scenario.start.description)
    }
    let itinerary = try Itinerary(scenario: scenario, calendar: calendar, start: first.start)
    var end = first.start
    for _ in 0..<request.days { end = itinerary.nextRollover(after: end) }
    let days = itinerary.days(from: first.start, until: end)
    let actions = WorkloadPlanner.actions(scenario: scenario, days: days, seed: request.seed)
    let faults = WorkloadPlanner.faults(scenario: scenario, days: days, seed: request.seed)
    let run = RunInputs(
      scenario: scenario, itinerary: itinerary, start: first.start, end: end, seed: request.seed, actions: actions,
      faults: faults, store: store, detail: detail)
    var results: [StrategyResult] = []
    for domain in scenario.domains where simulatedDomains.contains(domain) {
      for strategy in request.strategies where strategy.domains.contains(domain) {
        switch (strategy, domain) {
        case (.mirrorsmokerLegacy, .tally): results.append(try run.play(MirrorSmokerLegacy.self))
        case (.converged, .tally): results.append(try run.play(ConvergedTally.self))
        case (.babystepsWidget, .steps): results.append(try run.play(BabyStepsWidget.self))
        case (.converged, .steps): results.append(try run.play(ConvergedSteps.self))
        case (.pulpeWidget, .budget): results.append(try run.play(PulpeWidget.self))
        case (.converged, .budget): results.append(try run.play(ConvergedBudget.self))
        default: break
        }
      }
    }
    return SimulationOutcome(
      request: request, start: first.start, end: end, actionsPlanned: actions.count, results: results,
      store: store.name)
  }
}

/// What every run of one request shares: the plan is made once, so each strategy faces the same
/// actions and faults.
struct RunInputs {
  let scenario: Scenario
  /// The device's zone over the run.
  let itinerary: Itinerary
  let start: Instant
  let end: Instant
  let seed: UInt64
  let actions: [PlannedAction]
  let faults: FaultPlan
  /// Where designs keep their stores.
  let store: StoreBackend
  /// Whether to replay for traces and keep the chart.
  var detail: SimulationDetail = .full

  func play<Design: SyncDesign>(_ design: Design.Type) throws(SimulationError) -> StrategyResult {
    try DomainRun<Design>(inputs: self).run()
  }
}
