import GlanceKernel

/// Glance's converged design for the tally, built on the kernel:
/// - every tap is an immutable `Event` with an id, written in one transaction to the App Group
///   store by the app or the widget intent (a kill cannot split it, and there is no
///   read-modify-write of a shared counter);
/// - the watch writes to its own replica and sends each event with `transferUserInfo` (durable,
///   in order, at least once); the phone forwards its events the same way; receivers merge by id,
///   so duplicates are harmless;
/// - a delete is a `remove` event (a tombstone) that travels like any other;
/// - the widget's timeline is planned from a dated `TallySnapshot` to every local day boundary, so
///   midnight needs no reload; a reload is requested after each change (free in the foreground and
///   after the intent).
struct ConvergedTally: TallySyncDesign {
  static let name = "converged"
  static let expectedToConverge = true
  /// How far ahead a timeline is planned.
  static let horizonMilliseconds = 2 * Instant.millisecondsPerDay

  /// The App Group store (the phone's replica).
  private var phone = CountedReplica()
  /// The watch's replica.
  private var watch = CountedReplica()
  /// Phone events not yet handed to `transferUserInfo` for the watch, in the order recorded.
  private var unforwarded: [Event] = []

  static let domain = Domain.tally
  static let surfaces: [Surface] = [.app, .widget, .watch]

  init(scenario: Scenario) {}

  /// Records a phone event; one that came from the watch is not sent back.
  private mutating func recordOnPhone(_ event: Event) {
    guard phone.insert(event) else { return }
    if event.origin != .watch { unforwarded.append(event) }
  }

  mutating func appTap(_ action: PlannedAction, world: inout World) {
    recordOnPhone(Event(id: action.eventID, kind: .add, instant: action.time, origin: .app))
    world.requestReloadMindingDeafWindow(context: .appInForeground)
    forwardToWatch(world: &world)
  }

  mutating func widgetTap(_ action: PlannedAction, world: inout World) {
    recordOnPhone(Event(id: action.eventID, kind: .add, instant: action.time, origin: .widgetIntent))
    world.requestReloadMindingDeafWindow(context: .afterInteractiveIntent)
    // The "+" intent is performed in the app's process, launched in the background without
    // opening the app (as AppIntents' LiveActivityIntent is), so it can reach WatchConnectivity.
    world.wakeAppInBackground()
    forwardToWatch(world: &world)
  }

  mutating func watchTap(_ action: PlannedAction, world: inout World) {
    let event = Event(id: action.eventID, kind: .add, instant: action.time, origin: .watch)
    watch.insert(event)
    world.transferUserInfo(.event(event), to: .phone)
  }

  mutating func appDelete(_ action: PlannedAction, world: inout World) -> Instant? {
    let today = world.calendar.dayInterval(containing: world.now)
    guard let target = phone.replica.liveAdds.filter({ today.contains($0.instant) }).max(by: { ($0.instant, $0.id) < ($1.instant, $1.id) }) else {
      return nil
    }
    recordOnPhone(Event(id: action.eventID, kind: .remove(target: target.id), instant: action.time, origin: .app))
    world.requestReloadMindingDeafWindow(context: .appInForeground)
    forwardToWatch(world: &world)
    return target.instant
  }

  mutating func appBecameActive(world: inout World) {
    forwardToWatch(world: &world)
    world.requestReloadMindingDeafWindow(context: .appInForeground)
  }

  /// The app is told of the new zone when it runs in the foreground; the reload is free then.
  mutating func zoneChanged(world: inout World) {
    if world.appForeground { world.requestReloadMindingDeafWindow(context: .appInForeground) }
  }

  mutating func appKilled(world: inout World) {}

  mutating func step(_ step: Step, world: inout World) {}

  /// Hands every phone event the watch has not been sent to `transferUserInfo`, in order.
  private mutating func forwardToWatch(world: inout World) {
    for event in unforwarded { world.transferUserInfo(.event(event), to: .watch) }
    unforwarded = []
  }

  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {
    guard case .event(let event) = message else { return }
    switch device {
    case .phone:
      world.wakeAppInBackground()
      guard !phone.replica.contains(event.id) else { return }  // a duplicate delivery
      recordOnPhone(event)
      world.requestReloadMindingDeafWindow(context: world.appForeground ? .appInForeground : .background)
      forwardToWatch(world: &world)
    case .watch:
      watch.insert(event)  // a duplicate delivery is ignored
    }
  }

  func timeline(world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
    let calendar = world.calendar
    let today = calendar.dayInterval(containing: world.now)
    let snapshot: TallySnapshot
    do {
      snapshot = try TallySnapshot(
        asOf: world.now, dayKey: DayKey(date: today.date, zoneIdentifier: calendar.identifier),
        todayCount: phone.live.count(in: today), calendar: calendar)
    } catch {
      preconditionFailure("a snapshot of the store is consistent: \(error)")
    }
    return widgetCountTimeline(
      .tally(snapshot), kind: .tally, calendar: calendar, now: world.now, horizonMilliseconds: Self.horizonMilliseconds
    ) { model in
      guard case .tally(let tally) = model else { preconditionFailure("a tally timeline renders tallies") }
      return tally.count
    }
  }

  func appCount(world: World) -> Int { phone.live.count(in: world.calendar.dayInterval(containing: world.now)) }

  func watchCount(world: World) -> Int { watch.live.count(in: world.calendar.dayInterval(containing: world.now)) }

  func storedTimestamps() -> [Instant] { phone.live.values }
}

/// A replica with its live adds kept sorted by instant, so that counting "today" after every
/// event costs two binary searches instead of a pass over the whole log.
///
/// ## Laws
/// - `live` holds exactly the instants of `replica.liveAdds`.
struct CountedReplica {
  private(set) var replica = Replica()
  private(set) var live = SortedInstants()
  /// The live adds by id (looked up, never iterated).
  private var liveAdds: [EventID: Instant] = [:]
  /// Every id a removal targets (looked up, never iterated).
  private var removed: Set<EventID> = []

  /// Inserts `event`; `false` when the replica already held it (a duplicate delivery).
  @discardableResult
  mutating func insert(_ event: Event) -> Bool {
    guard !replica.contains(event.id) else { return false }
    do {
      try replica.insert(event)
    } catch {
      preconditionFailure("the workload drew one id twice: \(error)")
    }
    switch event.kind {
    case .add:
      if !removed.contains(event.id) {
        live.insert(event.instant)
        liveAdds[event.id] = event.instant
      }
    case .remove(let target):
      removed.insert(target)
      if let instant = liveAdds.removeValue(forKey: target) { live.remove(instant) }
    case .complete, .uncomplete, .expense:
      break
    }
    return true
  }
}
