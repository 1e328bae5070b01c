public import GlanceKernel
public import GlanceSync

/// The phone, the watch and WidgetKit as a design sees them: time, the app's lifecycle,
/// reachability, the WatchConnectivity channels and WidgetKit's reloads. A design keeps its own
/// data (stores, defaults, replicas) and asks the world for what follows; the world reads every
/// latency, duplicate, late firing and fault it draws from its play's one door, ``Choices``
/// (the seed's labelled streams, a recording's replay, …).
///
/// The world does not hold the queue of events: the engine does. What the world and its designs
/// ask of time (a step, a wake, a delivery, a reload, a process's end) waits in the world's
/// scheduling port until the engine takes it, in the order asked; the engine moves the clock to
/// each event it pops.
///
/// ## Laws
/// - Time only moves forward, and only between two calls to a design: the engine moves it.
/// - A request is never in the past (`schedule(_:at:)`); requests reach the engine's queue in
///   the order they were asked, so events at one instant happen in that order.
/// - `transferUserInfo` delivers every message at least once, in the order sent, while the watch
///   is in range; `updateApplicationContext` delivers the latest value only; `sendMessage`
///   delivers only while the watch is in range, and says so.
/// - A reload request is judged by the kernel's `RefreshBudget` for each widget: free in the
///   foreground and after an interactive intent, dropped for 30 s after the app was opened from
///   the widget, denied once the widget's budget for the last 24 hours is spent; a charged request
///   that would spend its last reload is granted unless the play's choices deny it
///   (``ChoiceKind/grant``, granted by default).
/// - Every latency, duplicate, late firing and fault draw is read from the play's one
///   ``Choices`` door, the random door drawing exactly what the seed's labelled streams draw.
public struct World {
  /// The current instant.
  public private(set) var now: Instant
  /// The device's zone over the run.
  let itinerary: Itinerary
  /// The device's current zone (phone and watch: the watch takes its zone from the phone): every
  /// surface computes "today" in it.
  public private(set) var calendar: ZoneCalendar
  /// The local day holding `now` in `calendar`'s zone (kept as time passes: every surface asks).
  public private(set) var today: DayInterval
  /// What the world and its designs asked of time, not yet taken by the engine (see
  /// ``SchedulingPort``); the engine takes it with ``takeRequest()``.
  private(set) var port = SchedulingPort()
  /// Whether the app runs (in the foreground or in the background).
  public private(set) var appRunning = false
  /// Whether the app is in the foreground.
  public private(set) var appForeground = false
  /// Whether the watch is in range of the phone.
  public private(set) var watchReachable = true
  /// Every fault of the play: its streams, what is armed, what struck. Faults are off in the
  /// liveness phase (``FaultInjector/on``).
  var injector: FaultInjector
  /// One WidgetKit host per widget of the design, each with its own budget.
  var hosts: [WidgetHost]
  /// The host of `widget`, read and changed in place (a host holds its timeline and budget:
  /// copying it out and back at every reload and observation was a measurable cost).
  subscript(host widget: WidgetID) -> WidgetHost {
    _read { yield hosts[widget.index] }
    _modify { yield &hosts[widget.index] }
  }

  /// Since when `device` may lack what the other device did: the earliest of the instant the
  /// oldest queued transfer to it was sent, the instant its context slot was first filled after
  /// its last delivery, the send instant of the oldest `sendMessage` (or reply) on its way to it,
  /// the instant the watch went out of range, while it is (no channel carries anything then), and
  /// the instant the other device's app began holding what has not got through (``unsent``: a
  /// `sendMessage` refused or failed in flight, a record made on the watch), until something it
  /// sent once it knew is delivered (killed meanwhile, its app holds it until it runs again,
  /// ``strandedSince``); `nil` when none applies. A record the other device made at or after it
  /// may not have reached `device` yet; one made before it has (each channel delivers in order,
  /// and a message on its way counts until it is delivered or fails), or was never sent.
  ///
  /// The judge asks this for every surface after every event: it reads each device's fields in
  /// place, without copying an array or building one (an array of the candidates cost an
  /// allocation and copies of the queued messages, 11 % of a sweep's instructions).
  func pendingSince(to device: Device) -> Instant? {
    switch device {
    case .phone:
      Self.earliest(transfers.phone, contextSince.phone, messagesInFlight.phone, outOfRangeSince, unsent.watch)
    case .watch:
      Self.earliest(transfers.watch, contextSince.watch, messagesInFlight.watch, outOfRangeSince, unsent.phone)
    }
  }

  /// The earliest of the first transfer's send instant, `context`, the messages' send instants,
  /// `outOfRange` and the unsent entries' beginnings; `nil` when there is none.
  private static func earliest(
    _ transfers: [(sentAt: Instant, message: WireMessage)], _ context: Instant?, _ messages: [Instant], _ outOfRange: Instant?,
    _ unsent: [(since: Instant, learned: Instant)]
  ) -> Instant? {
    var since = transfers.isEmpty ? nil : transfers[0].sentAt
    lower(&since, to: context)
    for index in messages.indices { lower(&since, to: messages[index]) }
    lower(&since, to: outOfRange)
    for index in unsent.indices { lower(&since, to: unsent[index].since) }
    return since
  }

  /// `since` becomes `candidate` when that is earlier, or when `since` is `nil`.
  private static func lower(_ since: inout Instant?, to candidate: Instant?) {
    guard let candidate else { return }
    if let current = since, current <= candidate { return }
    since = candidate
  }

  /// Until when `device` may know what the other device did: the latest send instant of
  /// anything delivered to it so far, on any channel (a transfer, an application context as of
  /// its last update, a `sendMessage` or a reply); `nil` before the first delivery. A record the
  /// other device made at or before it may be known on `device`.
  func deliveredThrough(to device: Device) -> Instant? { delivered[device] }

  /// How many deliveries have reached `device` so far, on every channel (a duplicate, a reply
  /// and an application context included): the judge compares the count before and after an
  /// event to tell whether the event delivered something.
  func deliveryCount(to device: Device) -> Int { deliveries[device] }

  /// Per sending device: what its app holds that has not got through, each as the instant it
  /// began (the send instant of a `sendMessage` refused for want of range or failed in flight,
  /// or the instant the watch made a record) and the instant the app learned it (a failure
  /// reaches the app when its error handler runs); an entry is cleared when something the app
  /// sent once it knew is delivered, by any channel (it sent again, or had nothing more to
  /// say). A few entries at a time.
  private var unsent = PerDevice<[(since: Instant, learned: Instant)]>(repeating: [])
  /// Per sending device: since when its app holds what has not got through (``unsent``).
  private func unsentSince(_ sender: Device) -> Instant? { unsent[sender].lazy.map(\.since).min() }
  /// Per sending device: since when its app, killed while it held what it could not send
  /// (``unsentSince``, or platform calls a kill cut off), holds it without running; `nil` while
  /// its app runs (it can send again: a design sends what it holds when it runs), or when it
  /// held nothing. Nothing is quiescent while an app holds what it could not send.
  private(set) var strandedSince = PerDevice<Instant?>(repeating: nil)

