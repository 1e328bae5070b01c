import GlanceKernel
public import GlanceSync

/// A sync design under test, for one domain: how app, widget and watch record what the person
/// does, what they store, what they tell each other, and what each surface shows. Write one for
/// your own app and run it with ``Simulation/run(design:scenario:days:seed:store:detail:choices:)``,
/// ``Sweep/run(design:request:jobs:)`` and ``Shrinker/shrink(design:scenario:days:seed:invariant:matching:runsMax:)``
/// (see the article <doc:SimulateYourOwnDesign>).
///
/// The simulator owns time, the world and the truth: it records every action the person
/// performs in the domain's model, then hands the design what the action means (a ``Deed``). A
/// design never says what the truth is; the judge compares what its surfaces show (typed
/// ``Display``s) and what its stores hold (``StoredRecords``) with the model, and reports every
/// ``Invariant`` broken.
///
/// A design reacts to events and asks the ``World`` for what follows (a step of a multi-step
/// operation, a message on a WatchConnectivity channel, a widget reload, a wake), so that a kill
/// can fall between any two steps and every message meets the channel's delays, losses and
/// duplicates. A design built on GlanceSync's ports can run its engines on the simulated ones
/// (``SimulatedPlatform``, ``SimulatedEventLog``), as the built-in `converged` strategy does:
/// the code the simulator proves is then the code the app ships.
///
/// ```swift
/// struct MyTally: TallySyncDesign {
///   static let name = "my-tally"
///   static let expectedToConverge = true
///   private var phone: [Instant] = []
///   init(scenario: Scenario, stores: RunStores) {}
///   mutating func appTap(_ record: Record, world: inout World) { phone.append(record.instant) }
///   // … widgetTap, watchTap, appDelete, timeline, display, storedRecords
/// }
/// let scenario = try ScenarioLoader.builtIn(named: "default")  // or load(fileAt:) for a file of yours
/// let result = try Simulation.run(design: MyTally.self, scenario: scenario, days: 7, seed: 42)
/// #expect(result.converged)
/// ```
///
/// ## What a design sees
/// A design sees only what an app, its widget extension and its watch app see: the callbacks iOS
/// and watchOS give them (a launch, the foreground and the background, a background task, a
/// wake, a timeline request, the widget's intent, a WatchConnectivity delivery or error, a zone
/// change) and the platform's ports (the ``World``'s channels, reloads, wakes and store, the App
/// Group's defaults). It is never told of a fault: it meets each as its app would, by what it
/// reads and by being launched again.
///
/// ## Processes and launches
/// The app, the widget extension and the watch app are processes. Each is launched when the
/// system first needs it (the app when the person opens it, or in the background for a
/// WatchConnectivity delivery, a background task, a wake or an intent it performs; the
/// extension when WidgetKit asks for a timeline or performs the widget's intent there; the
/// watch app when the person opens it), and runs until a kill ends it: the design is told of
/// the launch (``appLaunched(world:)``, ``widgetExtensionLaunched(world:)``,
/// ``watchAppLaunched(world:)``), never of the end.
///
/// ## The faults a design meets
/// Every design meets every fault of the scenario, whether or not it declares anything:
/// - **App kills**: a kill falls before one of the next steps the app scheduled as part of an
///   operation (``OperationStep/isOperationStep``), within six hours; failing that, it takes the
///   app down between two of its callbacks. A callback itself is never cut in two: on iOS a
///   running app is killed while suspended or between the steps of an asynchronous operation,
///   not between two synchronous calls, so a design whose work is asynchronous schedules its
///   steps (and meets kills between them). The process ends: its steps and timers vanish, and
///   so does what it kept in memory; the design learns of it when the app is next launched.
/// - **Widget-extension kills** fall before one of the next steps of the intent the extension
///   performs, within six hours; the watch app's, shortly after a watch tap.
/// - **Store write failures** strike the next commit on the phone: a design that asks
///   (``World/phoneCommitFails()``, or a ``SimulatedEventLog``, which asks for it) meets the
///   failure there; one that does not meets it as an app that ignores its save's error: what the
///   action wrote is gone (the design is put back as it was before the action), what it sent or
///   asked for stays done. Not for a design that keeps its records on a server
///   (``keepsRecordsOnServer``).
/// - **Store locks** (the store-locks fault family): while another process holds the App Group
///   database's write lock, a commit to the phone's App Group store (a ``SimulatedEventLog``; a
///   design that keeps its own stores does not meet it) fails with `SQLITE_BUSY`, writing
///   nothing: the log's error is a `DeferrableWriteError`, and the same write succeeds after the
///   release. iOS suspends the
///   app five seconds after it went to the background: an app that still holds the lock then (a
///   transaction it opened with ``SimulatedEventLog/beginTransaction(in:)``) is killed,
///   `0xDEAD10CC`, and its transaction rolled back.
/// - **Corrupted defaults** strike one of the values the App Group's defaults hold
///   (``World/appGroupDefaults``), drawn by the seed among the keys stored there: it turns to
///   garbage bytes, which the design meets when it next reads the value back, and reads as its
///   app's `UserDefaults` accessor reads garbage (0, `nil`, a decoding error) until it writes
///   the value again. A design that keeps nothing there meets nothing.
/// - **The app's update** (a store-move scenario): on the day the scenario names, the update is
///   installed; it ends the app's and the widget extension's processes if they run, and brings
///   the widget (``World/widgetInstalled``). The next launch runs the new version: the design
///   learns of the update there, as an app reads its own version (``World/appVersion``) against
///   what it stored.
/// - **WatchConnectivity**: messages delayed, duplicated (`transferUserInfo`), failed in flight or
///   unanswered (`sendMessage`), the watch out of range (``reachabilityChanged(world:)``), the
///   watch app not running; **WidgetKit**: the refresh budget, the deaf window, late firing;
///   **time**: day boundaries, DST days, zone changes.
/// The report's fault table counts what struck each design: a count of 0 for a fault the
/// scenario injects says the design kept nothing it could strike.
///
/// ## Laws (what the simulator promises a design, and asks of it)
/// - Every call happens at ``World/now``, in virtual time; nothing else runs meanwhile.
/// - ``perform(_:of:world:)`` is called once per accepted action, after the truth recorded it;
///   in-app actions only while the app is in the foreground.
/// - A message is handed back only to the design that sent it, as sent; a step likewise.
/// - At a launch, nothing the previous process of the same program held in memory survives: a
///   design rebuilds its memory from what it stored (its stores, the App Group's defaults, the
///   watch's own). The engine enforces it for what a design keeps in a ``ProcessMemory``, which
///   reads as empty once its process has ended; a design that keeps a process's memory in plain
///   properties must drop it itself in the launch callback, and never read it while the process
///   is not running.
/// - A design is made anew for every run (and every replay of a run): it keeps nothing between
///   runs.
public protocol SyncDesign {
  /// What the design's phone and watch send each other (the world carries it unread).
  associatedtype Message: Sendable = Never
  /// The steps of the design's multi-step operations (the world schedules them unread).
  associatedtype Step: OperationStep = Never

