import GlanceKernel

/// MirrorSmoker's final design on `master` (`e04b215`), step by step as the app ships it: the
/// facts are in *The real apps Glance models* (MirrorSmoker: the legacy sync, watch messages and the midnight story), checked against the
/// repository's `SyncCoordinator`, `PendingWidgetActionsManager`, `AddCigaretteIntent`,
/// `CigaretteProvider`, `ContentView` and both `WatchConnectivityManager`s. Each step below names
/// the code it reproduces. What it gets wrong, it gets wrong as the app does:
/// - a widget tap goes to a queue in the shared defaults and bumps the **undated** `todayCount`
///   by read-modify-write; the app drains the queue (read, insert and save, then remove the
///   **whole** key), so a tap appended meanwhile is lost and a kill between save and removal
///   replays the queue (§2.5 "Lost writes", "Duplicates");
/// - the widget trusts `todayCount` whenever it or `dailyAverage` is above zero, so after
///   midnight it shows yesterday's count and "+" increments it (§2.5);
/// - a delete in the app only reloads the widgets: `todayCount` and the watch keep the old count
///   until something else recomputes them (§2.5 "Delete is not propagated");
/// - phone and watch talk with `sendMessage` only, guarded by `isReachable`: the phone reaches the
///   watch only while the watch app is in the foreground; the watch adds locally when the phone
///   is unreachable, when sending fails, when the reply times out (the phone may have saved it:
///   a duplicate) or when the phone answers with an error (launched in the background, it has no
///   model context yet), and never forwards what it added (§2.3, §2.5);
/// - the watch shows its in-memory count, undated, in preference to the phone's (§2.5 "Watch
///   precedence");
/// - a failed save (disk full, I/O error) is logged and nothing else: the change stays in the
///   app's main context, shown by the app, and is saved with the next save that succeeds, or
///   lost with the process; a drain whose save failed keeps the queue, so the next drain
///   inserts it again (SwiftData's `ModelContext`: unsaved changes stay pending).
struct MirrorSmokerLegacy: TallySyncDesign {
  static let name = "mirrorsmoker-legacy"
  static let expectedToConverge = false

  // MARK: The App Group (survives kills)

  /// The SwiftData store: cigarette timestamps.
  private var store = Tally() { didSet { contextVersion += 1 } }
  /// Counts the changes to the app's main context (the store and what is unsaved): the app's
  /// display is memoised on it.
  private var contextVersion = 0
  private let appMemo = Memo<DayMemoKey, Display>()
  /// The watch's badge by its count: one display while the count stands, so the judge compares
  /// it again only when it changed.
  private let watchMemo = Memo<Int, Display>()
  // The App Group's defaults are the world's (`World.appGroupDefaults`): the app and the widget
  // extension write and read them there, under these keys (the app's `lastCigaretteTime`,
  // `lastUpdateSource` and `cigarettes_<day>` have no reader in this model, so they are not kept).
  /// `todayCount` (Int): no day stamp.
  static let todayCountKey = "todayCount"
  /// `dailyAverage` (Double, the last 30 × 24 h ÷ 30), kept in thousandths rounded up (only
  /// whether it is above zero is read).
  static let dailyAverageKey = "dailyAverage"
  /// `widget_pending_cigarettes` ([Double] of epoch seconds): the widget's queue.
  static let pendingKey = "widget_pending_cigarettes"
  /// `lastUpdated` (Date).
  static let lastUpdatedKey = "lastUpdated"
  /// `widget_cigarette_added` (Bool, kept as 1 or 0).
  static let widgetAddedKey = "widget_cigarette_added"

  // MARK: The app's memory (lost on a kill: made anew in `appLaunched`)

  /// The main context's inserts and deletes not saved yet (a save failed).
  private var unsavedInserts: [Instant] = [] { didSet { contextVersion += 1 } }
  private var unsavedDeletes: [Instant] = [] { didSet { contextVersion += 1 } }
  /// `SyncCoordinator.lastSyncTime`: `Date()` when the coordinator is made.
  private var lastSyncTime = Instant(millisecondsSince1970: Int64.min)
  /// Whether `WatchConnectivityManager` has its model context: `ContentView.onAppear` sets it,
  /// so an app launched in the background for a watch message has none.
  private var hasModelContext = false
  private var timerRunning = false
  /// When the debounced `UserDefaults.didChangeNotification` is due (100 ms after the last
  /// in-process write).
  private var defaultsChangeDue: Instant? = nil

