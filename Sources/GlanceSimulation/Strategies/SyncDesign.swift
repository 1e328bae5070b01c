import GlanceKernel

/// A sync design under test, for one domain: how app, widget and watch record what the person
/// does, what they store, what they tell each other, and what each surface shows.
///
/// The engine owns time, the world and the truth: it records every action the person performs
/// in the domain's model, then hands the design what the action means (a ``Deed``). A design
/// never says what the truth is; the checker compares what its surfaces show (typed
/// ``Display``s) and what its stores hold (``StoredRecords``) with the model.
///
/// A design reacts to events and schedules the steps that follow through the world, so that a
/// kill can fall between any two of them.
protocol SyncDesign {
  /// What the design's phone and watch send each other (the world carries it unread).
  associatedtype Message: Sendable = Never
  /// The steps of the design's multi-step operations (the world schedules them unread).
  associatedtype Step: OperationStep = Never

  /// The strategy's stable name, as in reports and `--strategy`.
  static var name: String { get }
  /// The domain the design plays: its model judges the design.
  static var domain: Domain { get }
  /// Whether the design is expected to satisfy every invariant (`simulate` exits 1 when one
  /// that is expected to converge does not).
  static var expectedToConverge: Bool { get }
  /// The design's widgets: ``WidgetID/main``, and ``WidgetID/year`` for Pulpe's year overview.
  static var widgets: [WidgetID] { get }

  /// A design for `scenario` that keeps its devices' stores in `stores` (the run's backend). It
  /// reads the device's current zone from the world (`world.calendar`) whenever it computes
  /// "today", as the apps read the system's zone.
  init(scenario: Scenario, stores: RunStores)

  /// The person did `action`, which means `deed` (the engine has checked that the app is in the
  /// foreground for in-app actions, and recorded the deed in the truth).
  mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World)
  /// The app came to the foreground (launched if needed).
  mutating func appBecameActive(world: inout World)
  /// The app was killed: in-memory state is gone.
  mutating func appKilled(world: inout World)
  mutating func step(_ step: Step, world: inout World)
  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World)
  /// The timeline provider of `widget`.
  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline
  /// What the app (when in the foreground) or the watch shows now; widgets show their
  /// timelines' entries.
  func display(on surface: Surface, world: World) -> Display
  /// What `device`'s store holds; `nil` when the device keeps no store of the domain.
  func storedRecords(on device: Device) -> StoredRecords?
  /// The store-move day begins: the updated app is installed (the widget may open the App Group
  /// store before the app runs).
  mutating func storeMoveDayBegins(world: inout World)
  /// Whether the widget exists yet (in a store-move scenario it arrives with the updated app).
  var widgetInstalled: Bool { get }
  /// The app went to the background.
  mutating func appWentToBackground(world: inout World)
  /// The device's zone changed (`world.calendar` is the new one). iOS tells a running app
  /// (`NSSystemTimeZoneDidChange`, `significantTimeChangeNotification`); it tells neither a
  /// suspended app nor a widget.
  mutating func zoneChanged(world: inout World)
  /// The system ran the app's background refresh task (BGAppRefresh).
  mutating func backgroundRefresh(world: inout World)
  /// A reload the design scheduled with ``World/schedulePacedReload(at:)`` is due.
  mutating func pacedReloadDue(world: inout World)
}

extension SyncDesign {
  static var widgets: [WidgetID] { [.main] }

  mutating func appWentToBackground(world: inout World) {}
  mutating func zoneChanged(world: inout World) {}
  mutating func backgroundRefresh(world: inout World) {}
  mutating func pacedReloadDue(world: inout World) {}
  mutating func appKilled(world: inout World) {}
  mutating func step(_ step: Step, world: inout World) {}
  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {}

  var widgetInstalled: Bool { true }
  mutating func storeMoveDayBegins(world: inout World) {}
}

