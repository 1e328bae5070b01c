import Foundation
import GlanceKernel

/// One strategy through one run of its domain: the safety phase (the planned workload with
/// faults), then a bounded liveness phase (faults off, watch in range, the app opened once) that
/// must end with every surface showing the truth.
struct DomainRun<Design: SyncDesign> {
  /// The liveness phase: the app is opened for this long after the last day.
  static var livenessSessionMinutes: Int { 15 }
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
  ///   the backend failed during a play.
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

  /// Plays the run with fresh stores (play `number` of this run), then reports a store failure.
  private func play(focus: Instant?, number: Int) throws(SimulationError) -> Played {
    let stores = RunStores(backend: inputs.store, strategy: Design.name, domain: Design.domain, play: number)
    let played = play(focus: focus, stores: stores)
    if let failure = stores.failure {
      throw .storeFailed(
        strategy: Design.name, domain: Design.domain.rawValue, store: failure.store, reason: failure.reason)
    }
    return played
  }

  /// What a play gives: the result, or, when it had a focus, the events around it.
  private enum Played {
    case finished(StrategyResult)
    case traced([String])
  }

  /// How many events after the focus a replay lets through before it takes the trace: the
  /// report shows the last 12, so 4 before the focus and 8 from it on.
  static var eventsAfterFocus: Int { 8 }