  // MARK: The watch

  /// The watch's defaults `cigarettes_<day>`: the last day written and its list (the watch only
  /// ever reads today's key).
  private var watchDefaults: (day: CivilDate, list: [Instant])? = nil
  /// The watch app's memory while it runs (the world forgets it when the watch app is killed).
  private var watch = ProcessMemory<MirrorSmokerWatchMemory>(of: .watchApp)

  init(scenario: Scenario, stores: RunStores) {}

  // MARK: The person's actions

  /// `ContentView.addCigarette`: insert and save, then `SyncCoordinator.cigaretteAdded(from:
  /// .app)`: `updateSharedUserDefaults(updateTimestamp: true)`, `reloadAllTimelines()`,
  /// `sendCigaretteAdded` to the watch when reachable, `lastSyncTime = Date()`.
  mutating func appTap(_ record: Record, world: inout World) {
    unsavedInserts.append(record.instant)
    guard save(world: world) else { return }  // the error is logged; nothing is synced
    updateSharedUserDefaults(world: &world)
    world.requestReload(context: .appInForeground)
    world.sendMessage(MirrorSmokerMessage.cigaretteAdded(record.instant), to: .watch)
    lastSyncTime = world.now
  }

  /// The system launches the widget extension to perform `AddCigaretteIntent` (a cold start).
  mutating func widgetTap(_ record: Record, world: inout World) {
    world.schedule(
      step: MirrorSmokerStep.intent(phase: 0, timestamp: record.instant, queue: [], count: 0), in: .widgetExtension,
      after: world.drawDuration(100...800))
  }

  /// `WatchConnectivityManager.addCigarette` on the watch: not reachable → add locally;
  /// otherwise `sendMessage(addCigarette)`, whose reply or error decides (``receive(_:on:via:world:)``,
  /// ``sendFailed(_:to:because:world:)``).
  mutating func watchTap(_ record: Record, world: inout World) {
    if !world.sendMessage(MirrorSmokerMessage.addCigarette(record.instant), to: .phone) {
      addLocally(at: world.now, world: world)
    }
  }

  /// `ContentView.deleteCigarette`: delete and save, then only `reloadAllTimelines()`: neither
  /// `todayCount` nor the watch hears of it (§2.5 "Delete is not propagated"). A cigarette still
  /// in the widget's queue has no row yet: the swipe finds nothing to delete.
  mutating func appDelete(_ target: Record, by action: PlannedAction, world: inout World) {
    if let index = unsavedInserts.firstIndex(of: target.instant) {
      unsavedInserts.remove(at: index)
    } else if store.instants.contains(target.instant) {
      unsavedDeletes.append(target.instant)
    }
    guard save(world: world) else { return }
    world.requestReload(context: .appInForeground)
  }

  /// `modelContext.save()`: the unsaved changes reach the store, unless the commit fails; then
  /// they stay pending in the context.
  private mutating func save(world: World) -> Bool {
    guard !world.phoneCommitFails() else { return false }
    for instant in unsavedInserts { store.insert(instant) }
    for instant in unsavedDeletes { store.remove(instant) }
    (unsavedInserts, unsavedDeletes) = ([], [])
    return true
  }

  /// What the app's main context holds: the store with its unsaved changes.
  private var context: Tally {
    guard !unsavedInserts.isEmpty || !unsavedDeletes.isEmpty else { return store }
    var context = store
    for instant in unsavedInserts { context.insert(instant) }
    for instant in unsavedDeletes { context.remove(instant) }
    return context
  }

  // MARK: The app's lifecycle

