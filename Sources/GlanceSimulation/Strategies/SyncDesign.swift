import GlanceKernel

/// What a user action did to the truth the invariants compare with: an entry added or removed
/// (a tap, a completed step), identified by its instant.
enum TruthEffect: Hashable, Sendable {
  case none
  case add(Instant)
  case remove(Instant)
}

/// A sync design under test, for one domain: how app, widget and watch record what the person
/// does, what they store, what they tell each other, and what each surface shows.
///
/// The engine owns time and the world; a design reacts to events and schedules the steps that
/// follow through the world, so that a kill can fall between any two of them.
protocol SyncDesign {
  /// The strategy's stable name, as in reports and `--strategy`.
  static var name: String { get }
  /// The domain the design plays.
  static var domain: Domain { get }
  /// The surfaces that show the domain's count.
  static var surfaces: [Surface] { get }
  /// Whether the design is expected to satisfy every invariant (`simulate` exits 1 when one
  /// that is expected to converge does not).
  static var expectedToConverge: Bool { get }

  /// A design for `scenario`; it reads the device's current zone from the world (`world.calendar`)
  /// whenever it computes "today", as the apps read the system's zone.
  init(scenario: Scenario)
  /// A design for `scenario` that keeps its devices' stores in `stores` (the run's backend);
  /// by default a design keeps its own model in memory (`init(scenario:)`).
  init(scenario: Scenario, stores: RunStores)

  /// The person did `action` (the engine has checked that the app is in the foreground for
  /// in-app actions); returns what it changed in the truth.
  mutating func perform(_ action: PlannedAction, world: inout World) -> TruthEffect
  /// The app came to the foreground (launched if needed).
  mutating func appBecameActive(world: inout World)
  /// The app was killed: in-memory state is gone.
  mutating func appKilled(world: inout World)
  mutating func step(_ step: Step, world: inout World)
  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World)
  /// The widget's timeline provider: entries (date, count) and the reload policy.
  func timeline(world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy)
  /// How many widgets the design has: 1, or 2 for Pulpe's current-period and year widgets.
  static var widgetCount: Int { get }
  /// The timeline of widget `widget` (0 is the main widget, ``timeline(world:)``).
  func timeline(widget: Int, world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy)
  /// What `surface` should show at `instant` with the device in `calendar`'s zone (the year
  /// widget shows a year, the others ``trueValue(of:at:in:)``).
  func trueValue(of entries: SortedInstants, at instant: Instant, in calendar: ZoneCalendar, on surface: Surface) -> Int
  /// What the app (when in the foreground) or the watch shows now; the widget's count comes from
  /// the host's timeline.
  func count(on surface: Surface, world: World) -> Int
  /// The entries the phone's store holds (instants, with repetition): what the no-lost-write and
  /// no-double-count invariants compare with the truth.
  func storedTimestamps() -> [Instant]
  /// Records that a store move lost, if the design plays one (steps domain).
  var recordsLostByStoreMove: Int { get }
  /// The store-move day begins: the updated app is installed (the widget may open the App Group
  /// store before the app runs).
  mutating func storeMoveDayBegins(world: inout World)
  /// Whether the widget exists yet (in a store-move scenario it arrives with the updated app).
  var widgetInstalled: Bool { get }
  /// What every surface should show at `instant` with the device in `calendar`'s zone, from the
  /// truth's entries: for the tally and the steps, the entries on the local day of `instant`.
  func trueValue(of entries: SortedInstants, at instant: Instant, in calendar: ZoneCalendar) -> Int
  /// The app went to the background.
  mutating func appWentToBackground(world: inout World)
  /// The device's zone changed (`world.calendar` is the new one). iOS tells a running app
  /// (`NSSystemTimeZoneDidChange`, `significantTimeChangeNotification`); it tells neither a
  /// suspended app nor a widget.
  mutating func zoneChanged(world: inout World)
  /// The system ran the app's background refresh task (BGAppRefresh).
  mutating func backgroundRefresh(world: inout World)
}

extension SyncDesign {
  static var widgetCount: Int { 1 }

  init(scenario: Scenario, stores: RunStores) {
    self.init(scenario: scenario)
  }

  func timeline(widget: Int, world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
    precondition(widget == 0, "\(Self.name) has one widget")
    return timeline(world: world)
  }

  func trueValue(of entries: SortedInstants, at instant: Instant, in calendar: ZoneCalendar, on surface: Surface) -> Int {
    trueValue(of: entries, at: instant, in: calendar)
  }

