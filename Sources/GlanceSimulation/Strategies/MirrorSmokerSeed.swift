import GlanceKernel

/// MirrorSmoker as the project seed's snapshot has it: the parent of `0fd0341` (6 September
/// 2025), whose `widgetdebug.md` lists the root causes this design reproduces
/// (see *The real apps Glance models*, MirrorSmoker: the seed snapshot). It differs from
/// `mirrorsmoker-legacy` (the final `master`, after `0c403bc` reversed `0fd0341`'s plan):
/// - the built widget (`MirrorSmokerWidget`) reads its own key, `widget_today_count`, through
///   `WidgetStore`, and **nothing ever writes it** (the app writes `todayCount`): the widget
///   shows 0 whatever is stored;
/// - its "+" is the placeholder `AddCigaretteIntent`, which **inserts nothing** ("In a real app,
///   you would access the SwiftData context here"); the other widget implementation's pending
///   queue, `widget_pending_cigarettes`, is never processed (and that widget is not in the
///   bundle), so no path brings a widget tap into the store;
/// - `WidgetStore.configure` is never called, so the provider thinks it runs for the first time
///   and asks for a new timeline **every minute** (`.after(now + 1 min)`);
/// - the app's `SyncCoordinator` (30 s timer) only reloads the widgets when `lastUpdated` moved;
///   an in-app add reloads, sends `cigaretteAdded` to the watch when reachable and rewrites
///   `todayCount`; `didBecomeActive` full-syncs the watch;
/// - the watch adds **locally first**, then sends `addCigarette` when the phone is reachable,
///   keeping the local copy on an error ("will sync when available", never implemented); its
///   list is undated and replaced by each full sync.
///
/// The two widget implementations are modelled as the one the bundle builds.
struct MirrorSmokerSeed: TallySyncDesign {
  static let name = "mirrorsmoker-seed"
  static let expectedToConverge = false

  /// The SwiftData store in the App Group: cigarette timestamps.
  private var store = Tally() { didSet { storeVersion += 1 } }
  private var storeVersion = 0
  private let appMemo = Memo<DayMemoKey, Display>()
  /// The watch's badge by its count: one display while the count stands, so the judge compares
  /// it again only when it changed.
  private let watchMemo = Memo<Int, Display>()
  // The App Group's defaults are the world's (`World.appGroupDefaults`): the app writes
  // `todayCount` (which no surface here reads) and `lastUpdated` there; the widget's own key,
  // `widget_today_count`, is never written.
  /// `todayCount` (Int).
  static let todayCountKey = "todayCount"
  /// `lastUpdated` (Date): `object(forKey:) as? Date` reads garbage as nil, so the timer sees no
  /// change until the app writes it again.
  static let lastUpdatedKey = "lastUpdated"
  /// The app's memory (lost on a kill: made anew in `appLaunched`): the coordinator's
  /// `lastSyncTime`, the model context, the timer.
  private var lastSyncTime = Instant(millisecondsSince1970: Int64.min)
  private var hasModelContext = false
  private var timerRunning = false
  /// The watch app's `todayCigarettes`, while it runs (the world forgets it when the watch app
  /// is killed); its list survives in the watch's defaults only through the app's memory in this
  /// snapshot (`SharedDataManager` loads today's key).
  private var watchList = ProcessMemory<[Instant]>(of: .watchApp)

  init(scenario: Scenario, stores: RunStores) {}

  // MARK: The person's actions

  /// `ContentView.addCigarette`: insert and save; `cigaretteAdded(from: .app)`: reload, send
  /// `cigaretteAdded` to the watch when reachable, `updateSharedUserDefaults()`.
  mutating func appTap(_ record: Record, world: inout World) {
    guard !world.phoneCommitFails() else { return }  // the catch only logs (see mirrorsmoker-legacy)
    store.insert(record.instant)
    world.requestReload(context: .appInForeground)
    world.sendMessage(MirrorSmokerMessage.cigaretteAdded(record.instant), to: .watch)
    updateSharedUserDefaults(world: &world)
    lastSyncTime = world.now
  }

  /// The placeholder `AddCigaretteIntent.perform()` returns a result and writes nothing; WidgetKit
  /// reloads the widget after the intent, as after any interactive intent.
  mutating func widgetTap(_ record: Record, world: inout World) {
    world.requestReload(context: .afterInteractiveIntent)
  }

  /// The watch's `addCigarette`: appended locally first; sent when the phone is reachable.
  mutating func watchTap(_ record: Record, world: inout World) {
    watchList.modify { $0.append(record.instant) }
    world.sendMessage(MirrorSmokerMessage.addCigarette(record.instant), to: .phone)
  }