  /// `didBecomeActive`: `ContentView.onAppear` gives the watch manager its model context, and
  /// `performFullSync()` drains the queue, then updates the defaults, reloads and full-syncs the
  /// watch. The 10 s timer runs while the app is in the foreground.
  mutating func appBecameActive(world: inout World) {
    hasModelContext = true
    world.schedule(step: MirrorSmokerStep.drain(phase: 0, queue: [], then: .fullSync), in: .app, after: 50)
    if !timerRunning {
      timerRunning = true
      world.schedule(step: MirrorSmokerStep.timer, in: .app, after: 10_000)
    }
  }

  /// A new process: `SyncCoordinator.init` sets `lastSyncTime = Date()`; the main context holds
  /// nothing unsaved, the watch manager has no model context yet, no timer runs (what the last
  /// process held is gone).
  mutating func appLaunched(world: inout World) {
    (unsavedInserts, unsavedDeletes) = ([], [])
    lastSyncTime = world.now
    hasModelContext = false
    timerRunning = false
    defaultsChangeDue = nil
  }

  // MARK: Steps

  mutating func step(_ step: MirrorSmokerStep, world: inout World) {
    switch step {
    case .timer:
      guard world.appForeground else {
        timerRunning = false
        return
      }
      checkForExternalChanges(world: &world)
      world.schedule(step: MirrorSmokerStep.timer, in: .app, after: 10_000)
    case .drain(let phase, let queue, let then):
      drain(phase: phase, queue: queue, then: then, world: &world)
    case .widgetAddedNotification:
      // handleCigaretteAddedFromWidget: the only path after a widget add that recomputes todayCount.
      updateSharedUserDefaults(world: &world)
      world.requestReload(context: reloadContext(world))
      sendDataSync(world: &world)
      lastSyncTime = world.now
    case .intent(let phase, let timestamp, let queue, let count):
      intent(phase: phase, timestamp: timestamp, queue: queue, count: count, world: &world)
    case .defaultsChanged(let due):
      // The debounced notification: only the last write's fires.
      guard due == defaultsChangeDue else { return }
      defaultsChangeDue = nil
      checkForExternalChanges(world: &world)
    }
  }

  /// `checkForExternalChanges()` (the timer, or the debounced `didChangeNotification` of the
  /// app's own writes): only when `lastUpdated > lastSyncTime`; clears `widget_cigarette_added`
  /// and posts its notification if set, then drains the queue, reloads, full-syncs the watch and
  /// sets `lastSyncTime` to the `lastUpdated` it read. It does not recompute `todayCount`
  /// (`a657cb9` removed that, as it looped).
  private mutating func checkForExternalChanges(world: inout World) {
    guard let seen = world.appGroupDefaults.instant(forKey: Self.lastUpdatedKey), seen > lastSyncTime else { return }
    // bool(forKey:): garbage reads false.
    let notify = (world.appGroupDefaults.integer(forKey: Self.widgetAddedKey) ?? 0) != 0
    if notify {
      world.appGroupDefaults.set(.integer(0), forKey: Self.widgetAddedKey)
      defaultsWritten(world: &world)
    }
    world.schedule(
      step: MirrorSmokerStep.drain(phase: 0, queue: [], then: .externalChanges(seen: seen, notify: notify)), in: .app, after: 1)
  }