  private var delivered = PerDevice<Instant?>(repeating: nil)
  private var deliveries = PerDevice(repeating: 0)
  /// Per device: the send instants of the `sendMessage`s and replies on their way to it (only
  /// their minimum is read; a few at a time).
  private var messagesInFlight = PerDevice<[Instant]>(repeating: [])

  /// Something sent at `sentAt` reached `device`.
  private mutating func noteDelivery(to device: Device, sentAt: Instant) {
    deliveries[device] += 1
    delivered[device] = max(delivered[device] ?? sentAt, sentAt)
    // Sent once the sender knew what had not got through: it sent it again (by any channel), or
    // had nothing more to say.
    unsent[device.other].removeAll { sentAt >= $0.learned }
  }

  /// A `sendMessage` (or reply) sent at `sentAt` left the air: delivered, failed, or gone with the
  /// watch app it was bound for.
  private mutating func landMessage(sentAt: Instant, to device: Device) {
    guard let index = messagesInFlight[device].firstIndex(of: sentAt) else {
      preconditionFailure("no message sent at \(sentAt) is on its way to the \(Self.traceName(device))")
    }
    messagesInFlight[device].remove(at: index)
  }

  /// `message`, a `sendMessage` or a reply, reaches `device` now (the engine then hands it to
  /// the design).
  mutating func messageDelivered(_ message: WireMessage, to device: Device) {
    landMessage(sentAt: message.sentAt, to: device)
    noteDelivery(to: device, sentAt: message.sentAt)
  }

  /// `message`, a `sendMessage` to `device`, failed in flight (the engine then runs its error
  /// handler on the other device).
  mutating func messageFailed(_ message: WireMessage, to device: Device) {
    landMessage(sentAt: message.sentAt, to: device)
    noteUnsent(by: device.other, since: message.sentAt)
  }

  /// What `sender` began holding at `instant` has not got through (a `sendMessage` refused or
  /// failed in flight, learned now).
  private mutating func noteUnsent(by sender: Device, since instant: Instant) {
    unsent[sender].append((since: instant, learned: now))
  }

  /// The watch made a record now: its app holds it until it sends something (an app killed
  /// first holds it until it runs again, ``strandedSince``), and the phone may not know it until
  /// then.
  mutating func watchMadeRecord() {
    noteUnsent(by: .watch, since: now)
  }

  /// Since when the phone's App Group store has writes it deferred and has not taken
  /// (``StoreFaults/deferredEvents``); `nil` while it has none.
  private var deferredSince: Instant? = nil

  /// The engine handled an event and carried out the kills it asked for: the world's own
  /// bookkeeping that follows every event, before the judge observes it. It queues iOS's
  /// suspension of an app that went to the background during the event holding the App Group
  /// database's write lock (``noteBackgroundTransition()``), then notes the writes the App Group
  /// store deferred (``noteDeferredWrites(hasWatch:)``). `hasWatch`: whether the domain has a
  /// watch app.
  mutating func eventHandled(hasWatch: Bool) {
    noteBackgroundTransition()
    noteDeferredWrites(hasWatch: hasWatch)
    if injector.storeFaults.hasUncovered { coverStoreFaults() }
  }

  // MARK: Coverage of the fault space

  /// The surfaces of the phone the design has: the app and its widgets.
  var phoneSurfaces: [Surface] { [.app] + widgetSurfaces }

  /// The design's widgets' surfaces: the main widget's, and the year widget's when it has one.
  var widgetSurfaces: [Surface] { WidgetID.allCases.prefix(hosts.count).map(Self.surface(of:)) }

  /// The surface `widget` shows.
  static func surface(of widget: WidgetID) -> Surface { widget == .main ? .widget : .yearWidget }

  /// The surface a WatchConnectivity message to `device` is for: the watch app's, or the phone's
  /// app, which receives every message to the phone.
  static func surface(receiving device: Device) -> Surface { device == .watch ? .watch : .app }

  /// A fault of `family` took effect now (or, for a reload served late, at `instant`, when it
  /// was due) on what `conduit` carries toward `surfaces`: the injector notes its cells
  /// (``FaultCoverage``), nothing once faults are off.
  mutating func cover(_ family: FaultFamily, _ conduit: Conduit, toward surfaces: [Surface], at instant: Instant? = nil) {
    guard injector.on else { return }
    let instant = instant ?? now
    let day = today.contains(instant) ? today : calendar.dayInterval(containing: instant)
    injector.cover(family, conduit, toward: surfaces, at: BoundaryRelation(of: instant, in: day))
  }

  /// A commit to a phone store failed, or met the busy lock, during the event just handled: what
  /// it wrote would have reached every surface of the phone.
  private mutating func coverStoreFaults() {
    let struck = injector.storeFaults.takeUncovered()
    if struck.writeFailure { cover(.storeWriteFailures, .store, toward: phoneSurfaces) }
    if struck.busy { cover(.storeLocks, .store, toward: phoneSurfaces) }
  }

  /// Notes, after each event, whether the App Group store still has writes it deferred: once it
  /// took them all, the phone's app holds what it made since the first of them and has not told
  /// the watch (its digests are made of what the store holds), as with a `sendMessage` that
  /// failed (``unsent``), until something it sends from now on reaches the watch. Only with a
  /// watch (`hasWatch`): without one, nothing is ever sent.
  private mutating func noteDeferredWrites(hasWatch: Bool) {
    guard injector.storeFaults.deferredEvents.isEmpty else {
      if deferredSince == nil { deferredSince = now }
      return
    }
    guard let since = deferredSince else { return }
    deferredSince = nil
    if hasWatch { unsent.phone.append((since: since, learned: now)) }
  }

  /// When each device's context slot was filled after its last delivery.
  private var contextSince = PerDevice<Instant?>(repeating: nil)

  /// Until when the last zone change is still being caught up with, if it still is at `now`.
  var zoneSettling: Instant? { zoneSettles.flatMap { $0 > now ? $0 : nil } }
  /// The play's one door for every choice (CONTRIBUTING.md, One door for every choice): the
  /// world's latencies, the injector's draws, the engine's order of simultaneous events and
  /// WidgetKit's grants at the budget's edge.
  var choices: Choices
  /// The stream `world.latency`, opened on ``choices``.
  private let latencies: ChoiceStream
  /// While a `sendMessage` is handed to its receiver: the message, who sent it, when it arrived,
  /// and whether its reply is lost.
  private var answering: (message: WireMessage, sender: Device, arrivedAt: Instant, replyLost: Bool)? = nil
  let lateFiringMillisecondsMax: Int64
  /// Queued `transferUserInfo` payloads per destination, in send order, with when each was sent.
  private(set) var transfers = PerDevice<[(sentAt: Instant, message: WireMessage)]>(repeating: [])
  private var pumping = PerDevice(repeating: false)
  /// The latest `updateApplicationContext` value per destination, not yet delivered.
  private(set) var contexts = PerDevice<WireMessage?>(repeating: nil)
  private var contextDeliveryScheduled = PerDevice(repeating: false)
  /// The last events (a ring of `traceLength`), formatted only when a report needs them.
  private var recent: [(time: Instant, event: WorldEvent)] = []
  private var recentNext = 0
  /// Whether the world keeps its last events for a violation's trace: not for a sweep's
  /// verdicts (``SimulationDetail/verdicts``), which no trace reaches. Without it, ``trace`` is
  /// empty.
  var keepsTrace = true
  /// The instant of the play's final check, after which no event is handled (the engine sets
  /// it; `nil` when unknown): a reload due after it never fires, however late.
  var finalCheck: Instant? = nil

