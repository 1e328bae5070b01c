import GlanceKernel

/// MirrorSmoker's final design on `master` (`../shared/domain/babysteps-mirrorsmoker.md` §2.3–2.5),
/// reproduced with its bugs:
/// - the widget intent appends to `widget_pending_cigarettes` and increments the **undated**
///   `todayCount` by read-modify-write, in separate steps (§2.3);
/// - the app drains the queue (read, insert and save, then remove the **whole** key) from its 10 s
///   SyncCoordinator timer and on `didBecomeActive` (§2.3), so a tap appended in between is lost and
///   a kill between save and removal replays the queue (§2.5 "Lost writes", "Duplicates");
/// - the widget trusts `todayCount` whenever it is > 0, one entry, `.after(now + 15 min)`, so after
///   midnight it shows yesterday's count and "+" increments it (§2.5);
/// - the phone talks to the watch only with `sendMessage` guarded by reachability; the watch adds
///   locally when unreachable and never forwards, and the next `fullSync` replaces its list (§2.3,
///   §2.5);
/// - a delete in the app only reloads the widgets: `todayCount` and the watch keep the old count
///   (§2.5 "Delete is not propagated").
struct MirrorSmokerLegacy: TallySyncDesign {
  static let name = "mirrorsmoker-legacy"
  static let expectedToConverge = false

  /// The SwiftData store in the App Group: cigarette timestamps.
  private var store = Tally() { didSet { storeVersion += 1 } }
  /// Counts the changes to the store: the app's display is memoised on it.
  private var storeVersion = 0
  private let appMemo = Memo<DayMemoKey, Display>()
  /// App Group defaults.
  private var todayCount = 0
  private var pending: [Instant] = []
  private var lastUpdated: Instant? = nil
  /// The app's memory (lost on a kill).
  private var lastSyncTime: Instant? = nil
  private var timerRunning = false
  /// The watch's `cigarettes_<day>` list.
  private var watchDay: CivilDate? = nil
  private var watchList: [Instant] = []

  init(scenario: Scenario, stores: RunStores) {}

  /// The store's cigarettes of today, in the device's zone when the code runs.
  private func storeCount(world: World) -> Int {
    store.count(in: world.today)
  }

  /// The store's cigarettes of today, oldest first.
  private func todaysTimestamps(world: World) -> [Instant] {
    Array(store.instants(in: world.today))
  }

  mutating func appTap(_ record: Record, world: inout World) {
    store.insert(record.instant)
    updateSharedDefaults(world: &world)
  }

  mutating func widgetTap(_ record: Record, world: inout World) {
    // The system launches the widget extension to perform the intent (a cold start).
    world.schedule(step: MirrorSmokerStep.legacyIntent(phase: 0, timestamp: record.instant, queue: [], count: 0), in: .widgetExtension, after: world.drawDuration(100...800))
  }

  mutating func watchTap(_ record: Record, world: inout World) {
    if world.sendMessage(MirrorSmokerMessage.addCigarette(record.instant), to: .phone) { return }
    // Unreachable: the watch keeps it in its own defaults and never forwards it (§2.3, §2.5).
    let today = world.calendar.date(containing: world.now)
    if watchDay != today { (watchDay, watchList) = (today, []) }
    watchList.append(record.instant)
  }

  mutating func appDelete(_ target: Record, by action: PlannedAction, world: inout World) {
    // The person swipes the row away; a cigarette still in the widget's queue has no row yet.
    store.remove(target.instant)
    // ContentView.deleteCigarette only reloads the widgets.
    world.requestReload(context: .appInForeground)
  }

  mutating func appBecameActive(world: inout World) {
    world.schedule(step: MirrorSmokerStep.legacyDrain(phase: 0, queue: []), in: .app, after: 50)
    if !timerRunning {
      timerRunning = true
      world.schedule(step: MirrorSmokerStep.legacyTimer, in: .app, after: 10_000)
    }
  }

  mutating func appKilled(world: inout World) {
    lastSyncTime = nil
    timerRunning = false
  }

  mutating func step(_ step: MirrorSmokerStep, world: inout World) {
    switch step {
    case .legacyTimer:
      guard world.appForeground else {
        timerRunning = false
        return
      }
      if let lastUpdated, lastUpdated > (lastSyncTime ?? Instant(millisecondsSince1970: Int64.min)) {
        world.schedule(step: MirrorSmokerStep.legacyDrain(phase: 0, queue: []), in: .app, after: 1)
      }
      world.schedule(step: MirrorSmokerStep.legacyTimer, in: .app, after: 10_000)
    case .legacyDrain(let phase, let queue):
      drain(phase: phase, queue: queue, world: &world)
    case .legacyIntent(let phase, let timestamp, let queue, let count):
      intent(phase: phase, timestamp: timestamp, queue: queue, count: count, world: &world)
    }
  }

