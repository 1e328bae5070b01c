import GlanceKernel
import GlanceSimulation
import GlanceSync

/// A small tally design written outside Glance: the phone keeps its records in the App Group
/// (the app and the widget's "+" write there), the watch keeps its own taps and sends each to
/// the phone on `Sending.channel`, and the phone tells the watch its records of the last two days
/// (and what was deleted) as application context after every change. The widget shows today's
/// count until the next local midnight, where its second entry shows zero; reloads go through
/// GlanceSync's `ReloadCoordinator` (free in the foreground, paced in the background, asked
/// again after WidgetKit's deaf window) on the simulated platform.
///
/// The App Group store and the watch's taps outlive the processes; the coordinator is the app's
/// memory, so each launch of the app makes it anew (a kill is never told: the next launch is
/// where a design learns of it), resuming its pacing from the App Group's defaults.
///
/// With ``LatestWins`` a watch tap can be overwritten by the next before it reaches the phone;
/// with ``Queued`` none is.
public struct SmallTally<Sending: WatchTapChannel>: TallySyncDesign {
  /// What phone and watch send each other.
  public enum Message: Sendable {
    /// A tap made on the watch.
    case tap(Record)
    /// The phone's live records of the last two days, and every record it deleted.
    case phoneState(live: [Record], deleted: Set<EventID>)
  }

  public static var name: String { Sending.name }
  public static var expectedToConverge: Bool { true }

  /// The App Group store: live records by id, and the ids deleted (a watch tap may arrive after
  /// its deletion).
  private var phone: [EventID: Record] = [:]
  private var deleted: Set<EventID> = []
  /// The watch's own taps, and what the phone last told it.
  private var watchTaps: [EventID: Record] = [:]
  private var watchKnown: (live: [EventID: Record], deleted: Set<EventID>) = ([:], [])
  private var reloads: ReloadCoordinator
  private let platform = SimulatedPlatform()
  private let refreshBudget: Int

  public init(scenario: Scenario, stores: RunStores) {
    refreshBudget = scenario.refreshBudget
    reloads = Self.coordinator(refreshBudget: refreshBudget, platform: platform)
  }

  /// The app's reload coordinator, as the app makes it at launch.
  private static func coordinator(refreshBudget: Int, platform: SimulatedPlatform) -> ReloadCoordinator {
    do {
      return try ReloadCoordinator(refreshBudget: refreshBudget, reloader: platform, wakes: platform)
    } catch {
      preconditionFailure("a loaded scenario's refresh budget is in range: \(error)")
    }
  }

  // MARK: What the person does

  public mutating func appTap(_ record: Record, world: inout World) {
    commit(world: &world) { $0.phone[record.id] = record }
    changed(world: &world)
  }

  public mutating func widgetTap(_ record: Record, world: inout World) {
    commit(world: &world) { $0.phone[record.id] = record }
    let now = world.now
    platform.run(&world, intent: true) { reloads.reload(at: now) }
    tellWatch(world: &world)
  }

  public mutating func watchTap(_ record: Record, world: inout World) {
    watchTaps[record.id] = record
    switch Sending.channel {
    case .transferUserInfo: world.transferUserInfo(Message.tap(record), to: .phone)
    case .applicationContext: world.updateApplicationContext(Message.tap(record), to: .phone)
    case .sendMessage: world.sendMessage(Message.tap(record), to: .phone)
    }
  }

  public mutating func appDelete(_ target: Record, by action: PlannedAction, world: inout World) {
    commit(world: &world) {
      $0.phone[target.id] = nil
      $0.deleted.insert(target.id)
    }
    changed(world: &world)
  }

  /// Writes `change` to the App Group store in one commit. The store can refuse a commit
  /// (``World/phoneCommitFails()``, the scenario's store write failures): nothing is written
  /// then, and the app tries again, as its save would; a design that never asks loses what the
  /// action wrote when a failure strikes.
  private mutating func commit(world: inout World, _ change: (inout Self) -> Void) {
    while world.phoneCommitFails() {}
    change(&self)
  }

  // MARK: What the platform does

  public mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {
    switch (message, device) {
    case (.tap(let record), .phone):
      guard phone[record.id] == nil, !deleted.contains(record.id) else { return }
      commit(world: &world) { $0.phone[record.id] = record }
      changed(world: &world)
    case (.phoneState(let live, let deleted), .watch):
      watchKnown = (Dictionary(uniqueKeysWithValues: live.map { ($0.id, $0) }), deleted)
    default:
      break
    }
  }

  /// The app's process was launched (first use, after a kill, or in the background for a
  /// delivery or a wake): nothing the last process held survives, so the coordinator is made
  /// anew. Made inside `SimulatedPlatform.run`, it reads the pacing kept in the App Group's
  /// defaults.
  public mutating func appLaunched(world: inout World) {
    let refreshBudget = refreshBudget
    platform.run(&world) { reloads = Self.coordinator(refreshBudget: refreshBudget, platform: platform) }
  }

  public mutating func appBecameActive(world: inout World) {
    changed(world: &world)
  }

  public mutating func appOpenedFromWidget(world: inout World) {
    let now = world.now
    platform.run(&world) { reloads.appOpenedFromWidget(at: now) }
  }

  public mutating func wake(_ reason: WakeReason, world: inout World) {
    let (now, free) = (world.now, world.appForeground)
    platform.run(&world) { reloads.wake(reason, at: now, free: free) }
  }

  /// The phone's records changed: reload the widget, tell the watch.
  private mutating func changed(world: inout World) {
    let (now, free) = (world.now, world.appForeground)
    platform.run(&world) { reloads.changed(at: now, free: free) }
    tellWatch(world: &world)
  }

  private mutating func tellWatch(world: inout World) {
    let since = world.now.advanced(by: -2 * Instant.millisecondsPerDay)
    let live = phone.values.filter { $0.instant >= since }.sorted()
    world.updateApplicationContext(Message.phoneState(live: live, deleted: deleted), to: .watch)
  }

  // MARK: What the surfaces show

  public func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    let today = world.today
    let count = phone.values.count { today.contains($0.instant) }
    return WidgetTimeline(
      entries: [
        .init(date: world.now, display: .tallyBadge(TallyBadge(count: count, limit: PersonSettings.tallyDailyLimit))),
        .init(date: today.end, display: .tallyBadge(TallyBadge(count: 0, limit: PersonSettings.tallyDailyLimit))),
      ], policy: .after(min(today.end, world.now.advanced(by: Instant.millisecondsPerHour))))
  }

  public func display(on surface: Surface, world: World) -> Display {
    let today = world.today
    switch surface {
    case .watch:
      let count = watchRecords.count { today.contains($0.instant) }
      return .tallyBadge(TallyBadge(count: count, limit: PersonSettings.tallyDailyLimit))
    default:
      let tally = Tally(instants: phone.values.map(\.instant))
      return .tally(
        TallySummary(
          tally: tally, at: world.now, in: world.calendar, limit: PersonSettings.tallyDailyLimit,
          streakLimit: PersonSettings.tallyStreakLimit))
    }
  }

  /// What the watch holds: what the phone told it, and its own taps the phone has not deleted.
  private var watchRecords: [Record] {
    var records = watchKnown.live
    for (id, record) in watchTaps where !watchKnown.deleted.contains(id) { records[id] = record }
    return Array(records.values)
  }

  public func storedRecords(on device: Device) -> StoredRecords? {
    .ids((device == .phone ? Array(phone.keys) : watchRecords.map(\.id)).sorted())
  }
}
