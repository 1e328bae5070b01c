import Foundation
import GlanceKernel

/// One strategy through one run of its domain: the safety phase (the planned workload with
/// faults), then a bounded liveness phase (faults off, watch in range, the app opened once) that
/// must end with every surface showing the truth.
struct DomainRun<Design: SyncDesign> {
  /// When the final check runs, after the last day: ten minutes after a reload asked at the
  /// liveness phase's start could be served (WidgetKit's latest firing, after a deaf window).
  var finalCheckMilliseconds: Int64 {
    10 * Instant.millisecondsPerMinute + Int64(scenario.faults.lateFiringSecondsMax) * 1000
      + RefreshBudget.deafWindowMilliseconds
  }

  let inputs: RunInputs
  var scenario: Scenario { inputs.scenario }
  var itinerary: Itinerary { inputs.itinerary }
  var start: Instant { inputs.start }
  var end: Instant { inputs.end }
  var seed: UInt64 { inputs.seed }
  var actions: [PlannedAction] { inputs.actions }
  var faults: FaultPlan { inputs.faults }

  /// Plays the run. A violation found only at the final check (a lost or doubled entry) is dated
  /// at the entry's action, and the run is replayed (it is deterministic) to show the events
  /// around that action rather than the end of the run.
  ///
  /// - Throws: ``SimulationError/storeFailed(strategy:domain:store:reason:)`` when a store of
  ///   the backend failed during a play; ``SimulationError/designFault(strategy:domain:at:fault:)``
  ///   when the design did what the platform refuses; ``SimulationError/eventLimitExceeded(strategy:domain:limit:days:)``.
  func run() throws(SimulationError) -> StrategyResult {
    guard case .finished(let result) = try play(focus: nil, number: 0) else {
      preconditionFailure("a run without focus finishes")
    }
    guard inputs.detail == .full else { return result }
    var violations = result.violations
    for index in violations.indices where violations[index].datedAtAction {
      guard case .traced(let lines) = try play(focus: violations[index].time, number: index + 1) else { continue }
      violations[index].trace = lines
    }
    return result.replacing(violations: violations)
  }

  /// Plays the run with fresh stores (play `number` of this run), then reports a store failure
  /// or a play stopped at ``eventsMax``.
  private func play(focus: Instant?, number: Int) throws(SimulationError) -> Played {
    // A recording run records its first play; the replays for traces make the same choices.
    var mode = inputs.choiceMode
    if number > 0, case .record = mode { mode = .random }
    let door: Choices
    if let trail = inputs.trail {
      door = self.door(answeredBy: trail)
    } else {
      door = try RunInputs.door(seed: seed, section: choiceSection, mode: mode)
    }
    var play = freshPlay(number: number, choices: door)
    return try checked(self.play(&play, focus: focus), of: play)
  }

  /// Play `number` of this run, its stores new, its choices read from `door`.
  func freshPlay(number: Int = 0, choices door: Choices) -> DomainPlay<Design> {
    DomainPlay(
      run: self, stores: RunStores(backend: inputs.store, strategy: Design.name, domain: Design.domain, play: number),
      choices: door)
  }

  /// The door of a play whose every choice `trail` answers (an exploration's schedule).
  func door(answeredBy trail: ExplorationTrail) -> Choices {
    Choices(seed: seed, section: choiceSection, source: ExplorationSource(trail: trail, section: choiceSection))
  }

  /// What `played` gave, or what the run throws for it, in this order: a failed choice (the play
  /// went on with placeholders, whatever it then did), a store's failure, the event limit, a
  /// design's fault.
  func checked(_ played: Played, of play: DomainPlay<Design>) throws(SimulationError) -> Played {
    if let failure = play.world.choices.failure { throw .choiceReplay(failure) }
    if let failure = play.storeFailure {
      throw .storeFailed(
        strategy: Design.name, domain: Design.domain.rawValue, store: failure.store, reason: failure.reason)
    }
    if case .stopped = played {
      throw .eventLimitExceeded(
        strategy: Design.name, domain: Design.domain.rawValue, limit: eventsMax, days: dayCount)
    }
    if case .faulted(let at, let fault) = played {
      throw .designFault(strategy: Design.name, domain: Design.domain.rawValue, at: at, fault: fault)
    }
    return played
  }

