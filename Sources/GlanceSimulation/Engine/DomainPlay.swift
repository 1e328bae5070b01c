import Foundation
import GlanceKernel
import GlanceSync

/// One play of a ``DomainRun``: the world, the design and the judge, the queue of events, and one
/// small handler per kind of event. The engine pops the next event (taking first what the world
/// and the design asked of time, ``EngineQueue``), lets the judge note who is excused, hands the
/// event to its handler, then lets the judge observe every surface.
struct DomainPlay<Design: SyncDesign> {
  let run: DomainRun<Design>
  private(set) var world: World
  /// The play's events: the engine owns the queue; the world, the design and the handlers below
  /// ask for events through the world's port (``World/schedule(_:at:)``).
  private var queue = EngineQueue()
  private var design: Design
  /// The play's stores, over which the design's logs are.
  private var stores: RunStores
  private var judge: Judge
  /// The person, who decides what each action means.
  private var person: any Person
  /// Kills, reachability changes, day boundaries, zone changes and the store move, in time
  /// order; they enter the queue one at a time, so the queue stays small.
  private let timed: [(time: Instant, event: WorldEvent)]
  private var nextTimed = 1
  /// The ordinal of the action that opened the app's current session.
  private var session: Int? = nil
  /// Whether the domain has a watch app (the tally's): in the others, a watch tap does nothing.
  private let hasWatch: Bool
  private var lastAction = -1
  /// The events popped so far; ``DomainRun`` stops the play past ``DomainRun/eventsMax``.
  private(set) var eventCount = 0
  /// The first error a store of the play raised (``RunStores/failure``).
  var storeFailure: (store: String, reason: String)? { stores.failure }
  /// The play's result, once its final check ran (``handle(_:)`` then answers `true`).
  private(set) var result: StrategyResult? = nil

  /// A play of `run` with fresh `stores`, every choice read from `choices`.
  init(run: DomainRun<Design>, stores: RunStores, choices: Choices) {
    self.run = run
    self.stores = stores
    let scenario = run.scenario
    let budget: RefreshBudget
    do {
      budget = try RefreshBudget(limit: scenario.refreshBudget)
    } catch {
      preconditionFailure("scenario loading checks the refresh budget: \(error)")
    }
    world = World(
      start: run.start, itinerary: run.itinerary, refreshBudget: budget, widgets: Design.widgets, choices: choices,
      faults: scenario.faults, storeFaults: stores.faults, storeMoveInterruption: scenario.storeMove?.interruptedBefore,
      updateAwaited: run.updateAwaited)
    world.keepsTrace = run.inputs.detail == .full
    world.finalCheck = run.end.advanced(by: run.finalCheckMilliseconds)
    design = Design(scenario: scenario, stores: stores)
    let model = Design.domain.truth(in: scenario, start: run.start, calendar: world.calendar)
    person = Design.domain.person(in: scenario)
    hasWatch = type(of: model).surfaces.contains(.watch)
    judge = Judge(
      model: model, surfaces: type(of: model).surfaces, expectedToConverge: Design.expectedToConverge,
      lateFiringMillisecondsMax: Int64(scenario.faults.lateFiringSecondsMax) * 1000,
      pacingMilliseconds: ReloadPacer.spacing(refreshBudget: scenario.refreshBudget),
      zoneSettleMilliseconds: run.zoneSettleMilliseconds, actions: run.inputs.actionIndex,
      answers: run.inputs.truthAnswers[Design.domain] ?? TruthAnswers(), keepsChart: run.inputs.detail == .full)
    judge.disabled = run.inputs.disabledInvariants
    timed = run.inputs.timedEvents ?? run.timedEvents
    run.schedulePlan(&world, timed: timed)
    for widget in Design.widgets { run.serveReload(widget: widget, &world, &design) }
  }

  /// The play ended at its final check: its door checks that a source had nothing more to give
  /// (``Choices/finish()``).
  mutating func finishChoices() { world.choices.finish() }

  /// The next event, with the world's clock at it and the judge's excuses noted.
  mutating func next() -> WorldEvent? {
    guard let (_, event) = queue.next(in: &world) else { return nil }
    eventCount += 1
    world.note(event)
    judge.noteExcuses(world: world)
    return event
  }