/// Glance's converged design, in any domain: expected to keep every invariant, and its app,
/// told of a new zone while in the foreground, reloads the widgets then (free). A widget is told
/// nothing: the zone check of ``plannedTimeline(_:now:horizonMilliseconds:display:)`` covers it.
protocol ConvergedDesign: SyncDesign {}

extension ConvergedDesign {
  static var name: String { StrategyName.converged.rawValue }
  static var expectedToConverge: Bool { true }

  mutating func zoneChanged(world: inout World) {
    if world.appForeground { world.requestReloadMindingDeafWindow(context: .appInForeground) }
  }
}

/// A design for the tally domain: the four things the person does; `perform` follows from them.
protocol TallySyncDesign: SyncDesign {
  mutating func appTap(_ record: Record, world: inout World)
  mutating func widgetTap(_ record: Record, world: inout World)
  mutating func watchTap(_ record: Record, world: inout World)
  /// Deletes `target`, the latest record of today, made by `action`.
  mutating func appDelete(_ target: Record, by action: PlannedAction, world: inout World)
}

extension TallySyncDesign {
  static var domain: Domain { .tally }

  mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
    switch (deed, action.kind) {
    case (.add(let record), .appTap): appTap(record, world: &world)
    case (.add(let record), .widgetTap): widgetTap(record, world: &world)
    case (.add(let record), .watchTap): watchTap(record, world: &world)
    case (.remove(let target), .appDelete): appDelete(target, by: action, world: &world)
    default: preconditionFailure("the tally model does not make \(deed) of \(action.kind)")
    }
  }
}

/// How soon after planning a converged widget asks for a new timeline, whatever its entries: the
/// zone check. A timeline is right as time passes only in the zone it was planned in, and
/// WidgetKit documents no reload when the device's zone changes (a flight), so every converged
/// timeline is capped at an hour (`Timeline.reloading(noLaterThan:)`): a widget shows "today" of
/// a zone the device has left for at most that long plus WidgetKit's lateness. Cost: one charged
/// reload an hour, 24 of the 40–70 a day WidgetKit grants a widget that is looked at.
let zoneCheckMilliseconds = Instant.millisecondsPerHour

/// How far ahead a converged step or tally widget's timeline is planned: two days, so that the
/// next day boundary is always in it.
let dayTimelineHorizonMilliseconds = 2 * Instant.millisecondsPerDay

/// The timeline a converged design gives WidgetKit: `projection` planned from `now` over
/// `horizonMilliseconds`, each entry rendered to the display the checker compares, reloaded
/// after the zone check at the latest.
func plannedTimeline<Projection: TimelineProjection>(
  _ projection: Projection, now: Instant, horizonMilliseconds: Int64, display: (Projection.Model) -> Display
) -> WidgetTimeline {
  do {
    let timeline = try TimelinePlanner.plan(projection, now: now, horizon: now.advanced(by: horizonMilliseconds))
      .reloading(noLaterThan: now.advanced(by: zoneCheckMilliseconds))
    return WidgetTimeline(
      entries: timeline.entries.map { WidgetTimeline.Entry(date: $0.date, display: display($0.model)) },
      policy: timeline.policy)
  } catch {
    preconditionFailure("planning \(horizonMilliseconds) ms from \(now) cannot fail: \(error)")
  }
}

/// ``plannedTimeline(_:now:horizonMilliseconds:display:)`` for a step or tally widget's snapshot,
/// in the device's zone, over two days.
func widgetTimeline(
  _ snapshot: WidgetSnapshot, kind: WidgetKind, world: World, display: (WidgetModel) -> Display
) -> WidgetTimeline {
  do {
    let projection = try WidgetProjection(snapshot: snapshot, kind: kind, calendar: world.calendar, labels: .english)
    return plannedTimeline(projection, now: world.now, horizonMilliseconds: dayTimelineHorizonMilliseconds, display: display)
  } catch {
    preconditionFailure("a \(kind) widget takes this snapshot: \(error)")
  }
}
