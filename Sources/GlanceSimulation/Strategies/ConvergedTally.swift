import GlanceKernel

/// Glance's converged design for the tally, built on the kernel:
/// - every tap is an immutable `Event` with an id, written in one transaction to the App Group
///   store by the app or the widget intent (a kill cannot split it, and there is no
///   read-modify-write of a shared counter);
/// - the watch writes to its own replica and sends each event with `transferUserInfo` (durable,
///   in order, at least once: a write must not be lost); the phone merges by id, so duplicates
///   are harmless;
/// - the phone pushes its state to the watch with `updateApplicationContext` (latest value wins):
///   its log in the order it recorded events, each push a superset of the last, so a push the
///   watch never saw costs nothing (`../shared/domain/babysteps-mirrorsmoker.md` §4.5: writes over a
///   durable FIFO, state over latest-wins);
/// - a delete is a `remove` event (a tombstone) that travels like any other;
/// - the widget's timeline is planned from a dated `TallySnapshot` to every local day boundary, so
///   midnight needs no reload; a reload is requested after each change (free in the foreground and
///   after the intent); a change learned in the background goes through a ``ReloadPacer``, so that
///   however many watch taps arrive, the charged reloads stay within half the refresh budget.
///
/// Both devices' stores are ``DeviceLog``s: in memory, or durable logs from the run's
/// ``StoreBackend`` (`simulate --store sqlite`: GlanceStore's SQLite store).
struct ConvergedTally: TallySyncDesign, ConvergedDesign {
  /// The App Group store (the phone's replica).
  private var phone: DeviceLog
  /// The watch's store.
  private var watch: DeviceLog
  /// The phone's events in the order it recorded them: the state it pushes to the watch.
  private var phoneLog: [Event] = []
  /// How much of the phone's log the watch has merged.
  private var watchMergedCount = 0
  /// The app's summary, for the phone log's version, the day and the zone.
  private let appMemo = Memo<DayMemoKey, Display>()
  /// Coalesces the charged reloads of changes learned in the background.
  private var pacer: ReloadPacer

  init(scenario: Scenario, stores: RunStores) {
    phone = DeviceLog("phone", stores: stores)
    watch = DeviceLog("watch", stores: stores)
    do {
      pacer = try ReloadPacer(refreshBudget: scenario.refreshBudget)
    } catch {
      preconditionFailure("a loaded scenario's refresh budget is in range: \(error)")
    }
  }

  /// Asks for a reload: at once in the foreground (free), through the pacer in the background.
  private mutating func reloadAfterChange(world: inout World) {
    switch pacer.change(at: world.now, free: world.appForeground) {
    case .reloadNow: world.requestReloadMindingDeafWindow(context: world.appForeground ? .appInForeground : .background)
    case .reloadAt(let due): world.schedulePacedReload(at: due)
    case .coalesced: break
    }
  }

  mutating func pacedReloadDue(world: inout World) {
    guard pacer.due(at: world.now, free: world.appForeground) else { return }
    world.requestReloadMindingDeafWindow(context: world.appForeground ? .appInForeground : .background)
  }

  /// Records an event made on the phone (by the app or the widget intent).
  private mutating func recordOnPhone(_ event: Event) {
    guard phone.record(event) else { return }
    phoneLog.append(event)
  }

  mutating func appTap(_ record: Record, world: inout World) {
    recordOnPhone(Event(id: record.id, kind: .add, instant: record.instant, origin: .app))
    reloadAfterChange(world: &world)
    forwardToWatch(world: &world)
  }

  mutating func widgetTap(_ record: Record, world: inout World) {
    recordOnPhone(Event(id: record.id, kind: .add, instant: record.instant, origin: .widgetIntent))
    world.requestReloadMindingDeafWindow(context: .afterInteractiveIntent)
    // The "+" intent is performed in the app's process, launched in the background without
    // opening the app (as AppIntents' LiveActivityIntent is), so it can reach WatchConnectivity.
    world.wakeAppInBackground()
    forwardToWatch(world: &world)
  }

  mutating func watchTap(_ record: Record, world: inout World) {
    let event = Event(id: record.id, kind: .add, instant: record.instant, origin: .watch)
    watch.record(event)
    world.transferUserInfo(ConvergedTallyMessage.event(event), to: .phone)
  }

  mutating func appDelete(_ target: Record, by action: PlannedAction, world: inout World) {
    // A tombstone: it removes its target wherever and whenever the two meet.
    recordOnPhone(Event(id: action.eventID, kind: .remove(target: target.id), instant: action.time, origin: .app))
    reloadAfterChange(world: &world)
    forwardToWatch(world: &world)
  }

  mutating func appBecameActive(world: inout World) {
    forwardToWatch(world: &world)
    reloadAfterChange(world: &world)
  }

  /// Pushes the phone's log to the watch as its application context (when it grew).
  private mutating func forwardToWatch(world: inout World) {
    guard phoneLog.count > pushedCount else { return }
    pushedCount = phoneLog.count
    world.updateApplicationContext(ConvergedTallyMessage.phoneLog(length: phoneLog.count), to: .watch)
  }

  /// How long the log was at the last push.
  private var pushedCount = 0

  mutating func receive(_ message: ConvergedTallyMessage, on device: Device, via channel: Channel, world: inout World) {
    switch (message, device) {
    case (.event(let event), .phone):
      world.wakeAppInBackground()
      guard phone.receive([event]) == 1 else { return }  // a duplicate delivery
      phoneLog.append(event)
      reloadAfterChange(world: &world)
      forwardToWatch(world: &world)
    case (.phoneLog(let length), .watch):
      // A later context holds an earlier one: merge what is new since the last one merged.
      guard length > watchMergedCount else { return }
      watch.receive(Array(phoneLog[watchMergedCount..<length]))  // known ids are ignored
      watchMergedCount = length
    default:
      break
    }
  }

  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    precondition(widget == .main, "the tally has one widget")
    let calendar = world.calendar
    let snapshot: TallySnapshot
    do {
      snapshot = try TallySnapshot(
        asOf: world.now, dayKey: calendar.dayKey(containing: world.now),
        todayCount: phone.count(at: world.now, in: calendar), calendar: calendar)
    } catch {
      preconditionFailure("a snapshot of the store is consistent: \(error)")
    }
    return widgetTimeline(.tally(snapshot), kind: .tally, world: world) { model in
      guard case .tally(let tally) = model else { preconditionFailure("a tally timeline renders tallies") }
      return .tallyBadge(TallyBadge(count: tally.count, limit: PersonSettings.tallyDailyLimit))
    }
  }

  func display(on surface: Surface, world: World) -> Display {
    let calendar = world.calendar
    switch surface {
    case .app:
      let key = DayMemoKey(version: phone.version, world: world)
      return appMemo.value(for: key) { .tally(phone.summary(at: world.now, in: calendar)) }
    case .watch:
      return .tallyBadge(TallyBadge(count: watch.count(in: world.today), limit: PersonSettings.tallyDailyLimit))
    case .widget, .yearWidget:
      preconditionFailure("widgets show their timelines")
    }
  }

  func storedRecords(on device: Device) -> StoredRecords? {
    .ids(device == .phone ? phone.liveAddIDs() : watch.liveAddIDs())
  }
}