  /// `PendingWidgetActionsManager.processPendingIfAny()`, then the rest of its caller.
  private mutating func drain(phase: Int, queue: [Instant], then: MirrorSmokerSync, world: inout World) {
    switch phase {
    case 0:
      // Reads the queue (`array(forKey:) as? [Double]`: garbage reads as none); an empty one
      // returns at once.
      let pending = Self.pending(world)
      let next = pending.isEmpty ? 4 : 1
      world.schedule(step: MirrorSmokerStep.drain(phase: next, queue: pending, then: then), in: .app, after: 20)
    case 1:
      // Inserts one cigarette per timestamp into the main context, then saves: a while.
      unsavedInserts += queue
      world.schedule(step: MirrorSmokerStep.drain(phase: 2, queue: queue, then: then), in: .app, after: world.drawDuration(50...400))
    case 2:
      // The save commits; if it fails, the queue stays and the caller goes on.
      let next = save(world: world) ? 3 : 4
      world.schedule(step: MirrorSmokerStep.drain(phase: next, queue: [], then: then), in: .app, after: 1)
    case 3:
      // Removes the whole key, whatever the widget appended since phase 0, and stamps lastUpdated.
      world.appGroupDefaults.removeValue(forKey: Self.pendingKey)
      world.appGroupDefaults.set(.instant(world.now), forKey: Self.lastUpdatedKey)
      defaultsWritten(world: &world)
      world.schedule(step: MirrorSmokerStep.drain(phase: 4, queue: [], then: then), in: .app, after: 10)
    default:
      switch then {
      case .externalChanges(let seen, let notify):
        world.requestReload(context: reloadContext(world))
        sendDataSync(world: &world)
        lastSyncTime = seen
        if notify { world.schedule(step: MirrorSmokerStep.widgetAddedNotification, in: .app, after: 1) }
      case .fullSync:
        updateSharedUserDefaults(world: &world)
        world.requestReload(context: reloadContext(world))
        sendDataSync(world: &world)
      }
    }
  }

  /// `AddCigaretteIntent.addCigaretteToSharedDatabase()` in the widget extension: it never touches
  /// the store.
  private mutating func intent(phase: Int, timestamp: Instant, queue: [Instant], count: Int, world: inout World) {
    let next: MirrorSmokerStep
    switch phase {
    case 0: next = .intent(phase: 1, timestamp: timestamp, queue: Self.pending(world), count: 0)
    case 1:
      world.appGroupDefaults.set(.instants(queue + [timestamp]), forKey: Self.pendingKey)
      next = .intent(phase: 2, timestamp: timestamp, queue: [], count: 0)
    case 2:
      world.appGroupDefaults.set(.instant(world.now), forKey: Self.lastUpdatedKey)
      next = .intent(phase: 3, timestamp: timestamp, queue: [], count: 0)
    case 3: next = .intent(phase: 4, timestamp: timestamp, queue: [], count: Self.todayCount(world))
    case 4:
      // The optimistic +1 on the undated count.
      world.appGroupDefaults.set(.integer(Int64(count + 1)), forKey: Self.todayCountKey)
      next = .intent(phase: 5, timestamp: timestamp, queue: [], count: 0)
    case 5:
      world.appGroupDefaults.set(.integer(1), forKey: Self.widgetAddedKey)
      next = .intent(phase: 6, timestamp: timestamp, queue: [], count: 0)
    default:
      world.requestReload(context: .afterInteractiveIntent)
      return
    }
    world.schedule(step: next, in: .widgetExtension, after: 10)
  }

  /// `updateSharedUserDefaults(updateTimestamp: true)`: today's count from the store, the daily
  /// average, `lastUpdated = Date()`.
  private mutating func updateSharedUserDefaults(world: inout World) {
    let average = (store.dailyAverage(at: world.now) * 1000).rounded(.up, as: Int64.self) ?? Int64.max
    world.appGroupDefaults.set(.integer(Int64(store.count(in: world.today))), forKey: Self.todayCountKey)
    world.appGroupDefaults.set(.integer(average), forKey: Self.dailyAverageKey)
    world.appGroupDefaults.set(.instant(world.now), forKey: Self.lastUpdatedKey)
    defaultsWritten(world: &world)
  }

  /// `integer(forKey: "todayCount")`: garbage, or nothing, reads 0.
  private static func todayCount(_ world: World) -> Int {
    Int(world.appGroupDefaults.integer(forKey: todayCountKey) ?? 0)
  }

  /// `array(forKey: "widget_pending_cigarettes") as? [Double] ?? []`: garbage reads as none.
  private static func pending(_ world: World) -> [Instant] {
    world.appGroupDefaults.instants(forKey: pendingKey) ?? []
  }

  /// The app wrote the shared defaults: `didChangeNotification`, debounced by 100 ms, follows.
  private mutating func defaultsWritten(world: inout World) {
    let due = world.now.advanced(by: 100)
    defaultsChangeDue = due
    world.schedule(step: MirrorSmokerStep.defaultsChanged(due: due), in: .app, after: 100)
  }