  /// The design's stable name, as in reports (`my-tally`).
  static var name: String { get }
  /// The domain the design plays: its model judges the design.
  static var domain: Domain { get }
  /// Whether the design is expected to satisfy every invariant (staleness is checked only for
  /// such designs, and `simulate` exits 1 when one of them does not converge).
  static var expectedToConverge: Bool { get }
  /// The design's widgets: ``WidgetID/main``, and ``WidgetID/year`` for Pulpe's year overview
  /// (a prefix of `WidgetID.allCases`; `[.main]` by default).
  static var widgets: [WidgetID] { get }
  /// Whether the app keeps its records on a server (Pulpe's backend) rather than in a store on
  /// the phone: store write failures, which strike the phone's store, do not apply to its
  /// actions then. `false` by default: the phone's store meets them whether or not the design
  /// asks (see ``World/phoneCommitFails()``).
  static var keepsRecordsOnServer: Bool { get }
  /// Whether the widget's intent (its "+") runs in the app's process, as a `LiveActivityIntent`
  /// does: the system launches the app in the background to perform it. `false` by default: an
  /// `AppIntent` runs in the widget extension, which the system launches for it.
  static var widgetIntentRunsInApp: Bool { get }

  /// A design for `scenario` that keeps its devices' stores in `stores` (the run's backend: open
  /// them with `SimulatedEventLog.init(_:on:stores:)`, or keep your own in memory). It reads the
  /// device's current zone from the world (`world.calendar`) whenever it computes "today", as
  /// the apps read the system's zone.
  init(scenario: Scenario, stores: RunStores)

