public import GlanceKernel

/// The strategies `simulate` knows, by stable name.
public enum StrategyName: String, Hashable, Sendable, CaseIterable, Comparable {
  case mirrorsmokerLegacy = "mirrorsmoker-legacy"
  /// MirrorSmoker as the project seed's snapshot has it (before `0fd0341`).
  case mirrorsmokerSeed = "mirrorsmoker-seed"
  case babystepsWidget = "babysteps-widget"
  case pulpeWidget = "pulpe-widget"
  case converged = "converged"

  /// The domain each strategy plays (converged plays every domain), in domain order.
  public var domains: [Domain] {
    Simulation.designs.filter { $0.strategy == self }.map { $0.design.domain }.sorted()
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
  /// A sweep was asked to run its seeds on `jobs` jobs, not between 1 and ``Sweep/jobsMax``.
  case jobsOutOfRange(Int)
  case unknownZone(String)
  case startDateSkipped(String)
  /// Zone change `index` (0-based) falls on a date its zone skipped.
  case travelDateSkipped(index: Int, date: String, zone: String)
  /// Zone change `index` (0-based) would happen at `at`, before the previous one at `previous`.
  case travelOutOfOrder(index: Int, at: String, previous: String)
  /// A store of a durable ``StoreBackend`` failed while `strategy` played `domain` (no outcome
  /// is made from that run).
  case storeFailed(strategy: String, domain: String, store: String, reason: String)
  /// The scenario's script cannot be played: the event at `keyPath` (`script.actions[3]`) is
  /// before the run's start or out of order.
  case invalidScript(keyPath: String, problem: String)
  /// ``Shrinker`` was asked to shrink a run in which `strategy` shows no violation of
  /// `invariant` in `domain`.
  case notReproduced(strategy: String, domain: String, invariant: String)
  /// A design of your own was asked to play a scenario that does not play its domain.
  case domainNotInScenario(design: String, domain: String)
  /// A play of `strategy` in `domain` popped more than `limit` events in a run of `days` days
  /// (far more than any design that makes progress: one caught in a loop), and was stopped.
  case eventLimitExceeded(strategy: String, domain: String, limit: Int, days: Int)
  /// A play of `strategy` in `domain` was stopped at `at` by what the design did (a timeline out
  /// of date order, a reply with no message to answer, an engine that threw): see
  /// ``DesignFault``.
  case designFault(strategy: String, domain: String, at: Instant, fault: DesignFault)

  public var description: String {
    switch self {
    case .daysOutOfRange(let days): return "days must be between 1 and 3650 (got \(days))"
    case .jobsOutOfRange(let jobs): return "jobs must be between 1 and \(Sweep.jobsMax) (got \(jobs))"
    case .unknownZone(let zone): return "unknown time zone \"\(zone)\""
    case .startDateSkipped(let date): return "the start date \(date) does not exist in the scenario's zone"
    case .travelDateSkipped(let index, let date, let zone):
      return "travel[\(index)]: \(zone) skipped the date \(date); choose another day"
    case .travelOutOfOrder(let index, let at, let previous):
      return "travel[\(index)]: the change would happen at \(at), before the previous one at \(previous)"
        + " (across the date line a later date can be an earlier instant); list zone changes in time order"
    case .storeFailed(let strategy, let domain, let store, let reason):
      return "\(strategy) (\(domain)): the \(store) store failed: \(reason)"
    case .invalidScript(let keyPath, let problem):
      return "\(keyPath): \(problem)"
    case .notReproduced(let strategy, let domain, let invariant):
      return "\(strategy) (\(domain)) does not violate \(invariant) in this run: nothing to shrink"
    case .domainNotInScenario(let design, let domain):
      return "\(design) plays the \(domain) domain, which the scenario does not list in its domains"
    case .eventLimitExceeded(let strategy, let domain, let limit, let days):
      return "\(strategy) (\(domain)): more than \(limit) events in \(days) day\(days == 1 ? "" : "s"), the engine's limit"
        + " for that many days (a design that makes progress pops a few thousand a day); it seems caught in a loop"
    case .designFault(let strategy, let domain, let at, let fault):
      return "\(strategy) (\(domain)) at \(at): \(fault)"
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
  /// The days a run lasts when neither the command nor the scenario says.
  public static let defaultDays = 30
  /// The domains the engine plays so far; a scenario may name others, which reports list as not
  /// simulated yet.
  public static let simulatedDomains: [Domain] = Domain.allCases

  /// Every design the engine plays: the strategy it belongs to, the design (whose
  /// ``SyncDesign/domain`` says which domain it plays), and how to play it through the engine
  /// compiled for its very type (``entry(_:_:)``). A strategy plays each of its designs' domains.
  static var designs: [(strategy: StrategyName, design: any SyncDesign.Type, play: BuiltInPlay)] {
    [
      entry(.mirrorsmokerLegacy, MirrorSmokerLegacy.self),
      entry(.mirrorsmokerSeed, MirrorSmokerSeed.self),
      entry(.babystepsWidget, BabyStepsWidget.self),
      entry(.pulpeWidget, PulpeWidget.self),
      entry(.converged, ConvergedTally.self),
      entry(.converged, ConvergedSteps.self),
      entry(.converged, ConvergedBudget.self),
    ]
  }

  /// Plays one run's inputs through one built-in design.
  typealias BuiltInPlay = (RunInputs) throws(SimulationError) -> StrategyResult

  /// A row of ``designs``. Its player names `design`'s type, so the compiler specialises the
  /// whole engine (`DomainRun`, `DomainPlay`, the judge) for it; played through an existential
  /// metatype, the engine runs its generic code, which reaches every design call through a
  /// witness table and copies the design's state through value witnesses.
  private static func entry<Design: SyncDesign>(
    _ strategy: StrategyName, _ design: Design.Type
  ) -> (strategy: StrategyName, design: any SyncDesign.Type, play: BuiltInPlay) {
    (strategy, design, { inputs throws(SimulationError) in try inputs.play(Design.self) })
  }

  /// Runs `request`, keeping the converged design's stores in `store` (in memory by default), and
  /// keeping as much of the story as `detail` says (everything by default).
  ///
  /// A scenario with a ``Script`` plays exactly its actions and faults (see ``Script``'s laws)
  /// instead of drawing them from the seed.
  ///
  /// - Throws: ``SimulationError`` when the request cannot run: days out of range, an unknown
  ///   zone, a start date or a zone change that does not exist, a script that is out of order or
  ///   has an event before the run's start (``SimulationError/invalidScript(keyPath:problem:)``),
  ///   or a failed store.
  public static func run(
    _ request: SimulationRequest, store: StoreBackend = .memory, detail: SimulationDetail = .full
  ) throws(SimulationError) -> SimulationOutcome {
    let inputs = try RunInputs(request, store: store, detail: detail)
    var results: [StrategyResult] = []
    for domain in request.scenario.domains where simulatedDomains.contains(domain) {
      for strategy in request.strategies {
        for entry in designs where entry.strategy == strategy && entry.design.domain == domain {
          results.append(try entry.play(inputs))
        }
      }
    }
    return SimulationOutcome(
      request: request, start: inputs.start, end: inputs.end, actionsPlanned: inputs.actions.count, results: results,
      store: store.name)
  }

  /// Plays `design`, a design of your own, through `scenario` for `days` from `seed`, and judges
  /// it as the built-in strategies are judged (the same actions and faults, drawn from the seed,
  /// or the scenario's script).
  ///
  /// ```swift
  /// let scenario = try ScenarioLoader.builtIn(named: "default")   // or load(fileAt:) for a file of yours
  /// let result = try Simulation.run(design: MyTally.self, scenario: scenario, days: 7, seed: 42)
  /// #expect(result.converged, "\(result.violations.map(\.detail))")
  /// ```
  ///
  /// - Throws: ``SimulationError/domainNotInScenario(design:domain:)`` when the scenario does not
  ///   play the design's domain, and what ``run(_:store:detail:)`` throws.
  public static func run<Design: SyncDesign>(
    design: Design.Type, scenario: Scenario, days: Int = defaultDays, seed: UInt64, store: StoreBackend = .memory,
    detail: SimulationDetail = .full
  ) throws(SimulationError) -> StrategyResult {
    guard scenario.domains.contains(Design.domain) else {
      throw .domainNotInScenario(design: Design.name, domain: Design.domain.rawValue)
    }
    let request = SimulationRequest(scenario: scenario, days: days, seed: seed, strategies: [])
    return try RunInputs(request, store: store, detail: detail).play(Design.self)
  }

  /// Throws ``SimulationError/invalidScript(keyPath:problem:)`` for the first event of `script`
  /// that is before `start` or out of order (the loader checks the order too; a script built in
  /// code may not be).
  static func check(_ script: Script, start: Instant) throws(SimulationError) {
    func early(_ list: String, _ index: Int, _ at: Instant) -> SimulationError {
      .invalidScript(keyPath: "script.\(list)[\(index)]", problem: "\(at) is before the run's start, \(start)")
    }
    for (index, action) in script.actions.enumerated() {
      if action.at < start { throw early("actions", index, action.at) }
      if index > 0, action.at <= script.actions[index - 1].at {
        throw .invalidScript(
          keyPath: "script.actions[\(index)]",
          problem: "\(action.at) is not after the previous action, \(script.actions[index - 1].at)")
      }
    }
    let timed = [
      ("kills", script.kills), ("widgetKills", script.widgetKills), ("watchKills", script.watchKills),
      ("storeWriteFailures", script.storeWriteFailures), ("corruptedDefaults", script.corruptedDefaults),
    ]
    for (list, kills) in timed {
      for (index, kill) in kills.enumerated() {
        if kill < start { throw early(list, index, kill) }
        if index > 0, kill < kills[index - 1] {
          throw .invalidScript(
            keyPath: "script.\(list)[\(index)]", problem: "\(kill) is before the previous kill, \(kills[index - 1])")
        }
      }
    }
    for (index, spell) in script.outOfRange.enumerated() {
      if spell.from < start { throw early("outOfRange", index, spell.from) }
      if spell.until <= spell.from {
        throw .invalidScript(
          keyPath: "script.outOfRange[\(index)]", problem: "it ends at \(spell.until), not after it begins at \(spell.from)")
      }
      if index > 0, spell.from < script.outOfRange[index - 1].from {
        throw .invalidScript(
          keyPath: "script.outOfRange[\(index)]",
          problem: "it begins at \(spell.from), before the previous spell, at \(script.outOfRange[index - 1].from)")
      }
    }
  }
}

/// Everything one run of a request plays, made once so that each strategy faces the same
/// actions and faults: the scenario, where the run starts and ends and the device's zones over
/// it, the actions (sorted, distinct instants) and faults drawn from the seed or read from the
/// scenario's script, where designs keep their stores, and how much of the story to keep.
struct RunInputs {
  let scenario: Scenario
  /// The device's zone over the run.
  let itinerary: Itinerary
  let start: Instant
  let end: Instant
  let seed: UInt64
  let actions: [PlannedAction]
  /// The actions by id and by instant, for every design's judge.
  let actionIndex: ActionIndex
  let faults: FaultPlan
  /// Where designs keep their stores.
  let store: StoreBackend
  /// Whether to replay for traces and keep the chart.
  var detail: SimulationDetail = .full
  /// Invariants whose verdicts the judge drops: empty but in the `Mutants` meta-test.
  var disabledInvariants: Set<Invariant> = []
  /// The most events a play may pop instead of ``DomainRun``'s limit for the run's days: `nil`
  /// but in the test of that limit.
  var eventsMaxOverride: Int? = nil

  init(
    scenario: Scenario, itinerary: Itinerary, start: Instant, end: Instant, seed: UInt64, actions: [PlannedAction],
    faults: FaultPlan, store: StoreBackend, detail: SimulationDetail = .full
  ) {
    self.scenario = scenario
    self.itinerary = itinerary
    self.start = start
    self.end = end
    self.seed = seed
    self.actions = actions
    self.actionIndex = ActionIndex(actions)
    self.faults = faults
    self.store = store
    self.detail = detail
  }

  /// The inputs of `request`: its bounds, and what it plays, drawn from the seed or the
  /// scenario's script.
  ///
  /// - Throws: what ``bounds(of:days:)`` throws, and
  ///   ``SimulationError/invalidScript(keyPath:problem:)`` for a script out of order or before
  ///   the start.
  init(_ request: SimulationRequest, store: StoreBackend = .memory, detail: SimulationDetail = .full) throws(SimulationError) {
    let scenario = request.scenario
    let bounds = try Self.bounds(of: scenario, days: request.days)
    let actions: [PlannedAction]
    let faults: FaultPlan
    if let script = scenario.script {
      try Simulation.check(script, start: bounds.start)
      actions = WorkloadPlanner.actions(script: script, seed: request.seed)
      faults = WorkloadPlanner.faults(script: script)
    } else {
      let days = bounds.itinerary.days(from: bounds.start, until: bounds.end)
      actions = WorkloadPlanner.actions(scenario: scenario, days: days, seed: request.seed)
      faults = WorkloadPlanner.faults(scenario: scenario, days: days, seed: request.seed)
    }
    self.init(
      scenario: scenario, itinerary: bounds.itinerary, start: bounds.start, end: bounds.end, seed: request.seed,
      actions: actions, faults: faults, store: store, detail: detail)
  }

  /// Where a run starts and ends: the first instant of the start date in the start zone, and the
  /// `days`-th day boundary after it along the itinerary.
  static func bounds(
    of scenario: Scenario, days: Int
  ) throws(SimulationError)
    -> (itinerary: Itinerary, start: Instant, end: Instant)
  {
    guard Simulation.daysRange.contains(days) else { throw .daysOutOfRange(days) }
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
    for _ in 0..<days { end = itinerary.nextRollover(after: end) }
    assert(end > first.start, "a run of \(days) days ends after it starts")
    return (itinerary, first.start, end)
  }

  func play<Design: SyncDesign>(_ design: Design.Type) throws(SimulationError) -> StrategyResult {
    try DomainRun<Design>(inputs: self).run()
  }

  /// Plays `design` through the engine compiled for its type when it is one of
  /// ``Simulation/designs``, through the generic engine otherwise: the same outcome either way.
  func playBuiltIn(_ design: any SyncDesign.Type) throws(SimulationError) -> StrategyResult {
    guard let entry = Simulation.designs.first(where: { ObjectIdentifier($0.design) == ObjectIdentifier(design) }) else {
      return try play(design)
    }
    return try entry.play(self)
  }
}