  init(
    start: Instant, itinerary: Itinerary, refreshBudget: RefreshBudget, widgets: [WidgetID], seed: UInt64, faults: Faults,
    storeFaults: StoreFaults = StoreFaults(), storeMoveInterruption: StoreMoveStep? = nil, updateAwaited: Bool = false
  ) {
    self.init(
      start: start, itinerary: itinerary, refreshBudget: refreshBudget, widgets: widgets, choices: Choices(seed: seed), faults: faults,
      storeFaults: storeFaults, storeMoveInterruption: storeMoveInterruption, updateAwaited: updateAwaited)
  }

  /// The label of the world's latencies, made once (a label checks its name when it is made).
  private static let latenciesLabel = ChoiceLabel("world.latency")

  /// A world whose every choice is read from `choices`.
  init(
    start: Instant, itinerary: Itinerary, refreshBudget: RefreshBudget, widgets: [WidgetID], choices: consuming Choices,
    faults: Faults, storeFaults: StoreFaults = StoreFaults(), storeMoveInterruption: StoreMoveStep? = nil,
    updateAwaited: Bool = false
  ) {
    self.widgetInstalled = !updateAwaited
    var choices = choices
    self.injector = FaultInjector(
      choices: &choices, rates: faults, storeFaults: storeFaults, storeMoveInterruption: storeMoveInterruption)
    self.latencies = choices.open(Self.latenciesLabel)
    self.choices = choices
    precondition(
      widgets == Array(WidgetID.allCases.prefix(widgets.count)) && !widgets.isEmpty, "a design's widgets are main, then year: \(widgets)")
    self.now = start
    self.itinerary = itinerary
    self.calendar = itinerary.calendar(at: start)
    self.today = calendar.dayInterval(containing: start)
    self.hosts = Array(repeating: WidgetHost(budget: refreshBudget), count: widgets.count)
    self.lateFiringMillisecondsMax = Int64(faults.lateFiringSecondsMax) * 1000
  }

  /// Asks the engine to schedule `event` at `time` (through ``port``): events at one instant
  /// happen in the order they were asked.
  ///
  /// - Precondition: `time >= now`: time never goes back.
  mutating func schedule(_ event: consuming WorldEvent, at time: Instant) {
    precondition(time >= now, "scheduling \(event) in the past: \(time) < \(now)")
    port.schedule(event, at: time)
  }

  /// Asks the engine to schedule `event` `milliseconds` from now.
  mutating func schedule(_ event: consuming WorldEvent, after milliseconds: Int64) {
    schedule(event, at: now.advanced(by: milliseconds))
  }

  /// The oldest request the world and its designs asked of time that the engine has not yet
  /// taken, moved out of ``port``; `nil` when it took them all.
  mutating func takeRequest() -> SchedulingPort.Request? {
    port.takeNext()
  }

  /// The engine popped an event at `time`: the clock moves to it, and ``today`` with it.
  ///
  /// - Precondition: `time >= now`: time never goes back.
  mutating func advance(to time: Instant) {
    precondition(time >= now, "time went back from \(now) to \(time)")
    now = time
    if now >= today.end { today = calendar.dayInterval(containing: now) }
  }

  mutating func note(_ event: WorldEvent) {
    guard keepsTrace else { return }
    if recent.count < Limits.traceLength {
      recent.append((now, event))
    } else {
      recent[recentNext] = (now, event)
    }
    recentNext = (recentNext + 1) % Limits.traceLength
  }

  /// The recent events, oldest first, one line each.
  var trace: [String] {
    let ordered = recent.count < Limits.traceLength ? recent : Array(recent[recentNext...] + recent[..<recentNext])
    return ordered.map { "\($0.time) \(World.describe($0.event))" }
  }

  static func describe(_ event: WorldEvent) -> String {
    switch event {
    case .workload(.action(let action)): return "action #\(action.ordinal) \(traceName(action.kind))"
    case .workload(.appClose(let session)): return "the app session of action #\(session) ends"
    case .platform(.step(let process, let step)): return "\(traceName(process)) step \(step)"
    case .fault(let fault): return fault.traceLine
    case .checkpoint(.quiescenceCheck): return "quiescence check"
    case .platform(.deliver(let message, let device, _)): return "sendMessage to \(traceName(device)): \(message)"
    case .platform(.sendFailed(let message, let device, let failure)):
      return "sendMessage to \(traceName(device)) failed (\(traceName(failure))): \(message)"
    case .platform(.pumpTransfers(let device)): return "transferUserInfo delivery to \(traceName(device))"
    case .platform(.deliverContext(let device)): return "applicationContext delivery to \(traceName(device))"
    case .platform(.reloadServed(let widget)): return widget == .main ? "widget reload served" : "year widget reload served"
    case .platform(.policyReload(let widget, _)): return widget == .main ? "widget policy reload" : "year widget policy reload"
    case .platform(.dayBoundary): return "local day boundary"
    case .checkpoint(.rolloverCheck(let boundary)): return "rollover check of the day boundary at \(boundary)"
    case .workload(.zoneChange(let leg)): return "the device's zone changes (itinerary leg \(leg))"
    case .checkpoint(.zoneSettled): return "zone change settled: no surface may show the old zone's today"
    case .checkpoint(.endOfSafetyPhase): return "end of safety phase: faults off"
    case .platform(.backgroundRefresh): return "background app refresh"
    case .platform(.wake(.reloadAfterDeafWindow)): return "reload asked again after the deaf window"
    case .platform(.wake(.pacedReload)): return "paced background reload due"
    case .platform(.wake(.deafWindowBackstop)): return "the deaf window's backstop (a background task) is due"
    case .platform(.storeMoveDay): return "the updated app is installed (store move day)"
    case .checkpoint(.finalCheck): return "final check"
    }
  }

  // The names below are what `"\(value)"` writes for these types, which have no description of
  // their own: the case's name, and an associated value's label and value. Written out because
  // interpolation finds them by reflection (about 45,000 instructions each), and a trace names
  // one in most of its lines. `WorldTraceNameTests` compares each with `String(describing:)`.

  /// `"\(process)"`, without reflection (``Process/traceName``).
  static func traceName(_ process: Process) -> String { process.traceName }

  /// `"\(device)"`, without reflection.
  static func traceName(_ device: Device) -> String {
    switch device {
    case .phone: "phone"
    case .watch: "watch"
    }
  }

  /// `"\(failure)"`, without reflection.
  static func traceName(_ failure: SendFailure) -> String {
    switch failure {
    case .deliveryFailed: "deliveryFailed"
    case .replyTimedOut: "replyTimedOut"
    }
  }

  /// `"\(kind)"`, without reflection.
  static func traceName(_ kind: PlannedAction.Kind) -> String {
    switch kind {
    case .appOpen(let minutes, let fromWidget): "appOpen(minutes: \(minutes), fromWidget: \(fromWidget))"
    case .appTap: "appTap"
    case .widgetTap: "widgetTap"
    case .watchTap: "watchTap"
    case .appDelete: "appDelete"
    case .appEdit: "appEdit"
    case .appLeave: "appLeave"
    }
  }