  /// Handles `event` by its source, then lets the judge observe; returns whether it was the
  /// final check, whose result is then ``result``. (A `Bool` rather than the optional result:
  /// returning that large optional empty after every other event copied it whole.)
  mutating func handle(_ event: consuming WorldEvent) -> Bool {
    let entersTimed = Self.entersTimed(after: event)
    let checkpoint = judge.checkpoint(after: event, facts: world)
    switch consume event {
    case .workload(let event): handle(event)
    case .platform(let event): handle(event)
    case .fault(let event): handle(event)
    case .checkpoint(let checkpoint): if handle(checkpoint) { return true }
    }
    if let (delay, checkpoint) = checkpoint { world.schedule(.checkpoint(checkpoint), after: delay) }
    // A fault asked for the app's end during the event (a store move interrupted where the
    // scenario says, an app suspended holding a lock): the app dies now, the fault counted.
    if world.takeKillRequest() { terminateApp() }
    if entersTimed { scheduleNextTimed() }
    world.eventHandled(hasWatch: hasWatch)
    // The design is read before the judge changes: read while it changed, it was copied whole.
    let (app, watch) = judge.designDisplays(world: world, design: design)
    judge.observe(world: world, app: app, watch: watch)
    return false
  }

  /// What the person does.
  private mutating func handle(_ event: consuming WorkloadEvent) {
    switch consume event {
    case .action(let action): act(action)
    case .appClose(let closing): closeApp(session: closing)
    case .zoneChange(let leg): changeZone(toLeg: leg)
    }
  }

  /// What the platform does.
  private mutating func handle(_ event: consuming PlatformEvent) {
    switch consume event {
    case .step(let process, let step): runStep(step, in: process)
    case .deliver(let message, let device, let replyLost):
      world.messageDelivered(message, to: device)
      // A message from the watch launches the app in the background; a reply goes to the
      // process that sent the message.
      if device == .phone, !message.isReply { launchApp() }
      world.beginAnswering(message, from: device.other, replyLost: replyLost)
      design.receive(DomainRun<Design>.unwrap(message), on: device, via: .sendMessage, world: &world)
      world.endAnswering()
    case .sendFailed(let message, let device, let failure):
      if failure == .deliveryFailed { world.messageFailed(message, to: device) }
      design.sendFailed(DomainRun<Design>.unwrap(message), to: device, because: failure, world: &world)
    case .pumpTransfers(let device): pumpTransfers(to: device)
    case .deliverContext(let device): deliverContext(to: device)
    case .reloadServed(let widget): run.serveReload(widget: widget, &world, &design)
    case .policyReload(let widget, let generation): policyReload(widget: widget, generation: generation)
    case .dayBoundary: break  // The judge's rollover check follows (``Judge/checkpoint(after:facts:)``).
    case .backgroundRefresh:
      launchApp()
      design.backgroundRefresh(world: &world)
    case .wake(let reason):
      // A background task launches the app; a timer (which dies with it) finds it running.
      launchApp()
      design.wake(reason, world: &world)
    case .storeMoveDay: beginStoreMoveDay()
    }
  }

  /// A fault the plan arms, or an armed fault's deadline. The engine carries out those that
  /// tell the design or take its queue (kills, reachability); every other acts on the world
  /// alone (``World/strike(_:)``), which asks for a kill of the app if it needs one.
  private mutating func handle(_ event: consuming FaultEvent) {
    switch consume event {
    case .kill(let process): armKill(of: process)
    case .killDeadline(let process): killAtDeadline(of: process)
    case .killWatchApp: killWatchApp()
    case .reachability(let reachable): changeReachability(to: reachable)
    case let other: world.strike(other)
    }
  }

  /// A check of the judge, or a phase of the engine; whether it was the final check (its result
  /// is then ``result``).
  private mutating func handle(_ checkpoint: Checkpoint) -> Bool {
    switch checkpoint {
    case .quiescenceCheck(let after): checkQuiescence(afterAction: after)
    case .rolloverCheck(let boundary): judge.checkRollover(after: boundary, world: world, design: design)
    case .zoneSettled(let leg): checkZoneSettled(leg: leg)
    case .endOfSafetyPhase: endSafetyPhase()
    case .finalCheck:
      result = finalCheck()
      return true
    }
    return false
  }

  // MARK: Handlers

  /// Whether `event` is one of the timed events (``DomainRun/timedEvents``), which enter the
  /// queue one at a time: once it is handled, the next one enters.
  private static func entersTimed(after event: WorldEvent) -> Bool {
    switch event {
    case .fault(let fault): return fault.isPlanned
    case .platform(.dayBoundary), .platform(.storeMoveDay), .workload(.zoneChange):
      return true
    default:
      return false
    }
  }

