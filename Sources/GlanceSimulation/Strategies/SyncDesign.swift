import GlanceKernel
public import GlanceSync

/// A sync design under test, for one domain: how app, widget and watch record what the person
/// does, what they store, what they tell each other, and what each surface shows. Write one for
/// your own app and run it with ``Simulation/run(design:scenario:days:seed:store:detail:)``,
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
/// ## The faults a design meets
/// Every design meets every fault of the scenario, whether or not it declares anything:
/// - **App kills**: a kill falls before one of the next steps the app scheduled as part of an
///   operation (``OperationStep/isOperationStep``), within six hours; failing that, it takes the
///   app down between two of its callbacks. A callback itself is never cut in two: on iOS a
///   running app is killed while suspended or between the steps of an asynchronous operation,
///   not between two synchronous calls, so a design whose work is asynchronous schedules its
///   steps (and meets kills between them). ``appKilled(world:)`` follows each kill.
/// - **Widget-extension kills** fall before one of the next steps of the intent the extension
///   performs, within six hours; the watch app's, shortly after a watch tap.
/// - **Store write failures** strike the next commit on the phone: a design that asks
///   (``World/phoneCommitFails()``, or a ``SimulatedEventLog``, which asks for it) meets the
///   failure there; one that does not meets it as an app that ignores its save's error: what the
///   action wrote is gone (the design is put back as it was before the action), what it sent or
///   asked for stays done. Not for a design that keeps its records on a server
///   (``keepsRecordsOnServer``).
/// - **Corrupted defaults** strike one of the keys the design declares (``defaultsKeys``, told
///   with ``defaultsCorrupted(_:world:)``), or, for a design that declares none, one of the values
///   it keeps in the world's App Group defaults (``World/appGroupDefaults``), which it then reads
///   back as garbage.
/// - **WatchConnectivity**: messages delayed, duplicated (`transferUserInfo`), failed in flight or
///   unanswered (`sendMessage`), the watch out of range (``reachabilityChanged(world:)``), the
///   watch app not running; **WidgetKit**: the refresh budget, the deaf window, late firing;
///   **time**: day boundaries, DST days, zone changes.
/// The report's fault table counts what struck each design: a count of 0 for a fault the
/// scenario injects says the design kept nothing it could strike.
///
/// ## Laws (what the simulator promises a design)
/// - Every call happens at ``World/now``, in virtual time; nothing else runs meanwhile.
/// - ``perform(_:of:world:)`` is called once per accepted action, after the truth recorded it;
///   in-app actions only while the app is in the foreground.
/// - A message is handed back only to the design that sent it, as sent; a step likewise.
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

  /// A design for `scenario` that keeps its devices' stores in `stores` (the run's backend: open
  /// them with ``SimulatedEventLog/init(_:on:stores:)``, or keep your own in memory). It reads the
  /// device's current zone from the world (`world.calendar`) whenever it computes "today", as
  /// the apps read the system's zone.
  init(scenario: Scenario, stores: RunStores)

  /// The person did `action`, which means `deed` (the simulator has checked that the app is in
  /// the foreground for in-app actions, and recorded the deed in the truth).
  mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World)
  /// The app came to the foreground (launched if needed).
  mutating func appBecameActive(world: inout World)
  /// The app was killed: every step it had scheduled is gone, and so is what it kept in memory.
  mutating func appKilled(world: inout World)
  /// A step the design scheduled with ``World/schedule(step:in:after:)`` runs.
  mutating func step(_ step: Step, world: inout World)
  /// A message the other device sent on `channel` arrived on `device`.
  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World)
  /// The timeline provider of `widget`: what WidgetKit gets when it reloads the widget.
  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline
  /// What the app (when in the foreground) or the watch shows now; widgets show their
  /// timelines' entries.
  func display(on surface: Surface, world: World) -> Display
  /// What `device`'s store holds; `nil` when the device keeps no store of the domain.
  func storedRecords(on device: Device) -> StoredRecords?
  /// The store-move day begins: the updated app is installed (the widget may open the App Group
  /// store before the app runs).
  mutating func storeMoveDayBegins(world: inout World)
  /// Whether the widget exists yet (in a store-move scenario it arrives with the updated app;
  /// `true` by default).
  var widgetInstalled: Bool { get }
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
  /// The system ran the app's background refresh task (BGAppRefresh).
  mutating func backgroundRefresh(world: inout World)
  /// A wake the design asked for with ``World/scheduleWake(at:for:)`` is due.
  mutating func wake(_ reason: WakeReason, world: inout World)
  /// The app was opened from the widget (a tap on its body): WidgetKit ignores reload requests
  /// for the next 30 s. Called before ``appBecameActive(world:)``, and also when the app was
  /// in the foreground already.
  mutating func appOpenedFromWidget(world: inout World)
  /// The widget extension was killed while performing an intent: the intent's remaining steps
  /// are gone, and so is what the extension kept in memory.
  mutating func widgetExtensionKilled(world: inout World)
  /// The watch app was launched (the person opened it while it was not running). Called before
  /// the watch tap that opened it is performed.
  mutating func watchAppLaunched(world: inout World)
  /// The watch app was killed: its steps, what it kept in memory, the messages on their way to
  /// it and the error handlers it awaited are gone.
  mutating func watchAppKilled(world: inout World)
  /// A `sendMessage` the design sent to `device` came to nothing: its error handler runs on the
  /// sending device.
  mutating func sendFailed(_ message: Message, to device: Device, because failure: SendFailure, world: inout World)
  /// The keys of the values the design keeps in the App Group's shared defaults, in a fixed
  /// order (the world draws one to corrupt now and then); none by default.
  var defaultsKeys: [String] { get }
  /// The value under `key` (one of ``defaultsKeys``) turned to garbage of the wrong type: from
  /// now on it reads as the platform reads such a value (missing, zero, or a decoding error)
  /// until the design writes it again.
  mutating func defaultsCorrupted(_ key: String, world: inout World)
}