  // MARK: App lifecycle

  /// Launches the app's process if it is not running (the system does, for the person's
  /// opening, a WatchConnectivity delivery, a background task or a wake, and an intent the
  /// widget performs in the app); returns whether it launched it: the engine then tells the
  /// design (``SyncDesign/appLaunched(world:)``). The app stays in the background until
  /// ``appEntersForeground()``.
  mutating func launchApp() -> Bool {
    guard !appRunning else { return false }
    appRunning = true
    appLife = ProcessLife(of: .app)
    strandedSince.phone = nil
    return true
  }

  /// The running app comes to the foreground.
  mutating func appEntersForeground() {
    precondition(appRunning, "the app comes to the foreground only once launched")
    appForeground = true
    if awaitingFirstLaunch { firstSessionAfterUpdate = true }
    awaitingFirstLaunch = false
  }

  /// The version of the app installed on the phone, which the app's code knows as its own (its
  /// bundle's version): 1, then 2 from the update on (a store-move scenario's update, installed
  /// on the day it names). Every launch after the update runs the new version: the update ends
  /// the app's process if it runs.
  public private(set) var appVersion = 1

  /// Whether the widget exists (the person has added it): from the start, or, in a store-move
  /// scenario, from the update on, which brings it.
  public private(set) var widgetInstalled: Bool

  /// Whether an updated app was installed (store move) and has not run since, or was killed in
  /// its first session (a move it began may be unfinished): until it runs, its data is in its
  /// own container, where no widget can read it.
  private(set) var awaitingFirstLaunch = false
  /// Whether the app is in its first session since the update was installed.
  private var firstSessionAfterUpdate = false

  /// The updated app is installed (store move day): the app's and the widget extension's
  /// processes end (the next launch of each runs the new version), and the widget arrives; the
  /// person adds it.
  mutating func updateInstalled() {
    if appRunning { endApp() }
    if widgetExtensionRunning { endWidgetExtension() }
    appVersion += 1
    widgetInstalled = true
    awaitingFirstLaunch = true
  }

  /// The app goes to the background; the engine then tells the design
  /// (``SyncDesign/appWentToBackground(world:)``). iOS suspends it a few seconds on: what the
  /// faults make of that is asked once the design's callback has returned, after the event
  /// (``eventHandled(hasWatch:)``), so that what the callback commits or opens counts.
  mutating func appEntersBackground() {
    appForeground = false
    firstSessionAfterUpdate = false
    enteredBackground = true
  }

  /// Whether the app went to the background during the event being handled.
  private var enteredBackground = false

  /// After the event in which the app went to the background: the suspension the faults bring
  /// (``FaultInjector/suspension()``: the app holds the App Group database's write lock), queued
  /// for when iOS suspends the app; nothing otherwise.
  private mutating func noteBackgroundTransition() {
    guard enteredBackground else { return }
    enteredBackground = false
    guard appRunning, !appForeground, let (event, delay) = injector.suspension() else { return }
    schedule(.fault(event), after: delay)
  }

  /// The kills of the run, for the charts (at most ``chartEventsMax``).
  private(set) var kills: [Instant] = []
  /// The spells the watch spent out of range, for the charts (an open one ends with the run).
  private(set) var outOfRangeSpells: [Range<Instant>] = []
  private var outOfRangeSince: Instant? = nil
  /// The spells out of range, one still open ending at `end`.
  func spellsOutOfRange(endingBy end: Instant) -> [Range<Instant>] {
    guard let since = outOfRangeSince, since < end else { return outOfRangeSpells }
    return outOfRangeSpells + [since..<end]
  }

  private mutating func noteKill() {
    if kills.count < Limits.chartEventsMax { kills.append(now) }
  }

  /// Kills the app (a fault, or a store move cut short): its process ends (``endApp()``).
  mutating func killApp() {
    noteKill()
    endApp()
  }

  /// The app's process ends: every step it had pending vanishes, with its timers, and what it
  /// kept in memory (``ProcessMemory``). A wake after WidgetKit's deaf window is an in-process
  /// timer (GlanceSync's `AppWakeScheduler` uses a `Timer` for it, a background task for a
  /// paced reload): it dies with the app.
  private mutating func endApp() {
    appRunning = false
    appForeground = false
    appLife?.end()
    appLife = nil
    // A transaction the process held open dies with it: SQLite rolls it back, the lock is free.
    injector.storeFaults.rollBack(of: .app)
    strandedSince.phone = unsentSince(.phone)
    if firstSessionAfterUpdate { (awaitingFirstLaunch, firstSessionAfterUpdate) = (true, false) }
    port.end(.app)
  }

  // MARK: Process lives

  /// The current launch of the app, while it runs.
  private var appLife: ProcessLife? = nil
  /// The current launch of the widget extension, while it runs.
  private var widgetExtensionLife: ProcessLife? = nil
  /// The current launch of the watch app, while it runs.
  private var watchAppLife: ProcessLife? = nil

  /// This world as it stands, in a play an exploration resumes from a snapshot of it: its
  /// processes' lives copied (a kill in the resumed play ends its own, not the snapshot's), its
  /// injector arming `storeFaults` (the copied stores'), its choices answered by `source` from
  /// here on. Everything else it holds is a value.
  func resumed(storeFaults: StoreFaults, answeredBy source: some ChoiceSource) -> World {
    var world = self
    world.appLife = appLife?.copy()
    world.widgetExtensionLife = widgetExtensionLife?.copy()
    world.watchAppLife = watchAppLife?.copy()
    world.injector.resume(storeFaults: storeFaults)
    world.choices.resume(answeredBy: source)
    return world
  }

  /// The current launch of `process`; `nil` while it is not running.
  func life(of process: Process) -> ProcessLife? {
    switch process {
    case .app: appLife
    case .widgetExtension: widgetExtensionLife
    case .watchApp: watchAppLife
    }
  }

  // MARK: The App Group's defaults

  /// The App Group's shared defaults on the phone, which the app and its widget extension share
  /// and every process outlives: a design keeps here what its app keeps in its defaults, and
  /// meets the corrupted-defaults fault by reading it back (see ``AppGroupDefaults``).
  public var appGroupDefaults = AppGroupDefaults()

  /// The corrupted-defaults fault strikes: one of the values the App Group's defaults hold,
  /// drawn by the seed among their keys (sorted), turns to garbage. Nothing happens (and nothing
  /// is counted) when they hold none.
  mutating func corruptDefaults() {
    guard let key = injector.corruptedKey(among: appGroupDefaults.keys, choices: &choices) else { return }
    appGroupDefaults.corrupt(key)
    cover(.corruptedDefaults, .defaults, toward: phoneSurfaces)
  }

  // MARK: Design faults

  /// The first thing the design did that the platform refuses, and when: the engine stops the
  /// play there (``SimulationError/designFault(strategy:domain:at:fault:)``).
  public private(set) var designFault: (at: Instant, fault: DesignFault)? = nil