  /// A timed event was handled: the next one enters the queue.
  private mutating func scheduleNextTimed() {
    guard nextTimed < timed.count else { return }
    world.schedule(timed[nextTimed].event, at: timed[nextTimed].time)
    nextTimed += 1
  }

  /// The person does `action`: the person decides what it means, the judge is fed the deed,
  /// then the design performs it.
  private mutating func act(_ action: PlannedAction) {
    lastAction = action.ordinal
    // The plan enters the queue one action at a time, so the queue stays small.
    let next = action.ordinal + 1
    if next < run.actions.count, run.actions[next].time < run.end {
      world.schedule(.workload(.action(run.actions[next])), at: run.actions[next].time)
    }
    switch action.kind {
    case .appOpen(let minutes, let fromWidget):
      openApp(for: action, minutes: minutes, fromWidget: fromWidget)
    case .appTap, .appDelete, .appEdit:
      // The app is not open: the action never happens.
      if world.appForeground, let deed = mean(action, on: .phone) { performOnPhone(deed, of: action) }
    case .appLeave:
      leaveApp()
    case .widgetTap:
      // No widget yet: nothing to tap.
      guard world.widgetInstalled else { break }
      // Pulpe's "+" is a link (`pulpe://add-expense`): the app opens on its add sheet, where
      // the person enters the expense. Otherwise the system launches the process that performs
      // the widget's intent.
      if Design.domain.widgetPlusOpensApp {
        openApp(for: action, minutes: 1, fromWidget: true)
      } else {
        launchIntentProcess()
      }
      if let deed = mean(action, on: .phone) { performOnPhone(deed, of: action) }
    case .watchTap:
      guard hasWatch else { break }
      // The person opens the watch app (launching it if it is not running) and taps.
      if world.openWatchApp() { design.watchAppLaunched(world: &world) }
      if let deed = mean(action, on: .watch) {
        world.watchMadeRecord()
        design.perform(deed, of: action, world: &world)
      }
      if let delay = world.injector.watchKillDelay(choices: &world.choices) { world.schedule(.fault(.killWatchApp), after: delay) }
    }
  }

  /// What the person means by `action`, performed on `device`: the judge is fed it first, then
  /// the caller has the design perform it.
  private mutating func mean(_ action: PlannedAction, on device: Device) -> Deed? {
    guard let deed = person.act(action, in: world.calendar) else { return nil }
    judge.record(deed, at: action.time, on: device, in: world.calendar)
    return deed
  }

  /// The design performs `deed`, which writes to the phone's store (unless the design keeps its
  /// records on a server). A store write failure armed now strikes it whether or not the design
  /// asks: one that asks (``World/phoneCommitFails()``,
  /// as a ``SimulatedEventLog`` does for it) meets it there; one that does not meets it as an app
  /// that ignores the error its save threw: what the action wrote is gone (the design is put back
  /// as it was before the action), while what it sent, scheduled or asked of WidgetKit stays
  /// done.
  private mutating func performOnPhone(_ deed: Deed, of action: PlannedAction) {
    let storeFaults = world.injector.storeFaults
    guard world.injector.on, storeFaults.isArmed, !Design.keepsRecordsOnServer else {
      design.perform(deed, of: action, world: &world)
      return
    }
    let (before, asks) = (design, storeFaults.asks)
    design.perform(deed, of: action, world: &world)
    guard storeFaults.asks == asks, storeFaults.isArmed else { return }
    storeFaults.strikeUnasked()
    design = before
  }

  /// The person opens the app (from the widget's body or its link when `fromWidget`) for
  /// `minutes`: a new session.
  private mutating func openApp(for action: PlannedAction, minutes: Int, fromWidget: Bool) {
    launchApp()
    if fromWidget {
      world.appOpenedFromWidget()
      design.appOpenedFromWidget(world: &world)
    }
    session = action.ordinal
    world.schedule(.workload(.appClose(session: action.ordinal)), after: Int64(minutes) * Instant.millisecondsPerMinute)
    if !world.appForeground {
      world.appEntersForeground()
      design.appBecameActive(world: &world)
    }
  }

  /// The session opened by action `closing` ends, unless the app has left it already (the
  /// person left the app, or opened it anew).
  private mutating func closeApp(session closing: Int) {
    guard closing == session else { return }
    leaveApp()
  }

