import GlanceKernel
import GlanceSync

/// Glance's converged design for the tally: GlanceSync's ``TallyPhone``, ``TallyWatch`` and
/// ``TallyWidget``, exactly as an app ships them, wired to the simulated platform. The wiring
/// only translates: what the person did becomes an engine call, what the engine asked of its
/// ports reaches the world (``SimulatedPlatform``), and what a surface shows is the engine's
/// model as a ``Display``. No decision of the design is made here.
///
/// The widget's "+" intent runs in the app's process (GlanceSync declares it a
/// `LiveActivityIntent`, which the system performs by launching the app without opening it), so
/// the world launches the app in the background for it, as it does for a watch delivery.
struct ConvergedTally: TallySyncDesign, ConvergedDesign, ResumableDesign {
  typealias Message = PeerPayload
  static let widgetIntentRunsInApp = true

  var phone: TallyPhone<SimulatedEventLog>
  private var watch: TallyWatch<SimulatedEventLog>
  let platform: SimulatedPlatform
  var savedPendingWrites = PendingWrites()
  var pendingRetryAsked = false
  /// What the app and the watch show, for their store's version, the day and the zone.
  private let appMemo = Memo<DayMemoKey, Display>()
  private let watchMemo = Memo<DayMemoKey, Display>()
  private let refreshBudget: Int
  /// The widget extension's timeline provider.
  private let provider: TallyWidget

  static let settings = TallySettings(dailyLimit: PersonSettings.tallyDailyLimit, streakLimit: PersonSettings.tallyStreakLimit)

  init(scenario: Scenario, stores: RunStores) {
    platform = SimulatedPlatform()
    refreshBudget = scenario.refreshBudget
    do {
      provider = try TallyWidget(settings: Self.settings, refreshBudget: scenario.refreshBudget)
    } catch {
      preconditionFailure("a loaded scenario's refresh budget is in range: \(error)")
    }
    phone = Self.phone(log: SimulatedEventLog("phone", stores: stores), refreshBudget: refreshBudget, platform: platform)
    watch = TallyWatch(log: SimulatedEventLog("watch", on: .watch, stores: stores), settings: Self.settings, link: platform.watchLink)
  }

  /// This design as it stands, its engines over copies of their logs in `stores`, its platform
  /// and caches its own (``ResumableDesign``).
  func copy(into stores: RunStores) -> ConvergedTally { ConvergedTally(self, into: stores) }

  private init(_ design: ConvergedTally, into stores: RunStores) {
    platform = design.platform.copy()
    refreshBudget = design.refreshBudget
    provider = design.provider.emptied()
    phone = design.phone.rewired(
      log: design.phone.log.copy(into: stores), link: platform.phoneLink, reloader: platform, wakes: platform)
    watch = design.watch.rewired(log: design.watch.log.copy(into: stores), link: platform.watchLink)
    savedPendingWrites = design.savedPendingWrites
    pendingRetryAsked = design.pendingRetryAsked
  }

  /// The engines' logs and memory, and the writes saved for the next launch
  /// (``ResumableDesign``); not the memos nor the provider, which are caches.
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(phone.log)
    hasher.combine(phone)
    hasher.combine(watch.log)
    hasher.combine(watch)
    hasher.combine(savedPendingWrites)
    hasher.combine(pendingRetryAsked)
  }

  /// The phone's engine over `log`, as the app makes it at launch, with the writes the last one
  /// left waiting (`pendingWrites`, saved in the app's container).
  private static func phone(
    log: SimulatedEventLog, refreshBudget: Int, platform: SimulatedPlatform, pendingWrites: PendingWrites = PendingWrites()
  ) -> TallyPhone<SimulatedEventLog> {
    do {
      return try TallyPhone(
        log: log, settings: settings, refreshBudget: refreshBudget, link: platform.phoneLink, reloader: platform,
        wakes: platform, pendingWrites: pendingWrites)
    } catch {
      preconditionFailure("a loaded scenario's refresh budget is in range: \(error)")
    }
  }

  /// A launched app makes its engine anew over its store, resuming its pacing from the App
  /// Group's defaults and the writes waiting from its container: what the last process kept in
  /// memory (its reload pacing, what it last pushed) is gone.
  mutating func appLaunched(world: inout World) {
    let (log, refreshBudget, pending) = (phone.log, refreshBudget, savedPendingWrites)
    platform.run(&world) { phone = Self.phone(log: log, refreshBudget: refreshBudget, platform: platform, pendingWrites: pending) }
  }

  /// Likewise the watch app's engine, over the watch's store.
  mutating func watchAppLaunched(world: inout World) {
    watch = TallyWatch(log: watch.log, settings: Self.settings, link: platform.watchLink)
  }

  mutating func appTap(_ record: Record, world: inout World) {
    platform.run(&world) { try phone.tap(id: record.id, at: record.instant) }
    savePendingWrites(world: &world)
  }

  mutating func widgetTap(_ record: Record, world: inout World) {
    platform.run(&world, intent: true) { try phone.widgetTap(id: record.id, at: record.instant) }
    savePendingWrites(world: &world)
  }

  mutating func watchTap(_ record: Record, world: inout World) {
    platform.run(&world) { try watch.tap(id: record.id, at: record.instant) }
  }

  mutating func appDelete(_ target: Record, by action: PlannedAction, world: inout World) {
    platform.run(&world) { try phone.delete(target.id, id: action.eventID, at: action.time) }
    savePendingWrites(world: &world)
  }

  mutating func appBecameActive(world: inout World) {
    let now = world.now
    platform.run(&world) { try phone.becameActive(at: now) }
    savePendingWrites(world: &world)
  }

  mutating func retryPendingWrites(world: inout World) {
    guard !phone.pendingWrites.isEmpty else { return }
    let (now, foreground) = (world.now, world.appForeground)
    platform.run(&world) { try phone.retryPendingWrites(at: now, foreground: foreground) }
  }

  mutating func receive(_ payload: PeerPayload, on device: Device, via channel: Channel, world: inout World) {
    switch device {
    case .phone:
      // A WatchConnectivity delivery launched the app in the background if it was not running.
      let (now, foreground) = (world.now, world.appForeground)
      platform.run(&world) { try phone.received(payload.bytes, at: now, foreground: foreground) }
      savePendingWrites(world: &world)
    case .watch:
      platform.run(&world) { try watch.received(payload.bytes) }
    }
  }

  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    precondition(widget == .main, "the tally has one widget")
    let timeline = Self.shown { try provider.timeline(of: phone.log, at: world.now, in: world.calendar) }
    return WidgetTimeline(timeline) { .tallyBadge($0) }
  }

  func display(on surface: Surface, world: World) -> Display {
    switch surface {
    case .app:
      return appMemo.value(for: DayMemoKey(version: Self.memoVersion(phone.log.version, phone.pendingWrites), world: world)) {
        .tally(Self.shown { try phone.summary(at: world.now, in: world.calendar) })
      }
    case .watch:
      return watchMemo.value(for: DayMemoKey(version: watch.log.version, world: world)) {
        .tallyBadge(Self.shown { try watch.badge(at: world.now, in: world.calendar) })
      }
    case .widget, .yearWidget:
      preconditionFailure("widgets show their timelines")
    }
  }

  func storedRecords(on device: Device) -> StoredRecords? {
    .ids(device == .phone ? phone.log.liveAddIDs() : watch.log.liveAddIDs())
  }
}