  /// Notes `fault` at now, unless an earlier one was noted.
  public mutating func noteDesignFault(_ fault: DesignFault) {
    if designFault == nil { designFault = (now, fault) }
  }

  // MARK: Store faults

  /// Whether the commit a design makes now to a store on the phone fails (disk full or an I/O
  /// error: nothing is written). A design that keeps its own stores asks this at each commit; a
  /// ``SimulatedEventLog`` asks it itself.
  public func phoneCommitFails() -> Bool { injector.storeFaults.commitFails() }

  /// Whether the app is to be killed once the event being handled is (a store move
  /// interrupted, an app suspended holding the App Group database's write lock): the fault that
  /// asked counted itself when it asked.
  private(set) var killRequested = false

  /// A design's store move is about to run `step`: returns `true` when the scenario interrupts
  /// the move here (``StoreMove/interruptedBefore``, once per run, counted): the app dies before
  /// the step, so the design stops its operation and returns; the engine kills it then.
  public mutating func storeMoveReaches(_ step: StoreMoveStep) -> Bool {
    guard injector.interruptsStoreMove(before: step) else { return false }
    killRequested = true
    return true
  }

  /// Takes the kill of the app a fault asked for (``killRequested``), if any: the engine carries
  /// it out.
  mutating func takeKillRequest() -> Bool {
    defer { killRequested = false }
    return killRequested
  }

  // MARK: The widget extension

  /// Whether the widget extension's process runs: WidgetKit launches it when it asks for a
  /// timeline, and the system when it performs the widget's intent there; it runs until a kill
  /// (or the app's update) ends it. (iOS also ends an idle extension sooner, which its code
  /// cannot tell from a kill either: it learns of neither but by being launched again.)
  public private(set) var widgetExtensionRunning = false

  /// Launches the widget extension's process if it is not running; returns whether it launched
  /// it: the engine then tells the design (``SyncDesign/widgetExtensionLaunched(world:)``).
  mutating func launchWidgetExtension() -> Bool {
    guard !widgetExtensionRunning else { return false }
    widgetExtensionRunning = true
    widgetExtensionLife = ProcessLife(of: .widgetExtension)
    return true
  }

  /// Kills the widget extension: its process ends (``endWidgetExtension()``).
  mutating func killWidgetExtension() {
    noteKill()
    endWidgetExtension()
  }

  /// The widget extension's process ends: every step of the intent it was performing vanishes,
  /// and what it kept in memory.
  private mutating func endWidgetExtension() {
    widgetExtensionRunning = false
    widgetExtensionLife?.end()
    widgetExtensionLife = nil
    injector.storeFaults.rollBack(of: .widgetExtension)
    port.end(.widgetExtension)
  }

  // MARK: The watch app

  /// How long the watch app stays in the foreground after the person opens it: watchOS returns
  /// to the clock face after two minutes by default ("Return to Clock").
  public static let watchSessionMilliseconds: Int64 = 2 * Instant.millisecondsPerMinute

  /// Whether the watch app is running (launched, not killed since): what it keeps in memory
  /// lives as long as this.
  public private(set) var watchAppRunning = false
  /// Until when the watch app is in the foreground.
  private var watchForegroundUntil: Instant? = nil
  /// Whether the watch app is in the foreground: the phone's `sendMessage` reaches it only then
  /// (on iOS, `isReachable` needs the watch app running in the foreground, and the watch in range).
  public var watchAppActive: Bool { watchAppRunning && watchForegroundUntil.map { now < $0 } ?? false }

  /// The person raises the wrist and opens the watch app; returns whether it was launched (it
  /// was not running).
  mutating func openWatchApp() -> Bool {
    precondition(!watchAppEndPending, "the watch app is opened before the engine carried out its kill")
    let launched = !watchAppRunning
    if launched { watchAppLife = ProcessLife(of: .watchApp) }
    watchAppRunning = true
    strandedSince.watch = nil
    watchForegroundUntil = now.advanced(by: Self.watchSessionMilliseconds)
    return launched
  }

  /// Kills the watch app: its steps vanish, and so do the messages in flight to it and the
  /// error handlers it was waiting on (they lived in its memory). The world asks the engine to
  /// take them out of its queue (``port``) and learns which they were when the engine hands them
  /// back (``processEnded(_:cancelled:)``): until then, the messages still count as in flight,
  /// so the engine takes the request before anything else reads or changes the world (the watch
  /// app is not opened again before, a precondition checks it).
  mutating func killWatchApp() {
    noteKill()
    precondition(watchAppRunning, "only a running watch app is killed")
    precondition(!watchAppEndPending, "the watch app's previous end was not carried out")
    watchAppRunning = false
    watchAppLife?.end()
    watchAppLife = nil
    watchForegroundUntil = nil
    watchAppEndPending = true
    port.end(.watchApp)
  }

  /// Whether the watch app was killed and the engine has not yet handed back what vanished with
  /// it (``processEnded(_:cancelled:)``).
  private var watchAppEndPending = false

  /// Whether `event`, pending in the engine's queue, vanishes when `process` ends: the app's
  /// steps and its in-process timer (the wake after WidgetKit's deaf window: GlanceSync's
  /// `AppWakeScheduler` uses a `Timer` for it, a background task for a paced reload); the widget
  /// extension's steps; the watch app's steps, the messages on their way to it and the error
  /// handlers it waits on (the `sendMessage`s it sent to the phone).
  static func vanishes(_ event: WorldEvent, withEndOf process: Process) -> Bool {
    switch (process, event) {
    case (.app, .platform(.step(.app, _))), (.app, .platform(.wake(.reloadAfterDeafWindow))): true
    case (.widgetExtension, .platform(.step(.widgetExtension, _))): true
    case (.watchApp, .platform(.step(.watchApp, _))), (.watchApp, .platform(.deliver(_, to: .watch, _))),
      (.watchApp, .platform(.sendFailed(_, to: .phone, _))):
      true
    default: false
    }
  }

  /// The engine carried out the end of `process` the world asked for: `cancelled` are the events
  /// it took out of its queue (``vanishes(_:withEndOf:)``), in the order it found them. For the
  /// watch app, the messages among them leave the air, and one to the phone that failed in
  /// flight is what the watch still holds (its error handler died with the app).
  mutating func processEnded(_ process: Process, cancelled: [WorldEvent]) {
    guard process == .watchApp else { return }
    precondition(watchAppEndPending, "the watch app's end was carried out without a kill")
    watchAppEndPending = false
    for event in cancelled {
      switch event {
      case .platform(.deliver(let message, to: .watch, _)):
        landMessage(sentAt: message.sentAt, to: .watch)
      case .platform(.sendFailed(let message, to: .phone, .deliveryFailed)):
        landMessage(sentAt: message.sentAt, to: .phone)
        noteUnsent(by: .watch, since: message.sentAt)
      case .platform(.step(.watchApp, _)), .platform(.sendFailed(_, to: .phone, .replyTimedOut)):
        break
      default:
        preconditionFailure("\(World.describe(event)) does not vanish with the watch app")
      }
    }
    strandedSince.watch = unsentSince(.watch)
  }