  /// What a play gives: the result, or, when it had a focus, the events around it; or nothing,
  /// when it was stopped at ``eventsMax``, or by what the design did (a ``DesignFault``).
  enum Played {
    case finished(StrategyResult)
    case traced([String])
    case stopped
    case faulted(at: Instant, DesignFault)
  }

  /// The most events this run's play may pop: ``Limits/eventsBase`` + ``Limits/eventsPerDayMax`` × days
  /// (183 500 000 for 3650 days). Past it the run stops with
  /// ``SimulationError/eventLimitExceeded(strategy:domain:limit:days:)``.
  var eventsMax: Int { inputs.eventsMaxOverride ?? Limits.eventsBase + Limits.eventsPerDayMax * dayCount }

  /// The run's days, counted from its span (a 23- or 25-hour day counts as one).
  var dayCount: Int {
    let span = start.distance(to: end)
    return max(1, Int((span + Instant.millisecondsPerDay / 2) / Instant.millisecondsPerDay))
  }

  /// The section of this design's play in a run's ``ChoiceRecording``: `<strategy>/<domain>`.
  var choiceSection: ChoiceSectionName { .play(strategy: Design.name, domain: Design.domain.rawValue) }

  /// Plays `play` on from where it stands until it gives something (its door's failure, if any,
  /// is `play`'s to tell, ``checked(_:of:)``).
  private func play(_ play: inout DomainPlay<Design>, focus: Instant?) -> Played {
    let eventsMax = eventsMax
    var afterFocus = 0
    while let event = play.next() {
      guard play.eventCount <= eventsMax else { return .stopped }
      if let focus, play.world.now >= focus {
        afterFocus += 1
        if afterFocus == Limits.eventsAfterFocus { return .traced(Array(play.world.trace.suffix(12))) }
      }
      let finished = play.handle(consume event)
      if let (at, fault) = play.world.designFault { return .faulted(at: at, fault) }
      if finished, let result = play.result {
        if focus == nil { finishChoices(of: &play) }
        return .finished(result)
      }
    }
    preconditionFailure("the run ended without its final check")
  }

  /// A play without a focus ended at its final check: a replay must have read its whole
  /// section, and a recording play adds its section to the run's recorder (a play with a focus
  /// ends early and does neither).
  private func finishChoices(of play: inout DomainPlay<Design>) {
    play.finishChoices()
    if play.world.choices.failure == nil, let section = play.world.choices.recording { inputs.recorder?.add(section) }
  }

  /// Asks for the first planned action, the first timed event and the end of the safety phase
  /// (through the world's port: the engine takes them before its first pop).
  func schedulePlan(_ world: inout World, timed: [(time: Instant, event: WorldEvent)]) {
    if let first = actions.first, first.time < end { world.schedule(.workload(.action(first)), at: first.time) }
    if let first = timed.first { world.schedule(first.event, at: first.time) }
    world.schedule(.checkpoint(.endOfSafetyPhase), at: end)
  }

  /// Whether the app is updated during the run (the steps' store move): until then the widget,
  /// which arrives with the update, is not installed.
  var updateAwaited: Bool { scenario.storeMove != nil && Design.domain == .steps }

  /// Kills, reachability changes and day boundaries, in time order. Like the actions, they enter
  /// the queue one at a time (see `run`), so the queue stays small however long the run.
  var timedEvents: [(time: Instant, event: WorldEvent)] {
    var timed: [(time: Instant, event: WorldEvent)] = faults.timedEvents(from: start, until: end).map { ($0.time, .fault($0.event)) }
    var boundary = itinerary.nextRollover(after: start)
    let last = end.advanced(by: finalCheckMilliseconds)
    while boundary <= last {
      timed.append((boundary, .platform(.dayBoundary)))
      boundary = itinerary.nextRollover(after: boundary)
    }
    for change in itinerary.changes where change.time < end {
      timed.append((change.time, .workload(.zoneChange(leg: change.leg))))
    }
    // The store move is the steps' (BabySteps'): the other domains' apps are not updated.
    if let move = scenario.storeMove, Design.domain == .steps,
      let day = itinerary.days(from: start, until: end).first(where: { $0.index == move.day })
    {
      let installed = day.day.start.advanced(by: Int64(move.minute) * Instant.millisecondsPerMinute)
      timed.append((max(day.window.lowerBound, installed), .platform(.storeMoveDay)))
    }
    // Stable: at one instant, armed faults before reachability (``FaultPlan/timedEvents(from:until:)``)
    // before boundaries before zone changes, as listed.
    return timed.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
  }