  /// `deleteCigarette`: delete, save, reload.
  mutating func appDelete(_ target: Record, by action: PlannedAction, world: inout World) {
    guard !world.phoneCommitFails() else { return }
    store.remove(target.instant)
    world.requestReload(context: .appInForeground)
  }

  // MARK: The app's lifecycle

  /// `didBecomeActive` → `performFullSync()`: defaults, reload, full sync to the watch; the
  /// 30 s timer runs while the app is in the foreground.
  mutating func appBecameActive(world: inout World) {
    hasModelContext = true
    updateSharedUserDefaults(world: &world)
    world.requestReload(context: .appInForeground)
    sendDataSync(world: &world)
    if !timerRunning {
      timerRunning = true
      world.schedule(step: MirrorSmokerStep.timer, in: .app, after: 30_000)
    }
  }

  /// A new process: `SyncCoordinator.init` sets `lastSyncTime = Date()`; no model context, no
  /// timer yet (what the last process held is gone).
  mutating func appLaunched(world: inout World) {
    (lastSyncTime, hasModelContext, timerRunning) = (world.now, false, false)
  }

  /// `updateSharedUserDefaults()`: today's count from the store, and `lastUpdated = Date()`.
  private func updateSharedUserDefaults(world: inout World) {
    world.appGroupDefaults.set(.integer(Int64(store.count(in: world.today))), forKey: Self.todayCountKey)
    world.appGroupDefaults.set(.instant(world.now), forKey: Self.lastUpdatedKey)
  }

  /// `checkForExternalChanges()`: a reload when `lastUpdated` moved, nothing else.
  mutating func step(_ step: MirrorSmokerStep, world: inout World) {
    guard case .timer = step else { return }
    guard world.appForeground else {
      timerRunning = false
      return
    }
    if let lastUpdated = world.appGroupDefaults.instant(forKey: Self.lastUpdatedKey), lastUpdated > lastSyncTime {
      world.requestReload(context: .appInForeground)
      lastSyncTime = lastUpdated
    }
    world.schedule(step: MirrorSmokerStep.timer, in: .app, after: 30_000)
  }

  private mutating func sendDataSync(world: inout World) {
    guard hasModelContext else { return }
    world.sendMessage(MirrorSmokerMessage.fullSync(Array(store.instants(in: world.today))), to: .watch)
  }

  // MARK: Messages

  mutating func receive(_ message: MirrorSmokerMessage, on device: Device, via channel: Channel, world: inout World) {
    switch (message, device) {
    case (.addCigarette(let timestamp), .phone):
      // handleAddCigaretteFromWatch: without a model context (launched in the background), an
      // error reply; the watch keeps its local copy either way.
      guard hasModelContext, !world.phoneCommitFails() else {
        world.reply(MirrorSmokerMessage.addReply(success: false))
        return
      }
      store.insert(timestamp)
      world.requestReload(context: world.appForeground ? .appInForeground : .background)
      world.appGroupDefaults.set(.instant(world.now), forKey: Self.lastUpdatedKey)
      lastSyncTime = world.now
      world.reply(MirrorSmokerMessage.addReply(success: true))
    case (.cigaretteAdded(let timestamp), .watch):
      // Appended when new, whatever its day.
      let kept: Void? = watchList.modify { list in
        if !list.contains(timestamp) { list.append(timestamp) }
      }
      if kept != nil { world.reply(MirrorSmokerMessage.received) }
    case (.fullSync(let list), .watch):
      guard watchList.value != nil else { return }
      watchList.keep(list, in: world)
      world.reply(MirrorSmokerMessage.received)
    default:
      break  // replies are only logged
    }
  }

  mutating func watchAppLaunched(world: inout World) {
    watchList.keep([], in: world)
  }

  // MARK: Surfaces

  /// `MirrorSmokerWidget`'s provider: `widget_today_count`, never written, reads 0; first run
  /// forever, so `.after(now + 1 min)`.
  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    .single(
      .tallyBadge(TallyBadge(count: 0, limit: PersonSettings.tallyDailyLimit)), now: world.now,
      reloadAfter: Instant.millisecondsPerMinute)
  }

  func display(on surface: Surface, world: World) -> Display {
    switch surface {
    case .app:
      return appMemo.value(for: DayMemoKey(version: storeVersion, world: world)) {
        MirrorSmokerScreen.display(of: store, world: world)
      }
    case .watch:
      let count = watchList.value?.count ?? 0
      return watchMemo.value(for: count) { .tallyBadge(TallyBadge(count: count, limit: PersonSettings.tallyDailyLimit)) }
    case .widget, .yearWidget:
      preconditionFailure("widgets show their timelines")
    }
  }

  func storedRecords(on device: Device) -> StoredRecords? {
    .instants(device == .phone ? store.instants : (watchList.value ?? []).sorted())
  }
}