  /// The liveness phase begins: no fault strikes from now on (``FaultInjector/end()``), and a
  /// reload is served on time and fired when due (``drawReloadLatency(of:)``,
  /// ``drawLateness(of:due:)``).
  mutating func endFaults() {
    injector.end()
  }

  // MARK: Fault events

  /// Carries out a fault event that acts on the world alone (the engine hands it over, and
  /// carries out a kill it asks for, ``takeKillRequest()``): arming a store write failure and
  /// its deadline, corrupting the App Group's defaults, another process's hold on the App Group
  /// database's write lock, iOS's suspension of an app that went to the background holding it.
  ///
  /// - Precondition: `event` is not one the engine carries out itself (a kill, an armed kill's
  ///   deadline, reachability: they tell the design or take the engine's queue).
  mutating func strike(_ event: FaultEvent) {
    switch event {
    case .armStoreWriteFailure(let number):
      guard injector.armStoreWriteFailure(number) else { return }
      schedule(.fault(.storeWriteFailureDeadline(number)), after: Limits.armedFaultDeadlineMilliseconds)
    case .storeWriteFailureDeadline(let number): injector.storeFaults.disarm(number)
    case .corruptDefaults: corruptDefaults()
    case .storeBusy(let held): injector.holdStoreLock(held)
    case .suspendApp:
      guard injector.killsSuspendedApp(inBackground: appRunning && !appForeground) else { return }
      cover(.storeLocks, .process, toward: [.app])
      killRequested = true
    case .kill, .killDeadline, .killWatchApp, .reachability:
      preconditionFailure("the engine carries out \(event.traceLine) itself")
    }
  }

  /// The device arrives in the zone of itinerary leg `leg`; the widgets have until
  /// `settleMilliseconds` from now to catch up (their zone-check reload is in flight until then).
  mutating func changeZone(toLeg leg: Int, settleMilliseconds: Int64) {
    calendar = itinerary.legs[leg].calendar
    zoneChanges += 1
    today = calendar.dayInterval(containing: now)
    zoneSettles = now.advanced(by: settleMilliseconds)
  }

  /// How many times the device changed zone so far: the same count, the same `calendar` (one
  /// integer to compare where comparing zone identifiers would cost).
  private(set) var zoneChanges = 0

  /// Until when the last zone change is (or was) being caught up with.
  private(set) var zoneSettles: Instant? = nil

  mutating func setReachable(_ reachable: Bool) {
    if !reachable, watchReachable {
      outOfRangeSince = now
      coverQueuedOutOfRange()
    }
    if reachable, let since = outOfRangeSince {
      if since < now, outOfRangeSpells.count < Limits.chartEventsMax { outOfRangeSpells.append(since..<now) }
      outOfRangeSince = nil
    }
    watchReachable = reachable
    if reachable {
      for device in [Device.phone, .watch] where !transfers[device].isEmpty { startPump(to: device) }
      for device in [Device.phone, .watch] where contexts[device] != nil { scheduleContextDelivery(to: device) }
    }
  }

  /// The watch leaves range: the transfers and contexts queued for either device wait.
  private mutating func coverQueuedOutOfRange() {
    for device in [Device.phone, .watch] {
      if !transfers[device].isEmpty { cover(.outOfRange, .transferUserInfo, toward: [Self.surface(receiving: device)]) }
      if contexts[device] != nil { cover(.outOfRange, .applicationContext, toward: [Self.surface(receiving: device)]) }
    }
  }

  // MARK: Channels

  /// How long a `sendMessage` waits for its reply before its error handler runs
  /// (`WCError.messageReplyTimedOut`); WatchConnectivity does not document the figure, so the
  /// world takes ten seconds.
  public static let replyTimeoutMilliseconds: Int64 = 10_000

  /// `sendMessage(_:replyHandler:errorHandler:)`, guarded by `isReachable` as apps do: `false`
  /// (nothing sent) when the watch is out of range, or, to the watch, when the watch app is not in
  /// the foreground (``watchAppActive``). Once sent, a message is delivered after a latency,
  /// unless it fails in flight (`Faults.messageFailure`: the sender learns it through
  /// ``SyncDesign/sendFailed(_:to:because:world:)``); the receiver may answer with
  /// ``reply(_:)``, an answer lost when the reply times out (`Faults.replyTimeout`).
  @discardableResult
  public mutating func sendMessage(_ message: some Sendable, to device: Device) -> Bool {
    guard watchReachable else {
      cover(.outOfRange, .sendMessage, toward: [Self.surface(receiving: device)])
      noteUnsent(by: device.other, since: now)
      return false
    }
    if device == .watch, !watchAppActive {
      injector.note(.watchAppNotRunning)
      return false
    }
    let latency = choices.uniform(in: Limits.messageLatencyMilliseconds, from: latencies)
    let wire = WireMessage(message, sentAt: now)
    messagesInFlight[device].append(now)
    let fate = injector.messageFate(choices: &choices)
    if fate == .failsInFlight {
      cover(.messageFailure, .sendMessage, toward: [Self.surface(receiving: device)])
      schedule(.platform(.sendFailed(wire, to: device, .deliveryFailed)), after: latency)
      return true
    }
    let replyLost = fate == .replyLost
    if replyLost {
      cover(.replyTimeout, .sendMessage, toward: [Self.surface(receiving: device.other)])
      schedule(.platform(.sendFailed(wire, to: device, .replyTimedOut)), after: Self.replyTimeoutMilliseconds)
    }
    schedule(.platform(.deliver(wire, to: device, replyLost: replyLost)), after: latency)
    return true
  }

  /// The receiver of a `sendMessage` answers it (its `replyHandler`): the answer reaches the
  /// sender after a latency, unless the reply was drawn lost or the watch went out of range
  /// meanwhile, when the sender's error handler runs once the reply times out instead.
  ///
  /// Called outside the delivery of a `sendMessage`, it answers nothing, and the play stops with
  /// ``DesignFault/replyOutsideDelivery``.
  public mutating func reply(_ answer: some Sendable) {
    guard let answering else {
      noteDesignFault(.replyOutsideDelivery)
      return
    }
    guard !answering.replyLost else { return }
    guard watchReachable else {
      cover(.outOfRange, .sendMessage, toward: [Self.surface(receiving: answering.sender)])
      let due = answering.arrivedAt.advanced(by: Self.replyTimeoutMilliseconds)
      let receiver = answering.sender.other
      schedule(.platform(.sendFailed(answering.message, to: receiver, .replyTimedOut)), at: due)
      return
    }
    messagesInFlight[answering.sender].append(now)
    schedule(
      .platform(.deliver(WireMessage(answer, sentAt: now, isReply: true), to: answering.sender, replyLost: false)),
      after: choices.uniform(in: Limits.messageLatencyMilliseconds, from: latencies))
  }

  /// `message`, a `sendMessage` from `sender`, is being handed to its receiver: ``reply(_:)``
  /// answers it until ``endAnswering()``.
  mutating func beginAnswering(_ message: WireMessage, from sender: Device, replyLost: Bool) {
    answering = (message, sender, now, replyLost)
  }

  mutating func endAnswering() { answering = nil }