  /// The entries on the local day of `instant`: what the tally and the steps show.
  func trueValue(of entries: SortedInstants, at instant: Instant, in calendar: ZoneCalendar) -> Int {
    entries.count(in: calendar.dayInterval(containing: instant))
  }

  mutating func appWentToBackground(world: inout World) {}
  mutating func zoneChanged(world: inout World) {}
  mutating func backgroundRefresh(world: inout World) {}

  var recordsLostByStoreMove: Int { 0 }
  var widgetInstalled: Bool { true }
  mutating func storeMoveDayBegins(world: inout World) {}
}

/// Glance's converged design, in any domain: expected to keep every invariant, and its app,
/// told of a new zone while in the foreground, reloads the widgets then (free). A widget is told
/// nothing: the zone check of ``countTimeline(_:now:horizonMilliseconds:count:)`` covers it.
protocol ConvergedDesign: SyncDesign {}

extension ConvergedDesign {
  static var name: String { StrategyName.converged.rawValue }
  static var expectedToConverge: Bool { true }

  mutating func zoneChanged(world: inout World) {
    if world.appForeground { world.requestReloadMindingDeafWindow(context: .appInForeground) }
  }
}

/// A design for the tally domain: the four things the person does and the two counts the app and
/// the watch show; `perform` and `count(on:)` follow from them.
protocol TallySyncDesign: SyncDesign {
  mutating func appTap(_ action: PlannedAction, world: inout World)
  mutating func widgetTap(_ action: PlannedAction, world: inout World)
  mutating func watchTap(_ action: PlannedAction, world: inout World)
  /// Deletes the latest entry the app shows today; returns its instant, `nil` when there is none.
  mutating func appDelete(_ action: PlannedAction, world: inout World) -> Instant?
  func appCount(world: World) -> Int
  func watchCount(world: World) -> Int
}

extension TallySyncDesign {
  mutating func perform(_ action: PlannedAction, world: inout World) -> TruthEffect {
    switch action.kind {
    case .appTap:
      appTap(action, world: &world)
      return .add(action.time)
    case .widgetTap:
      widgetTap(action, world: &world)
      return .add(action.time)
    case .watchTap:
      watchTap(action, world: &world)
      return .add(action.time)
    case .appDelete:
      return appDelete(action, world: &world).map(TruthEffect.remove) ?? .none
    case .appOpen:
      return .none
    }
  }

  func count(on surface: Surface, world: World) -> Int {
    surface == .watch ? watchCount(world: world) : appCount(world: world)
  }
}

/// How soon after planning a converged widget asks for a new timeline, whatever its entries: the
/// zone check. A timeline is right as time passes only in the zone it was planned in, and
/// WidgetKit documents no reload when the device's zone changes (a flight), so every converged
/// timeline is capped at an hour (`Timeline.reloading(noLaterThan:)`): a widget shows "today" of
/// a zone the device has left for at most that long plus WidgetKit's lateness. Cost: one charged
/// reload an hour, 24 of the 40–70 a day WidgetKit grants a widget that is looked at.
let zoneCheckMilliseconds = Instant.millisecondsPerHour

/// The timeline a converged design gives WidgetKit: `projection` planned from `now` over
/// `horizonMilliseconds`, each entry rendered to the integer the checker compares, reloaded
/// after the zone check at the latest.
func countTimeline<Projection: TimelineProjection>(
  _ projection: Projection, now: Instant, horizonMilliseconds: Int64, count: (Projection.Model) -> Int
) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
  do {
    let timeline = try TimelinePlanner.plan(projection, now: now, horizon: now.advanced(by: horizonMilliseconds))
      .reloading(noLaterThan: now.advanced(by: zoneCheckMilliseconds))
    return (timeline.entries.map { ($0.date, count($0.model)) }, timeline.policy)
  } catch {
    preconditionFailure("planning \(horizonMilliseconds) ms from \(now) cannot fail: \(error)")
  }
}

/// ``countTimeline(_:now:horizonMilliseconds:count:)`` for a step or tally widget's snapshot.
func widgetCountTimeline(
  _ snapshot: WidgetSnapshot, kind: WidgetKind, calendar: ZoneCalendar, now: Instant,
  horizonMilliseconds: Int64, count: (WidgetModel) -> Int
) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
  do {
    let projection = try WidgetProjection(snapshot: snapshot, kind: kind, calendar: calendar, labels: .english)
    return countTimeline(projection, now: now, horizonMilliseconds: horizonMilliseconds, count: count)
  } catch {
    preconditionFailure("a \(kind) widget takes this snapshot: \(error)")
  }
}