  /// The person did `action`, which means `deed` (the simulator has checked that the app is in
  /// the foreground for in-app actions, and recorded the deed in the truth).
  mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World)
  /// The app's process was launched (`application(_:didFinishLaunchingWithOptions:)`): at first
  /// use, after a kill, after the update (``World/appVersion`` says which version runs), for the
  /// person's opening (``appBecameActive(world:)`` follows) or in the background (the callback
  /// that needed it follows). Nothing the previous process held in memory survives: rebuild
  /// what the app keeps in memory from what it stored.
  mutating func appLaunched(world: inout World)
  /// The app came to the foreground (launched first if it was not running).
  mutating func appBecameActive(world: inout World)
  /// A step the design scheduled with ``World/schedule(step:in:after:)`` runs.
  mutating func step(_ step: Step, world: inout World)
  /// A message the other device sent on `channel` arrived on `device` (on the phone, the app is
  /// launched first if it was not running, unless the message answers a `sendMessage` it sent).
  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World)
  /// The timeline provider of `widget`: what WidgetKit gets when it reloads the widget (the
  /// widget extension is launched first if it was not running).
  ///
  /// A read: the same design and world give the same timeline, whatever was read before (keep
  /// no count or cache of reads in a reference the design holds). An exploration relies on it
  /// to serve two widgets' reloads due at one instant in one order only.
  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline
  /// What the app (when in the foreground) or the watch shows now; widgets show their
  /// timelines' entries.
  func display(on surface: Surface, world: World) -> Display
  /// What `device`'s store holds; `nil` when the device keeps no store of the domain.
  func storedRecords(on device: Device) -> StoredRecords?
  /// The app went to the background.
  mutating func appWentToBackground(world: inout World)
  /// The watch came into range of the phone, or went out of it (`world.watchReachable` says
  /// which): WatchConnectivity's `sessionReachabilityDidChange(_:)`, on both devices. A design
  /// that keeps what a `sendMessage` could not carry sends it now.
  mutating func reachabilityChanged(world: inout World)
  /// The device's zone changed (`world.calendar` is the new one). iOS tells a running app
  /// (`NSSystemTimeZoneDidChange`, `significantTimeChangeNotification`); it tells neither a
  /// suspended app nor a widget.
  mutating func zoneChanged(world: inout World)
  /// The system ran the app's background refresh task (BGAppRefresh), launching the app first
  /// if it was not running.
  mutating func backgroundRefresh(world: inout World)
  /// A wake the design asked for with ``World/scheduleWake(at:for:)`` is due (a background
  /// task launches the app first if it was not running; a timer dies with the app).
  mutating func wake(_ reason: WakeReason, world: inout World)
  /// The app was opened from the widget (a tap on its body): WidgetKit ignores reload requests
  /// for the next 30 s. Called before ``appBecameActive(world:)`` (after ``appLaunched(world:)``
  /// when the opening launched it), and also when the app was in the foreground already.
  mutating func appOpenedFromWidget(world: inout World)
  /// The widget extension's process was launched: WidgetKit asks for a timeline, or the system
  /// performs the widget's intent there, and the extension was not running (first use, after a
  /// kill, after the update). Nothing the previous process held in memory survives.
  mutating func widgetExtensionLaunched(world: inout World)
  /// The watch app was launched (the person opened it while it was not running: first use, or
  /// after a kill). Called before the watch tap that opened it is performed. Nothing the
  /// previous process held in memory survives: its steps, the messages on their way to it and
  /// the error handlers it awaited are gone.
  mutating func watchAppLaunched(world: inout World)
  /// A `sendMessage` the design sent to `device` came to nothing: its error handler runs on the
  /// sending device.
  mutating func sendFailed(_ message: Message, to device: Device, because failure: SendFailure, world: inout World)
}

extension SyncDesign {
  public static var widgets: [WidgetID] { [.main] }
  public static var keepsRecordsOnServer: Bool { false }
  public static var widgetIntentRunsInApp: Bool { false }

  public mutating func appWentToBackground(world: inout World) {}
  public mutating func reachabilityChanged(world: inout World) {}
  public mutating func zoneChanged(world: inout World) {}
  public mutating func backgroundRefresh(world: inout World) {}
  public mutating func wake(_ reason: WakeReason, world: inout World) {}
  public mutating func appOpenedFromWidget(world: inout World) {}
  public mutating func appLaunched(world: inout World) {}
  public mutating func widgetExtensionLaunched(world: inout World) {}
  public mutating func step(_ step: Step, world: inout World) {}
  public mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {}
  public mutating func watchAppLaunched(world: inout World) {}
  public mutating func sendFailed(_ message: Message, to device: Device, because failure: SendFailure, world: inout World) {}
}

