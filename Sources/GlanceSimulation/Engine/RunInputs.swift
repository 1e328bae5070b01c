import GlanceKernel

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
  /// Per domain, the truth's answers, shared by the judges of the run's designs of that domain
  /// (``TruthAnswers``): the truth is computed once per seed where the designs' deeds agree.
  let truthAnswers: [Domain: TruthAnswers] = Dictionary(uniqueKeysWithValues: Domain.allCases.map { ($0, TruthAnswers()) })
  /// How the run's plays make their choices (drawn from the seed by default).
  var choiceMode: ChoiceMode = .random
  /// Where a recording run keeps its sections (``ChoiceMode/record`` only).
  var recorder: ChoiceRecorder? = nil
  /// How long after it is armed a kill of the app or the widget extension that met no
  /// operation step is taken back, the app's striking then if the app runs: six hours
  /// (``Limits/armedFaultDeadlineMilliseconds``), but in a run around one boundary (a
  /// ``SmallWorld``'s, ``Scenario/aroundBoundaryMinutes``), whose kill falls just after its move.
  var killDeadlineMilliseconds: Int64 {
    scenario.aroundBoundaryMinutes == nil
      ? Limits.armedFaultDeadlineMilliseconds : Limits.aroundBoundaryFaultDeadlineMilliseconds
  }
  /// The path of an exploration's schedule, which answers every choice of the plays instead of
  /// ``choiceMode`` (``Explorer``); `nil` otherwise.
  var trail: ExplorationTrail? = nil
  /// The run's timed events (``DomainRun/timedEvents``), when already made: the schedules of one
  /// explored plan share its inputs and make them once (they cost a schedule of a small world
  /// about a twentieth). `nil`: each play makes them.
  var timedEvents: [(time: Instant, event: WorldEvent)]? = nil

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
  ///   A replay (`choices`) that does not fit the plan throws
  ///   ``SimulationError/choiceReplay(_:)``.
  init(
    _ request: SimulationRequest, store: StoreBackend = .memory, detail: SimulationDetail = .full, choices: ChoiceMode = .random
  ) throws(SimulationError) {
    let scenario = request.scenario
    let bounds = try Self.bounds(of: scenario, days: request.days)
    let actions: [PlannedAction]
    let faults: FaultPlan
    var door = try Self.door(seed: request.seed, section: .plan, mode: choices)
    if let script = scenario.script {
      try Simulation.check(script, start: bounds.start)
      actions = WorkloadPlanner.actions(script: script, choices: &door)
      faults = script.faultPlan
    } else {
      let days = bounds.itinerary.days(from: bounds.start, until: bounds.end)
      actions = WorkloadPlanner.actions(scenario: scenario, days: days, choices: &door)
      faults = FaultPlanner.plan(faults: scenario.faults, days: days, choices: &door)
    }
    door.finish()
    if let failure = door.failure { throw .choiceReplay(failure) }
    self.init(
      scenario: scenario, itinerary: bounds.itinerary, start: bounds.start, end: bounds.end, seed: request.seed,
      actions: actions, faults: faults, store: store, detail: detail)
    self.choiceMode = choices
    if choices == .record {
      recorder = ChoiceRecorder()
      if let section = door.recording { recorder?.add(section) }
    }
  }

  /// The door of `section` (``ChoiceSectionName/plan``, or a design's play) as `mode` makes it:
  /// random, recording, or replaying the recording's section.
  ///
  /// - Throws: ``SimulationError/choiceReplay(_:)`` with
  ///   ``ChoiceReplayError/missingSection(_:)`` when a replay's recording has no such section.
  static func door(seed: UInt64, section: ChoiceSectionName, mode: ChoiceMode) throws(SimulationError) -> Choices {
    switch mode {
    case .random: return Choices(seed: seed)
    case .record: return Choices(seed: seed, recordingAs: section)
    case .replay(let recording):
      guard let recorded = recording.section(section) else { throw .choiceReplay(.missingSection(section)) }
      return Choices(seed: seed, section: section, source: ChoiceReplay(recorded))
    }
  }

  /// Where a run starts and ends: the first instant of the start date in the start zone, and the
  /// `days`-th day boundary after it along the itinerary; for a run around one boundary
  /// (``Scenario/aroundBoundaryMinutes``), that many minutes on each side of the first boundary
  /// (never before the start date's first instant), whatever `days`.
  static func bounds(
    of scenario: Scenario, days: Int
  ) throws(SimulationError)
    -> (itinerary: Itinerary, start: Instant, end: Instant)
  {
    guard Limits.days.contains(days) else { throw .daysOutOfRange(days) }
    let calendar: ZoneCalendar
    do {
      calendar = try ZoneCalendar(identifier: scenario.zone)
    } catch {
      throw .unknownZone(scenario.zone)
    }
    guard let first = calendar.dayInterval(of: scenario.start) else {
      throw .startDateSkipped(scenario.start.description)
    }
    let itinerary: Itinerary
    do {
      itinerary = try Itinerary(scenario: scenario, calendar: calendar, start: first.start)
    } catch {
      throw SimulationError(error)
    }
    if let minutes = scenario.aroundBoundaryMinutes {
      let boundary = itinerary.nextRollover(after: first.start)
      let lead = Int64(minutes) * Instant.millisecondsPerMinute
      let start = max(first.start, boundary.advanced(by: -lead))
      do {
        return (try Itinerary(scenario: scenario, calendar: calendar, start: start), start, boundary.advanced(by: lead))
      } catch {
        throw SimulationError(error)
      }
    }
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