  /// `sendDataSync()`: today's list from the main context to the watch, when reachable and the
  /// model context is set.
  private mutating func sendDataSync(world: inout World) {
    guard hasModelContext else { return }
    world.sendMessage(MirrorSmokerMessage.fullSync(contextTimestamps(world: world)), to: .watch)
  }

  private func reloadContext(_ world: World) -> ReloadContext {
    world.appForeground ? .appInForeground : .background
  }

  /// The main context's cigarettes of today (in the device's zone when the code runs), oldest
  /// first.
  private func contextTimestamps(world: World) -> [Instant] {
    Array(context.instants(in: world.today))
  }

  // MARK: Messages

  mutating func receive(_ message: MirrorSmokerMessage, on device: Device, via channel: Channel, world: inout World) {
    switch device {
    case .phone: phoneReceive(message, world: &world)
    case .watch: watchReceive(message, world: &world)
    }
  }

  /// The iOS `WatchConnectivityManager`'s `didReceiveMessage(_:replyHandler:)` (a message from
  /// the watch launches the app in the background if it is not running: ``appLaunched(world:)``
  /// came first).
  private mutating func phoneReceive(_ message: MirrorSmokerMessage, world: inout World) {
    switch message {
    case .addCigarette(let timestamp):
      // handleAddCigaretteFromWatch: without a model context, an error reply.
      guard hasModelContext else {
        world.reply(MirrorSmokerMessage.addReply(success: false))
        return
      }
      unsavedInserts.append(timestamp)
      guard save(world: world) else {
        // The catch replies with the error; the insert stays pending in the context.
        world.reply(MirrorSmokerMessage.addReply(success: false))
        return
      }
      // SyncCoordinator.cigaretteAdded(from: .watch): defaults, reload; no sync back to the watch.
      updateSharedUserDefaults(world: &world)
      world.requestReload(context: reloadContext(world))
      lastSyncTime = world.now
      world.reply(MirrorSmokerMessage.addReply(success: true))
    case .getStats:
      world.reply(MirrorSmokerMessage.stats(todayCount: hasModelContext ? context.count(in: world.today) : nil))
    case .requestSync:
      world.reply(MirrorSmokerMessage.syncReply(hasModelContext ? contextTimestamps(world: world) : nil))
    case .addReply, .stats, .syncReply, .cigaretteAdded, .fullSync, .received:
      break  // the watch's answers: the phone only logs them
    }
  }

  /// The watch's `WatchConnectivityManager`: its reply handlers and `didReceiveMessage`.
  private mutating func watchReceive(_ message: MirrorSmokerMessage, world: inout World) {
    guard var memory = watch.value else { return }
    switch message {
    case .addReply(let success):
      // Success: requestStats. An error reply: add locally, with the time it is handled.
      if success { requestStats(world: &world) } else { addLocally(at: world.now, world: world) }
      return
    case .stats(let count):
      if let count { memory.connectivityCount = count }
    case .syncReply(let list):
      // handleSyncResponse: only the connectivity manager's copy, not SharedDataManager's.
      if let list { (memory.connectivityList, memory.connectivityCount) = (list, list.count) }
    case .cigaretteAdded(let timestamp):
      // Kept if new and not before today's start; then stats are asked for.
      if !memory.connectivityList.contains(timestamp), timestamp >= world.today.start {
        memory.connectivityList.append(timestamp)
        memory.connectivityCount = memory.connectivityList.count
        watch.keep(memory, in: world)
        syncFromiPhone(world: world)
      }
      world.reply(MirrorSmokerMessage.received)
      requestStats(world: &world)
      return
    case .fullSync(let list):
      (memory.connectivityList, memory.connectivityCount) = (list, list.count)
      watch.keep(memory, in: world)
      syncFromiPhone(world: world)
      world.reply(MirrorSmokerMessage.received)
      return
    case .addCigarette, .getStats, .requestSync, .received:
      return  // the phone's requests: never sent to the watch
    }
    watch.keep(memory, in: world)
  }