  /// PendingWidgetActionsManager, then updateSharedUserDefaults.
  private mutating func drain(phase: Int, queue: [Instant], world: inout World) {
    switch phase {
    case 0:
      world.schedule(step: MirrorSmokerStep.legacyDrain(phase: 1, queue: pending), in: .app, after: 20)
    case 1:
      for timestamp in queue { store.insert(timestamp) }
      // Saving the inserted cigarettes to SwiftData takes a while.
      world.schedule(step: MirrorSmokerStep.legacyDrain(phase: 2, queue: queue), in: .app, after: world.drawDuration(50...400))
    case 2:
      pending = []  // removes the whole key, whatever was appended since phase 0
      lastSyncTime = world.now
      world.schedule(step: MirrorSmokerStep.legacyDrain(phase: 3, queue: []), in: .app, after: 10)
    default:
      updateSharedDefaults(world: &world)
    }
  }

  /// AddCigaretteIntent in the widget extension.
  private mutating func intent(phase: Int, timestamp: Instant, queue: [Instant], count: Int, world: inout World) {
    let next: MirrorSmokerStep
    switch phase {
    case 0: next = .legacyIntent(phase: 1, timestamp: timestamp, queue: pending, count: 0)
    case 1:
      pending = queue + [timestamp]
      lastUpdated = world.now
      next = .legacyIntent(phase: 2, timestamp: timestamp, queue: [], count: 0)
    case 2: next = .legacyIntent(phase: 3, timestamp: timestamp, queue: [], count: todayCount)
    case 3:
      todayCount = count + 1  // optimistic +1 on the undated count
      next = .legacyIntent(phase: 4, timestamp: timestamp, queue: [], count: 0)
    default:
      world.requestReload(context: .afterInteractiveIntent)
      return
    }
    world.schedule(step: next, in: .widgetExtension, after: 10)
  }

  /// Recomputes today's count from the store, reloads the widgets, full-syncs the watch.
  private mutating func updateSharedDefaults(world: inout World) {
    todayCount = storeCount(world: world)
    lastUpdated = world.now
    world.requestReload(context: world.appForeground ? .appInForeground : .background)
    let today = world.calendar.date(containing: world.now)
    _ = world.sendMessage(MirrorSmokerMessage.fullSync(day: today, timestamps: todaysTimestamps(world: world)), to: .watch)
  }

  mutating func receive(_ message: MirrorSmokerMessage, on device: Device, via channel: Channel, world: inout World) {
    switch (message, device) {
    case (.addCigarette(let timestamp), .phone):
      world.wakeAppInBackground()
      store.insert(timestamp)
      updateSharedDefaults(world: &world)
    case (.fullSync(let day, let timestamps), .watch):
      (watchDay, watchList) = (day, timestamps)  // replaces the watch's list
    default:
      break
    }
  }

  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    // CigaretteProvider: trusts the undated todayCount whenever it is > 0.
    let count = todayCount > 0 ? todayCount : storeCount(world: world)
    return .single(
      .tallyBadge(TallyBadge(count: count, limit: PersonSettings.tallyDailyLimit)), now: world.now,
      reloadAfter: 15 * Instant.millisecondsPerMinute)
  }

  func display(on surface: Surface, world: World) -> Display {
    switch surface {
    case .app:
      // A summary depends on the day, not the instant within it (its average ends before today).
      return appMemo.value(for: DayMemoKey(version: storeVersion, world: world)) {
        .tally(
          TallySummary(
            tally: store, at: world.now, in: world.calendar, limit: PersonSettings.tallyDailyLimit,
            streakLimit: PersonSettings.tallyStreakLimit))
      }
    case .watch:
      let count = watchDay == world.today.date ? watchList.count : 0
      return .tallyBadge(TallyBadge(count: count, limit: PersonSettings.tallyDailyLimit))
    case .widget, .yearWidget:
      preconditionFailure("widgets show their timelines")
    }
  }

  func storedRecords(on device: Device) -> StoredRecords? {
    .instants(device == .phone ? store.instants : watchList)
  }
}