  /// The person leaves the app, if it is open: it goes to the background, and its session is
  /// over.
  private mutating func leaveApp() {
    session = nil
    guard world.appForeground else { return }
    world.appEntersBackground()
    design.appWentToBackground(world: &world)
  }

  /// A step of the design's operation runs, unless an armed kill falls just before it.
  private mutating func runStep(_ step: ScheduledStep, in process: Process) {
    if step.isOperationStep, world.injector.killFalls(beforeStepOf: process) {
      // The kill falls between the previous step and this one: this one never runs.
      world.note(.fault(.kill(process)))
      kill(process)
      return
    }
    design.step(DomainRun<Design>.unwrap(step), world: &world)
  }

  /// A kill is armed. The app's and the widget extension's fall in the next multi-step
  /// operation the process runs within six hours (``RunInputs/killDeadlineMilliseconds``);
  /// failing that, the app's takes it down as a plain kill. The watch app's strikes shortly
  /// after the next watch tap.
  private mutating func armKill(of process: Process) {
    guard world.injector.armKill(of: process, hasWatch: hasWatch, choices: &world.choices) else { return }
    world.schedule(.fault(.killDeadline(process)), after: run.inputs.killDeadlineMilliseconds)
  }

  /// Six hours on (a small world's deadline is shorter), a kill that has not struck is disarmed; the app's strikes now if it runs.
  private mutating func killAtDeadline(of process: Process) {
    guard world.injector.disarmKill(of: process), process == .app, world.injector.on, world.appRunning else { return }
    killApp()
  }

  private mutating func kill(_ process: Process) {
    switch process {
    case .app: killApp()
    case .widgetExtension:
      world.injector.note(.widgetKill)
      world.cover(.widgetKills, .process, toward: world.widgetSurfaces)
      world.killWidgetExtension()
    case .watchApp: killWatchApp()
    }
  }

  /// A kill ends the watch app's process; the design learns of it when the app is next launched.
  private mutating func killWatchApp() {
    guard world.injector.on, world.watchAppRunning else { return }
    world.injector.note(.watchAppKill)
    world.cover(.watchKills, .process, toward: [.watch])
    world.killWatchApp()
    // What vanished with it goes back to the world before anything else reads the world.
    queue.take(from: &world)
  }

  /// Launches the app's process in the background if it is not running, and tells the design.
  private mutating func launchApp() {
    if world.launchApp() { design.appLaunched(world: &world) }
  }

  /// The person tapped the widget's "+": the system launches the process that performs its
  /// intent (the app's for a design whose intent runs there, the widget extension's otherwise)
  /// if it is not running, and the design is told.
  private mutating func launchIntentProcess() {
    if Design.widgetIntentRunsInApp {
      launchApp()
    } else if world.launchWidgetExtension() {
      design.widgetExtensionLaunched(world: &world)
    }
  }

  /// An app kill, counted as one.
  private mutating func killApp() {
    world.injector.note(.appKill)
    world.cover(.appKills, .process, toward: [.app])
    terminateApp()
  }

  /// The app dies: its steps and timers vanish, and what it kept in memory; the design learns of
  /// it when the app is next launched (``SyncDesign/appLaunched(world:)``).
  private mutating func terminateApp() {
    world.killApp()
    session = nil
  }

  private mutating func checkQuiescence(afterAction after: Int) {
    if after == lastAction, world.isQuiescent { judge.checkQuiescent(world: world, design: design) }
  }

  private mutating func changeReachability(to reachable: Bool) {
    if !reachable, world.watchReachable { world.injector.note(.watchOutOfRange) }
    guard world.injector.on || reachable, world.watchReachable != reachable else { return }
    world.setReachable(reachable)
    if hasWatch { design.reachabilityChanged(world: &world) }
  }

  private mutating func pumpTransfers(to device: Device) {
    let messages = world.pumpTransfer(to: device)
    // A transfer from the watch launches the app in the background.
    if device == .phone, !messages.isEmpty { launchApp() }
    for message in messages {
      design.receive(DomainRun<Design>.unwrap(message), on: device, via: .transferUserInfo, world: &world)
    }
  }

  private mutating func deliverContext(to device: Device) {
    guard let message = world.takeContext(for: device) else { return }
    if device == .phone { launchApp() }
    design.receive(DomainRun<Design>.unwrap(message), on: device, via: .applicationContext, world: &world)
  }