  private func play(focus: Instant?, stores: RunStores) -> Played {
    var budget: RefreshBudget
    do {
      budget = try RefreshBudget(limit: scenario.refreshBudget)
    } catch {
      preconditionFailure("scenario loading checks the refresh budget: \(error)")
    }
    var world = World(
      start: start, itinerary: itinerary, refreshBudget: budget, widgets: Design.widgets, seed: seed,
      faults: scenario.faults)
    var design = Design(scenario: scenario, stores: stores)
    let model = Self.model(of: Design.domain, scenario: scenario, start: start, calendar: world.calendar)
    var checker = InvariantChecker(
      model: model, surfaces: type(of: model).surfaces, expectedToConverge: Design.expectedToConverge,
      lateFiringMillisecondsMax: Int64(scenario.faults.lateFiringSecondsMax) * 1000,
      pacingMilliseconds: ReloadPacer.spacing(refreshBudget: scenario.refreshBudget), actions: actions,
      keepsChart: inputs.detail == .full)
    var faultsInjected: [FaultKind: Int] = [:]
    let timed = timedEvents
    var nextTimed = 1
    schedulePlan(&world, timed: timed)
    for widget in Design.widgets { serveReload(widget: widget, &world, design) }

    var session: Int? = nil
    var eventCount = 0
    /// An armed kill: how many operation steps to let through first.
    var armedKill: Int? = nil
    var lastAction = -1
    var afterFocus = 0
    while let (_, event) = world.popNext() {
      eventCount += 1
      precondition(eventCount <= 5_000_000, "more than 5 000 000 events in one run")
      world.note(event)
      checker.noteExcuses(world: world)
      if let focus, world.now >= focus {
        afterFocus += 1
        if afterFocus == Self.eventsAfterFocus { return .traced(Array(world.trace.suffix(12))) }
      }
      switch event {
      case .kill, .reachability, .dayBoundary, .storeMoveDay, .zoneChange, .zoneSettled:
        if nextTimed < timed.count {
          world.schedule(timed[nextTimed].event, at: timed[nextTimed].time)
          nextTimed += 1
        }
      default:
        break
      }
      switch event {
      case .action(let action):
        lastAction = action.ordinal
        // The plan enters the queue one action at a time, so the queue stays small.
        let next = action.ordinal + 1
        if next < actions.count, actions[next].time < end { world.schedule(.action(actions[next]), at: actions[next].time) }
        handle(action, session: &session, world: &world, design: &design, checker: &checker)
        world.schedule(.quiescenceCheck(afterAction: action.ordinal), after: 30 * Instant.millisecondsPerMinute)
      case .appClose(let closing):
        if closing == session, world.appForeground {
          world.appEntersBackground()
          design.appWentToBackground(world: &world)
        }
      case .backgroundRefresh:
        design.backgroundRefresh(world: &world)
      case .pacedReload:
        design.pacedReloadDue(world: &world)
      case .step(let process, let step):
        if process == .app, step.isOperationStep, world.faultsOn, let skip = armedKill {
          guard skip == 0 else {
            armedKill = skip - 1
            design.step(step, world: &world)
            break
          }
          // The kill falls between the previous step and this one: this one never runs.
          armedKill = nil
          world.note(.kill)
          faultsInjected[.appKill, default: 0] += 1
          world.killApp()
          design.appKilled(world: &world)
          session = nil
          break
        }
        design.step(step, world: &world)
      case .kill:
        guard world.faultsOn else { break }
        armedKill = world.killSteps.uniform(in: 0...2)
        // It falls in the next multi-step operation the app runs within six hours; failing that,
        // it takes the app down as a plain kill.
        world.schedule(.killDeadline, after: 6 * Instant.millisecondsPerHour)
      case .killDeadline:
        guard armedKill != nil else { break }
        armedKill = nil
        guard world.faultsOn, world.appRunning else { break }
        faultsInjected[.appKill, default: 0] += 1
        world.killApp()
        design.appKilled(world: &world)
        session = nil
      case .quiescenceCheck(let after):
        if after == lastAction, world.isQuiescent { checker.checkQuiescent(world: world, design: design) }
      case .reachability(let reachable):
        if !reachable, world.faultsOn, world.watchReachable { faultsInjected[.watchOutOfRange, default: 0] += 1 }
        if world.faultsOn || reachable { world.setReachable(reachable) }
      case .deliver(let message, let device, let channel):
        design.receive(message, on: device, via: channel, world: &world)
      case .deliverContext(let device):
        if let message = world.takeContext(for: device) {
          design.receive(message, on: device, via: .applicationContext, world: &world)
        }
      case .pumpTransfers(let device):
        for message in world.pumpTransfer(to: device) {
          design.receive(message, on: device, via: .transferUserInfo, world: &world)
        }
      case .reloadServed(let widget):
        serveReload(widget: widget, &world, design)
      case .policyReload(let widget, let generation):
        guard generation == world[host: widget].policyGeneration else { break }
        switch world.requestReload(widget: widget, context: .background) {
        case .denied(let retryAt): world.retryPolicyReload(widget: widget, generation: generation, at: retryAt)
        // WidgetKit keeps its own schedule: a reload it ignored while deaf is due again after.
        case .dropped(let until): world.retryPolicyReload(widget: widget, generation: generation, at: until)
        case .granted: break
        }
      case .dayBoundary:
        world.schedule(.rolloverCheck(boundary: world.now), after: checker.rolloverDelayMilliseconds)
      case .rolloverCheck(let boundary):
        checker.checkRollover(after: boundary, world: world, design: design)
      case .zoneChange(let leg):
        world.changeZone(toLeg: leg, settleMilliseconds: zoneSettleMilliseconds)
        design.zoneChanged(world: &world)
      case .zoneSettled(let leg):
        // Only while the device is still in that zone (a later change has its own check).
        if itinerary.legIndex(at: world.now) == leg, let change = itinerary.changes.first(where: { $0.leg == leg }) {
          checker.checkZoneSettled(changedAt: change.time, left: itinerary.legs[leg - 1].calendar, world: world, design: design)
        }
      case .retryReload:
        // Opened from the widget again meanwhile? Then it is still deaf: ask again after that.
        world.retryReloadServed()
        world.requestReloadMindingDeafWindow(context: world.appForeground ? .appInForeground : .background)
      case .storeMoveDay:
        checker.storeMoveBegins(design: design)
        if scenario.storeMove?.copyFails == true { faultsInjected[.storeCopyFailure, default: 0] += 1 }
        world.updateInstalled()
        design.storeMoveDayBegins(world: &world)
        if design.widgetInstalled { world.widgetAdded() }
      case .endOfSafetyPhase:
        world.endFaults()
        world.setReachable(true)
        let opening = PlannedAction(
          time: world.now.advanced(by: 1_000), kind: .appOpen(minutes: Self.livenessSessionMinutes),
          ordinal: actions.count, eventID: EventID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))))
        world.schedule(.action(opening), at: opening.time)
        world.schedule(.finalCheck, after: finalCheckMilliseconds)
      case .finalCheck:
        checker.observe(world: world, design: design)
        checker.finish(world: world, design: design)
        if world.duplicatedDeliveries > 0 { faultsInjected[.duplicateDelivery] = world.duplicatedDeliveries }
        return .finished(
          checker.result(strategy: Design.name, domain: Design.domain, world: world, events: eventCount, faults: faultsInjected))
      }
      checker.observe(world: world, design: design)
    }
    preconditionFailure("the run ended without its final check")
  }

  private func handle(
    _ action: PlannedAction, session: inout Int?, world: inout World, design: inout Design, checker: inout InvariantChecker
  ) {
    switch action.kind {
    case .appOpen(let minutes, let fromWidget):
      if fromWidget { world.appOpenedFromWidget() }
      session = action.ordinal
      world.schedule(.appClose(session: action.ordinal), after: Int64(minutes) * Instant.millisecondsPerMinute)
      guard !world.appForeground else { return }
      world.appEntersForeground()
      design.appBecameActive(world: &world)
    case .appTap, .appDelete:
      guard world.appForeground else { return }  // the app is not open: the action never happens
      guard let deed = checker.record(action, in: world.calendar) else { return }
      design.perform(deed, of: action, world: &world)
    case .widgetTap, .watchTap:
      guard design.widgetInstalled || action.kind != .widgetTap else { return }  // no widget to tap
      guard let deed = checker.record(action, in: world.calendar) else { return }
      design.perform(deed, of: action, world: &world)
    }
  }

  /// Puts the planned actions, faults and day boundaries on the queue.
  private func schedulePlan(_ world: inout World, timed: [(time: Instant, event: WorldEvent)]) {
    if let first = actions.first, first.time < end { world.schedule(.action(first), at: first.time) }
    if let first = timed.first { world.schedule(first.event, at: first.time) }
    world.schedule(.endOfSafetyPhase, at: end)
  }

  /// Kills, reachability changes and day boundaries, in time order. Like the actions, they enter
  /// the queue one at a time (see `run`), so the queue stays small however long the run.
  private var timedEvents: [(time: Instant, event: WorldEvent)] {
    var timed: [(time: Instant, event: WorldEvent)] = faults.kills.filter { $0 < end }.map { ($0, .kill) }
    var unreachableUntil = start
    for spell in faults.outOfRange where spell.from < end {
      // Overlapping spells merge: the watch comes back when the last one ends.
      guard spell.until > unreachableUntil else { continue }
      if spell.from >= unreachableUntil { timed.append((spell.from, .reachability(false))) }
      unreachableUntil = min(spell.until, end)
      timed.append((unreachableUntil, .reachability(true)))
    }
    var boundary = itinerary.nextRollover(after: start)
    let last = end.advanced(by: finalCheckMilliseconds)
    while boundary <= last {
      timed.append((boundary, .dayBoundary))
      boundary = itinerary.nextRollover(after: boundary)
    }
    for change in itinerary.changes where change.time < end {
      timed.append((change.time, .zoneChange(leg: change.leg)))
      timed.append((change.time.advanced(by: zoneSettleMilliseconds), .zoneSettled(leg: change.leg)))
    }
    if let move = scenario.storeMove, let day = itinerary.days(from: start, until: end).first(where: { $0.index == move.day }) {
      timed.append((max(day.window.lowerBound, day.day.start.advanced(by: Instant.millisecondsPerHour)), .storeMoveDay))
    }
    // Stable: at one instant, kills before reachability before boundaries before zone changes, as listed.
    return timed.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
  }

  /// How long after a zone change every surface must show the new zone's "today": a converged
  /// widget's zone-check reload (``zoneCheckMilliseconds``) fired as late as WidgetKit fires it,
  /// served after the longest reload latency, plus WidgetKit's deaf window and a margin.
  var zoneSettleMilliseconds: Int64 {
    let lateFiring = Int64(scenario.faults.lateFiringSecondsMax) * 1000
    return zoneCheckMilliseconds + lateFiring + max(1_000, lateFiring) + RefreshBudget.deafWindowMilliseconds + 5_000
  }

  /// WidgetKit asks the provider for a timeline and schedules what its policy says.
  private func serveReload(widget: WidgetID, _ world: inout World, _ design: Design) {
    world[host: widget].reloadPending = false
    guard design.widgetInstalled else { return }
    let timeline = design.timeline(of: widget, world: world)
    world[host: widget].timeline = timeline
    switch timeline.policy {
    case .after(let date): world.schedulePolicyReload(widget: widget, at: date.advanced(by: world.drawLateness()))
    case .atEnd:
      world.schedulePolicyReload(widget: widget, at: (timeline.entries.last?.date ?? world.now).advanced(by: world.drawLateness()))
    case .never: world[host: widget].policyGeneration += 1
    }
  }

  /// The truth of `domain`: the model that judges every design of it.
  static func model(of domain: Domain, scenario: Scenario, start: Instant, calendar: ZoneCalendar) -> any DomainModel {
    switch domain {
    case .tally: return TallyTruth()
    case .steps: return StepsTruth()
    case .budget: return BudgetTruth(scenario: scenario, start: start, calendar: calendar)
    }
  }

}