  /// `transferUserInfo`: queued, delivered in send order when reachable, at least once.
  public mutating func transferUserInfo(_ message: some Sendable, to device: Device) {
    transfers[device].append((now, WireMessage(message, sentAt: now)))
    if watchReachable {
      startPump(to: device)
    } else {
      cover(.outOfRange, .transferUserInfo, toward: [Self.surface(receiving: device)])
    }
  }

  private mutating func startPump(to device: Device) {
    guard !pumping[device] else { return }
    pumping[device] = true
    schedule(.platform(.pumpTransfers(to: device)), after: choices.uniform(in: Limits.backgroundLatencyMilliseconds, from: latencies))
  }

  /// `updateApplicationContext`: only the latest value is kept; it replaces one not yet
  /// delivered, and reaches `device` (once, never duplicated) after a latency when reachable.
  public mutating func updateApplicationContext(_ message: some Sendable, to device: Device) {
    contexts[device] = WireMessage(message, sentAt: now)
    if contextSince[device] == nil { contextSince[device] = now }
    if watchReachable {
      scheduleContextDelivery(to: device)
    } else {
      cover(.outOfRange, .applicationContext, toward: [Self.surface(receiving: device)])
    }
  }

  private mutating func scheduleContextDelivery(to device: Device) {
    guard !contextDeliveryScheduled[device] else { return }
    contextDeliveryScheduled[device] = true
    schedule(.platform(.deliverContext(to: device)), after: choices.uniform(in: Limits.backgroundLatencyMilliseconds, from: latencies))
  }

  /// The context waiting for `device`, taken out of its slot; `nil` when there is none or the
  /// watch went out of range meanwhile (it is delivered when the watch comes back).
  mutating func takeContext(for device: Device) -> WireMessage? {
    contextDeliveryScheduled[device] = false
    guard watchReachable, let context = contexts[device] else { return nil }
    contextSince[device] = nil
    contexts[device] = nil
    noteDelivery(to: device, sentAt: context.sentAt)
    return context
  }

  /// Delivers the head of the transfer queue to `device`; returns it (and whether it was
  /// delivered twice, as at-least-once delivery allows).
  mutating func pumpTransfer(to device: Device) -> [WireMessage] {
    pumping[device] = false
    guard watchReachable, !transfers[device].isEmpty else { return [] }
    let head = transfers[device].removeFirst().message
    noteDelivery(to: device, sentAt: head.sentAt)
    if !transfers[device].isEmpty { startPump(to: device) }
    guard injector.deliversTwice(choices: &choices) else { return [head] }
    cover(.duplicateDelivery, .transferUserInfo, toward: [Self.surface(receiving: device)])
    return [head, head]
  }

  // MARK: Widget reloads

  /// Asks WidgetKit to reload every widget of the app (`reloadAllTimelines()`); each granted one
  /// is served after a latency. Returns the main widget's decision.
  @discardableResult
  public mutating func requestReload(context: ReloadContext) -> ReloadDecision {
    var first: ReloadDecision? = nil
    for widget in WidgetID.allCases.prefix(hosts.count) {
      let decision = requestReload(widget: widget, context: context)
      if first == nil { first = decision }
    }
    return first ?? .granted(charged: false)
  }

  /// Asks WidgetKit to reload one widget. A charged request that would spend the last reload of
  /// the widget's budget is at the budget's edge: WidgetKit grants it (the default), or, when the
  /// run's choices say so (``ChoiceKind/grant``), denies it as a budget already spent would.
  @discardableResult
  public mutating func requestReload(widget: WidgetID, context: ReloadContext) -> ReloadDecision {
    let decision: ReloadDecision
    if choices.isWatched, let edgeRetry = budgetEdgeRetry(widget: widget, context: context), !choices.grants() {
      decision = .denied(retryAt: edgeRetry)
    } else {
      decision = hosts[widget.index].budget.requestReload(at: now, context: context)
    }
    hosts[widget.index].recordRequest(decision, at: now)
    switch decision {
    case .granted:
      if !hosts[widget.index].reloadPending {
        hosts[widget.index].reloadPending = true
        schedule(.platform(.reloadServed(widget: widget)), after: drawReloadLatency(of: widget))
      }
    case .denied, .dropped:
      break
    }
    return decision
  }

  /// When a request of `widget` in `context` now is at its budget's edge (charged, outside a
  /// deaf window, with one charged reload left), when a reload is possible again once it is
  /// denied: 24 hours after the oldest charge in the window. `nil` when it is not at the edge.
  private func budgetEdgeRetry(widget: WidgetID, context: ReloadContext) -> Instant? {
    let budget = hosts[widget.index].budget
    guard context == .background, budget.deafUntil.map({ now >= $0 }) ?? true, budget.remaining(at: now) == 1 else { return nil }
    let windowStart = now.advanced(by: -RefreshBudget.windowMilliseconds)
    return budget.charged.first { $0 > windowStart }.map { $0.advanced(by: RefreshBudget.windowMilliseconds) }
  }

  /// The app was opened from the widget: WidgetKit ignores reloads for the next 30 s.
  mutating func appOpenedFromWidget() {
    for widget in hosts.indices { hosts[widget].budget.appOpenedFromWidget(at: now) }
    deafUntil = now.advanced(by: RefreshBudget.deafWindowMilliseconds)
  }

  /// Until when reload requests are silently dropped (the app knows it was opened from the
  /// widget, so it can know this too).
  public private(set) var deafUntil: Instant? = nil

  /// Schedules `step` of a design's operation in `process`, `milliseconds` from now (a negative
  /// delay runs it now, as a timer whose date is past fires at once); a kill of `process` before
  /// then takes it away.
  public mutating func schedule(step: some OperationStep, in process: Process, after milliseconds: Int64) {
    schedule(.platform(.step(process, ScheduledStep(step))), after: max(0, milliseconds))
  }

  /// Wakes the design at `instant` for `reason` (what an app does with a timer or a background
  /// task); an instant already past wakes it now, as a timer or a task whose date is past does.
  public mutating func scheduleWake(at instant: Instant, for reason: WakeReason) {
    schedule(.platform(.wake(reason)), at: max(instant, now))
  }

  /// Asks the system to run the app's background refresh task `milliseconds` from now
  /// (``SyncDesign/backgroundRefresh(world:)``); a negative delay asks for it now.
  public mutating func scheduleBackgroundRefresh(after milliseconds: Int64) {
    schedule(.platform(.backgroundRefresh), after: max(0, milliseconds))
  }

  /// Whether nothing is in flight: both transfer queues and both context slots empty, no
  // MARK: Fingerprint