  /// How long the judge gives a widget to learn of a zone change
  /// (``SurfaceChecker/zoneCatchUpMilliseconds(refreshBudget:)``).
  var zoneCatchUpMilliseconds: Int64 { SurfaceChecker.zoneCatchUpMilliseconds(refreshBudget: scenario.refreshBudget) }

  /// How long after a zone change every surface must show the new zone's "today"
  /// (``SurfaceChecker/zoneSettleMilliseconds(refreshBudget:lateFiringSecondsMax:)``).
  var zoneSettleMilliseconds: Int64 {
    SurfaceChecker.zoneSettleMilliseconds(
      refreshBudget: scenario.refreshBudget, lateFiringSecondsMax: scenario.faults.lateFiringSecondsMax)
  }

  /// WidgetKit asks the provider for a timeline (launching the widget extension first if it is
  /// not running) and schedules what its policy says.
  func serveReload(widget: WidgetID, _ world: inout World, _ design: inout Design) {
    world[host: widget].reloadPending = false
    guard world.widgetInstalled else { return }
    if world.launchWidgetExtension() { design.widgetExtensionLaunched(world: &world) }
    let timeline = design.timeline(of: widget, world: world)
    if let index = timeline.firstEntryOutOfOrder {
      world.noteDesignFault(
        .timelineOutOfOrder(widget: widget, index: index, date: timeline.entries[index].date, previous: timeline.entries[index - 1].date))
      return
    }
    world[host: widget].timeline = timeline
    switch timeline.policy {
    case .after(let date): world.schedulePolicyReload(widget: widget, at: date.advanced(by: world.drawLateness(of: widget, due: date)))
    case .atEnd:
      let due = timeline.entries.last?.date ?? world.now
      world.schedulePolicyReload(widget: widget, at: due.advanced(by: world.drawLateness(of: widget, due: due)))
    case .never: world[host: widget].policyGeneration += 1
    }
  }

  /// The design's own message, as it sent it (only the design of a run sends messages in it).
  static func unwrap(_ message: WireMessage) -> Design.Message {
    guard let own = exactly(message.payload, as: Design.Message.self) else {
      preconditionFailure("\(Design.name) received a message it cannot have sent: \(message)")
    }
    return own
  }

  /// The design's own step, as it scheduled it.
  static func unwrap(_ step: ScheduledStep) -> Design.Step {
    guard let own = exactly(step.payload, as: Design.Step.self) else {
      preconditionFailure("\(Design.name) was handed a step it cannot have scheduled: \(step)")
    }
    return own
  }

  /// `payload as? Own` (the design's step or message), the common case first: when the opened
  /// payload's type is the design's own, it is returned as it is, where `as?` on the existential
  /// runs the runtime's general cast (about 330 instructions a step); any other type (a subclass
  /// of a class step, say) goes through the general cast.
  private static func exactly<Payload, Own>(_ payload: Payload, as own: Own.Type) -> Own? {
    guard Payload.self == Own.self else { return payload as? Own }
    return unsafeBitCast(payload, to: Own.self)
  }
}

/// A resumable design's run feeds its payloads to a fingerprint: its messages and steps feed
/// themselves (``ResumableDesign``).
extension DomainRun: PayloadFingerprinter where Design: ResumableDesign {
  static func feed(_ message: WireMessage, into hasher: inout StateHasher) { hasher.combine(unwrap(message)) }
  static func feed(_ step: ScheduledStep, into hasher: inout StateHasher) { hasher.combine(unwrap(step)) }
}