extension SyncDesign {
  public static var widgets: [WidgetID] { [.main] }
  public static var keepsRecordsOnServer: Bool { false }

  public mutating func appWentToBackground(world: inout World) {}
  public mutating func reachabilityChanged(world: inout World) {}
  public mutating func zoneChanged(world: inout World) {}
  public mutating func backgroundRefresh(world: inout World) {}
  public mutating func wake(_ reason: WakeReason, world: inout World) {}
  public mutating func appOpenedFromWidget(world: inout World) {}
  public mutating func appKilled(world: inout World) {}
  public mutating func step(_ step: Step, world: inout World) {}
  public mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {}
  public mutating func widgetExtensionKilled(world: inout World) {}
  public mutating func watchAppLaunched(world: inout World) {}
  public mutating func watchAppKilled(world: inout World) {}
  public mutating func sendFailed(_ message: Message, to device: Device, because failure: SendFailure, world: inout World) {}
  public var defaultsKeys: [String] { [] }
  public mutating func defaultsCorrupted(_ key: String, world: inout World) {}

  public var widgetInstalled: Bool { true }
  public mutating func storeMoveDayBegins(world: inout World) {}
}

/// Glance's converged design, in any domain: GlanceSync's engines wired to the simulated
/// platform, expected to keep every invariant. What the platform tells the phone's engine about
/// reloads (an opening from the widget, a zone change, a wake) is forwarded here once for all.
protocol ConvergedDesign: SyncDesign {
  associatedtype Phone: PhoneEngine
  /// The phone's engine.
  var phone: Phone { get set }
  /// The ports every engine of the design runs on.
  var platform: SimulatedPlatform { get }
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

  /// The one value GlanceSync keeps in the App Group's defaults: the pacer's last charged
  /// reload (`WidgetCenterReloader`'s key).
  var defaultsKeys: [String] { [SimulatedPlatform.lastPacedReloadKey] }

  /// `WidgetCenterReloader` reads garbage as no value: a relaunched engine paces from scratch.
  mutating func defaultsCorrupted(_ key: String, world: inout World) {
    platform.lastPacedReload = nil
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