  /// The error handlers: the watch's add falls back to a local add (at the time the handler
  /// runs: a new timestamp), its stats and sync requests to `loadSharedData()`; the phone only logs.
  mutating func sendFailed(_ message: MirrorSmokerMessage, to device: Device, because failure: SendFailure, world: inout World) {
    guard device == .phone else { return }
    switch message {
    case .addCigarette: addLocally(at: world.now, world: world)
    case .getStats, .requestSync: loadSharedData(world: world)
    default: break
    }
  }

  // MARK: The watch app

  /// The watch app starts: `SharedDataManager.init` loads today's key, and the main view's
  /// `onAppear` asks the phone for a sync.
  mutating func watchAppLaunched(world: inout World) {
    watch.keep(MirrorSmokerWatchMemory(), in: world)
    loadSharedData(world: world)
    if !world.sendMessage(MirrorSmokerMessage.requestSync, to: .phone) { loadSharedData(world: world) }
  }

  /// `requestStats()`: unreachable → `loadSharedData()`.
  private mutating func requestStats(world: inout World) {
    if !world.sendMessage(MirrorSmokerMessage.getStats, to: .phone) { loadSharedData(world: world) }
  }

  /// `addCigaretteLocally`: appended to the connectivity manager's list (which may still hold
  /// yesterday's), then `syncFromiPhone` with it. Never forwarded to the phone.
  private mutating func addLocally(at instant: Instant, world: World) {
    let added: Void? = watch.modify { memory in
      memory.connectivityList.append(instant)
      memory.connectivityCount = memory.connectivityList.count
    }
    if added != nil { syncFromiPhone(world: world) }
  }

  /// `SharedDataManager.syncFromiPhone`: the connectivity list filtered to today, kept in memory
  /// and written to `cigarettes_<today>`.
  private mutating func syncFromiPhone(world: World) {
    let shared = watch.modify { memory in
      memory.sharedList = memory.connectivityList.filter { world.today.contains($0) }
      return memory.sharedList
    }
    if let shared { watchDefaults = (world.today.date, shared) }
  }

  /// `SharedDataManager.loadSharedData()`: today's key, or nothing.
  private mutating func loadSharedData(world: World) {
    let list = watchList(world: world)
    watch.modify { $0.sharedList = list }
  }

  /// The watch defaults' list for today.
  private func watchList(world: World) -> [Instant] {
    guard let watchDefaults, watchDefaults.day == world.today.date else { return [] }
    return watchDefaults.list
  }

  // MARK: Surfaces

  /// `CigaretteProvider.getTimeline`: the defaults' `todayCount` whenever it or `dailyAverage`
  /// is above zero, else today's count from the store; one entry, `.after(now + 15 min)`.
  /// Each key reads as the platform reads it, garbage included: `integer(forKey:)` and
  /// `double(forKey:)` give 0.
  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    let todayCount = Self.todayCount(world)
    let dailyAverageAboveZero = (world.appGroupDefaults.integer(forKey: Self.dailyAverageKey) ?? 0) > 0
    let count = todayCount > 0 || dailyAverageAboveZero ? todayCount : store.count(in: world.today)
    return .single(
      .tallyBadge(TallyBadge(count: count, limit: PersonSettings.tallyDailyLimit)), now: world.now,
      reloadAfter: 15 * Instant.millisecondsPerMinute)
  }

  func display(on surface: Surface, world: World) -> Display {
    switch surface {
    case .app:
      // A summary depends on the day, not the instant within it (its average ends before today).
      return appMemo.value(for: DayMemoKey(version: contextVersion, world: world)) {
        MirrorSmokerScreen.display(of: context, world: world)
      }
    case .watch:
      // The running app's undated count; a watch app not running shows what it loads at launch.
      let count = watch.value?.shownCount ?? watchList(world: world).count
      return watchMemo.value(for: count) { .tallyBadge(TallyBadge(count: count, limit: PersonSettings.tallyDailyLimit)) }
    case .widget, .yearWidget:
      preconditionFailure("widgets show their timelines")
    }
  }

  func storedRecords(on device: Device) -> StoredRecords? {
    .instants(device == .phone ? store.instants : watchDefaults?.list ?? [])
  }
}