  /// A timeline policy's reload comes due; WidgetKit keeps its own schedule: a reload it denied
  /// or ignored while deaf is due again after.
  private mutating func policyReload(widget: WidgetID, generation: Int) {
    guard generation == world[host: widget].policyGeneration else { return }
    switch world.requestReload(widget: widget, context: .background) {
    case .denied(let retryAt): world.retryPolicyReload(widget: widget, generation: generation, at: retryAt)
    case .dropped(let until): world.retryPolicyReload(widget: widget, generation: generation, at: until)
    case .granted: break
    }
  }

  private mutating func changeZone(toLeg leg: Int) {
    world.changeZone(toLeg: leg, settleMilliseconds: run.zoneSettleMilliseconds)
    design.zoneChanged(world: &world)
  }

  /// Only while the device is still in that zone (a later change has its own check).
  private mutating func checkZoneSettled(leg: Int) {
    guard run.itinerary.legIndex(at: world.now) == leg, let change = run.itinerary.changes.first(where: { $0.leg == leg })
    else { return }
    judge.checkZoneSettled(changedAt: change.time, left: run.itinerary.legs[leg - 1].calendar, world: world, design: design)
  }

  /// The updated app is installed: it ends the app's process if it runs (the person's session
  /// with it too) and brings the widget, which the person adds. The design learns of the update
  /// at the app's next launch, which runs the new version (``World/appVersion``).
  private mutating func beginStoreMoveDay() {
    judge.storeMoveBegins(design: design)
    if run.scenario.storeMove?.copyFails == true { world.injector.note(.storeCopyFailure) }
    world.updateInstalled()
    session = nil
    world.widgetAdded()
  }

  /// The liveness phase: faults off, the watch in range, the app (and a watch app that holds
  /// what had not got through) opened once; the final check follows.
  private mutating func endSafetyPhase() {
    world.endFaults()
    if !world.watchReachable {
      world.setReachable(true)
      if hasWatch { design.reachabilityChanged(world: &world) }
    }
    // A watch app killed while it held what had not got through is opened once, as the app
    // below, and sends it before the final check (one that holds nothing is left as it is: its
    // screen is judged as it stands).
    if hasWatch, world.strandedSince.watch != nil, world.openWatchApp() { design.watchAppLaunched(world: &world) }
    let opening = PlannedAction(
      time: world.now.advanced(by: 1_000), kind: .appOpen(minutes: Limits.livenessSessionMinutes),
      ordinal: run.actions.count, eventID: EventID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))))
    world.schedule(.workload(.action(opening)), at: opening.time)
    world.schedule(.checkpoint(.finalCheck), after: run.finalCheckMilliseconds)
  }

  private mutating func finalCheck() -> StrategyResult {
    judge.observe(world: world, design: design)
    judge.finish(world: world, design: design)
    return judge.result(
      strategy: Design.name, domain: Design.domain, world: world, events: eventCount, faults: world.injector.counts)
  }
}

extension DomainPlay where Design: ResumableDesign {
  /// A copy of this play as it stands between two events, sharing nothing mutable with it (its
  /// stores, its world's process lives and its design copied), every later choice answered by
  /// `source`: an exploration resumes schedules from it instead of playing their common prefix
  /// again (``ResumingPlays``).
  func resumed(answeredBy source: some ChoiceSource) -> DomainPlay {
    let stores = stores.copy()
    var play = self
    play.stores = stores
    play.world = world.resumed(storeFaults: stores.faults, answeredBy: source)
    play.design = design.copy(into: stores)
    return play
  }

  /// Feeds `hasher` the play's state between two events: the world's
  /// (``World/fingerprint(into:of:)``), the events waiting in the queue, the design's, the person's
  /// ledger, a store's failure, which timed event and action come next and the session open.
  /// Left out: the run (one per plan), the judge (it decides verdicts, not what happens: DocC,
  /// Exploring small worlds, Counting states) and the count of events popped (history).
  ///
  /// Law: two plays of one plan that feed the same, answered by the same choices from here on,
  /// play the same events and end alike (up to the judge's verdicts).
  func fingerprint(into hasher: inout StateHasher) {
    world.fingerprint(into: &hasher, of: DomainRun<Design>.self)
    queue.fingerprint(into: &hasher, of: DomainRun<Design>.self)
    design.fingerprint(into: &hasher)
    person.fingerprint(into: &hasher)
    hasher.combine(stores.failure?.store)
    hasher.combine(stores.failure?.reason)
    hasher.combine(nextTimed)
    hasher.combine(session)
    hasher.combine(lastAction)
  }
}