  /// Feeds `hasher` the world's state between two events, everything that decides what it does
  /// and tells from here on (for an exploration that counts the distinct states it reached,
  /// DocC: Exploring small worlds, Counting states): the clock and the zone, the processes, the
  /// channels and what is on its way, WidgetKit's hosts, the App Group's defaults, the faults
  /// armed, what each device may not know yet and since when. Left out: what never changes in a
  /// play (the itinerary, the latest firing, the final check, the streams), the door (its
  /// explorer feeds what decides its next choices: the faults drawn), the trace, and what is
  /// kept for the report and charts only (the kills, the out-of-range spells, the reload counts
  /// and denials, the faults' counts and coverage, the number of deliveries).
  ///
  /// - Precondition: between two events (no `sendMessage` being answered, no kill asked, no
  ///   design fault).
  func fingerprint<Payloads: PayloadFingerprinter>(into hasher: inout StateHasher, of payloads: Payloads.Type) {
    precondition(answering == nil && !killRequested && designFault == nil, "a world is fingerprinted between two events")
    hasher.combine(now)
    hasher.combine(calendar.identifier)
    hasher.combine(zoneChanges)
    hasher.combine(zoneSettles)
    port.fingerprint(into: &hasher, of: payloads)
    hasher.combine(appRunning)
    hasher.combine(appForeground)
    hasher.combine(watchReachable)
    hasher.combine(outOfRangeSince)
    injector.fingerprint(into: &hasher)
    for index in hosts.indices { hosts[index].fingerprint(into: &hasher) }
    fingerprint(of: .phone, into: &hasher, of: payloads)
    fingerprint(of: .watch, into: &hasher, of: payloads)
    hasher.combine(strandedSince)
    hasher.combine(delivered)
    hasher.combine(messagesInFlight)
    hasher.combine(deferredSince)
    hasher.combine(contextSince)
    hasher.combine(pumping)
    hasher.combine(contextDeliveryScheduled)
    hasher.combine(appVersion)
    hasher.combine(widgetInstalled)
    hasher.combine(awaitingFirstLaunch)
    hasher.combine(firstSessionAfterUpdate)
    hasher.combine(enteredBackground)
    hasher.combine(appLife?.ended)
    hasher.combine(widgetExtensionLife?.ended)
    hasher.combine(watchAppLife?.ended)
    appGroupDefaults.fingerprint(into: &hasher)
    hasher.combine(widgetExtensionRunning)
    hasher.combine(watchAppRunning)
    hasher.combine(watchForegroundUntil)
    hasher.combine(watchAppEndPending)
    hasher.combine(deafUntil)
  }

  /// Feeds `hasher` what `device`'s channels hold and what its app could not send.
  private func fingerprint<Payloads: PayloadFingerprinter>(of device: Device, into hasher: inout StateHasher, of payloads: Payloads.Type) {
    hasher.combine(unsent[device].count)
    for index in unsent[device].indices {
      hasher.combine(unsent[device][index].since)
      hasher.combine(unsent[device][index].learned)
    }
    hasher.combine(transfers[device].count)
    for index in transfers[device].indices {
      hasher.combine(transfers[device][index].sentAt)
      transfers[device][index].message.fingerprint(into: &hasher, of: payloads)
    }
    hasher.combine(contexts[device] != nil)
    contexts[device]?.fingerprint(into: &hasher, of: payloads)
  }

  /// `sendMessage` or reply on its way, no reload pending, the watch in range, no zone change
  /// still being caught up with, no app holding what has not got through (``unsent``: a design
  /// that keeps retrying a link that keeps failing is not judged until it gets through or the
  /// faults end), no app killed while it held it (``strandedSince``) and no write a store
  /// deferred and has not taken since (``StoreFaults/deferredEvents``).
  var isQuiescent: Bool {
    precondition(!watchAppEndPending, "the watch app's kill is not carried out: its messages still count as in flight")
    return watchReachable && hosts.allSatisfy { !$0.reloadPending } && transfers.phone.isEmpty && transfers.watch.isEmpty
      && contexts.phone == nil && contexts.watch == nil && messagesInFlight.phone.isEmpty
      && messagesInFlight.watch.isEmpty && zoneSettles.map { $0 <= now } ?? true && unsent.phone.isEmpty
      && unsent.watch.isEmpty && strandedSince.phone == nil && strandedSince.watch == nil
      && injector.storeFaults.deferredEvents.isEmpty
  }

  /// The person adds the widget: WidgetKit asks for its first timeline (not a budgeted reload).
  mutating func widgetAdded() {
    for widget in WidgetID.allCases.prefix(hosts.count) where !hosts[widget.index].reloadPending {
      hosts[widget.index].reloadPending = true
      schedule(.platform(.reloadServed(widget: widget)), after: Limits.firstTimelineMilliseconds)
    }
  }

  /// Schedules the reload widget `widget`'s timeline policy asks for (replacing any earlier one).
  mutating func schedulePolicyReload(widget: WidgetID, at date: Instant) {
    hosts[widget.index].policyGeneration += 1
    schedule(.platform(.policyReload(widget: widget, generation: hosts[widget.index].policyGeneration)), at: max(date, now))
  }

  /// Retries a denied policy reload at `date`, keeping its generation.
  mutating func retryPolicyReload(widget: WidgetID, generation: Int, at date: Instant) {
    schedule(.platform(.policyReload(widget: widget, generation: generation)), at: max(date, now))
  }

  /// A duration drawn from the run's seed, uniformly in `range` (milliseconds): how long a cold
  /// extension launch or a store's save takes.
  public mutating func drawDuration(_ range: ClosedRange<Int64>) -> Int64 {
    choices.uniform(in: range, from: latencies)
  }

  /// How long WidgetKit takes to serve a reload of `widget` granted now, drawn from the run's
  /// seed: up to its ordinary latency, or later, up to the scenario's `lateFiringSecondsMax` (the
  /// late-reloads fault taking effect, ``cover(_:_:toward:at:)``). Once the faults are off (the
  /// liveness phase, ``endFaults()``), nothing is drawn: the reload is served on time, at the
  /// shortest latency (the one an exploration plays for "on time").
  private mutating func drawReloadLatency(of widget: WidgetID) -> Int64 {
    guard injector.on else { return Limits.reloadLatencyMinimumMilliseconds }
    let latest = max(Limits.reloadLatencyFloorMilliseconds, lateFiringMillisecondsMax)
    let latency = choices.uniform(
      in: Limits.reloadLatencyMinimumMilliseconds...latest, from: latencies, faultsAbove: Limits.reloadLatencyFloorMilliseconds)
    // Served later than WidgetKit's ordinary latency: the late-reloads fault took effect.
    if latency > Limits.reloadLatencyFloorMilliseconds { cover(.lateReloads, .reload, toward: [Self.surface(of: widget)]) }
    return latency
  }

  /// How late WidgetKit fires the reload of `widget` its timeline's policy asks for at `due`,
  /// drawn from the run's seed; a reload fired late is the late-reloads fault taking effect
  /// (``cover(_:_:toward:at:)``, related to `due`).
  ///
  /// A reload due after the play's ``finalCheck`` never fires, however late: its lateness is
  /// still drawn (a run's draws stay as they were), but it is an inert choice
  /// (``Choices/uniform(in:from:faultsAbove:inert:)``: an exploration plays one value) and no
  /// fault takes effect, so it covers nothing. Once the faults are off (the liveness phase),
  /// nothing is drawn: the reload fires when due.
  mutating func drawLateness(of widget: WidgetID, due: Instant) -> Int64 {
    guard injector.on else { return 0 }
    let inert = finalCheck.map { due > $0 } ?? false
    let lateness = choices.uniform(in: Int64(0)...lateFiringMillisecondsMax, from: latencies, faultsAbove: 0, inert: inert)
    if lateness > 0, !inert { cover(.lateReloads, .reload, toward: [Self.surface(of: widget)], at: due) }
    return lateness
  }
}