/// Glance's converged design, in any domain: GlanceSync's engines wired to the simulated
/// platform, expected to keep every invariant. What the platform tells the phone's engine about
/// reloads (an opening from the widget, a zone change, a wake) is forwarded here once for all.
///
/// The one value GlanceSync keeps in the App Group's defaults is the pacer's last charged reload
/// (``SimulatedPlatform/lastPacedReload``, `WidgetCenterReloader`'s key): a corrupted one reads
/// as none, and an engine made at the next launch paces from scratch.
///
/// A write the App Group store defers (another process holds its lock: the store-locks fault family)
/// waits in the phone engine's `PendingWrites`. The app does what *Ship the converged design*
/// asks: after each call of its engine it saves the writes waiting in its own container (a kill
/// spares them; ``savedPendingWrites``, handed to the engine made at the next launch), and while
/// any wait it asks the system for a background refresh (``pendingRetryMilliseconds`` on), whose
/// task tries them again, as its coming to the foreground does. Every write the person made is
/// thus committed, once, as soon as the store takes writes again. The app holds no transaction
/// across a callback: each engine call is one transaction or none.
protocol ConvergedDesign: SyncDesign {
  associatedtype Phone: PhoneEngine
  /// The phone's engine.
  var phone: Phone { get set }
  /// The ports every engine of the design runs on.
  var platform: SimulatedPlatform { get }
  /// The writes the App Group store deferred, as the app saved them in its own container after
  /// its last engine call: they outlive the process.
  var savedPendingWrites: PendingWrites { get set }
  /// Whether the app asked for a background refresh to try the writes waiting again and it has
  /// not run yet (the system keeps the request across a kill).
  var pendingRetryAsked: Bool { get set }
  /// The phone engine commits the writes waiting (`retryPendingWrites`), at `world.now`.
  mutating func retryPendingWrites(world: inout World)
}

extension ConvergedDesign {
  static var name: String { StrategyName.converged.rawValue }
  static var expectedToConverge: Bool { true }

  mutating func appOpenedFromWidget(world: inout World) {
    let now = world.now
    platform.run(&world) { phone.openedFromWidget(at: now) }
  }

  mutating func zoneChanged(world: inout World) {
    let (now, foreground) = (world.now, world.appForeground)
    platform.run(&world) { phone.zoneChanged(at: now, foreground: foreground) }
  }

  mutating func wake(_ reason: WakeReason, world: inout World) {
    let (now, foreground) = (world.now, world.appForeground)
    platform.run(&world) { phone.wake(reason, at: now, foreground: foreground) }
  }

  /// What the app's display memo keys on: the store's `version` and how many writes wait, which
  /// the engine's display counts too (a deferred write changes no version). `version` itself
  /// when none waits.
  static func memoVersion(_ version: Int, _ pending: PendingWrites) -> Int {
    precondition(version < 1 << 40, "store version \(version) fits the memo key")
    return version + (pending.count << 40)
  }

  /// How long after a call that left writes waiting the app asks for its background refresh: a
  /// busy lock is held seconds to minutes, and a task a minute on tries again well within the
  /// judge's 30-minute quiescence window.
  static var pendingRetryMilliseconds: Int64 { Instant.millisecondsPerMinute }

  /// The background refresh the app asked for: it tries the writes waiting again.
  mutating func backgroundRefresh(world: inout World) {
    pendingRetryAsked = false
    retryPendingWrites(world: &world)
    savePendingWrites(world: &world)
  }

  /// What the app does after each call of its phone engine: it saves the writes waiting in its
  /// own container, and while any wait, asks for a background refresh to try them again (once
  /// until it runs). Nothing when none waits and none was saved.
  mutating func savePendingWrites(world: inout World) {
    guard !phone.pendingWrites.isEmpty || !savedPendingWrites.isEmpty else { return }
    savedPendingWrites = phone.pendingWrites
    guard !savedPendingWrites.isEmpty, !pendingRetryAsked else { return }
    pendingRetryAsked = true
    world.scheduleBackgroundRefresh(after: Self.pendingRetryMilliseconds)
  }

  /// What an engine shows: its reads of the simulated stores cannot fail (a store failure is
  /// kept for the run and reads then return nothing).
  static func shown<Value>(_ read: () throws -> Value) -> Value {
    do {
      return try read()
    } catch {
      preconditionFailure("the simulated stores cannot make an engine's read fail: \(error)")
    }
  }
}

/// A design for the tally domain: the four things the person does; ``SyncDesign/perform(_:of:world:)``
/// follows from them.
public protocol TallySyncDesign: SyncDesign {
  /// A tap on the app's "+" (the app is in the foreground): `record` is the new entry.
  mutating func appTap(_ record: Record, world: inout World)
  /// A tap on the widget's "+" (an interactive intent).
  mutating func widgetTap(_ record: Record, world: inout World)
  /// A tap on the watch.
  mutating func watchTap(_ record: Record, world: inout World)
  /// Deletes `target`, the latest record of today, made by `action` (whose ``PlannedAction/eventID``
  /// names the deletion).
  mutating func appDelete(_ target: Record, by action: PlannedAction, world: inout World)
}

extension TallySyncDesign {
  public static var domain: Domain { .tally }

  public mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
    switch (deed, action.kind) {
    case (.add(let record), .appTap): appTap(record, world: &world)
    case (.add(let record), .widgetTap): widgetTap(record, world: &world)
    case (.add(let record), .watchTap): watchTap(record, world: &world)
    case (.remove(let target), .appDelete): appDelete(target, by: action, world: &world)
    default: preconditionFailure("the tally model does not make \(deed) of \(action.kind)")
    }
  }
}
