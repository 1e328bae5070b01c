import GlanceKernel
import GlanceSimulation
import GlanceSync

/// A tally design whose watch sends its taps to the phone with `sendMessage`, written against
/// the public API alone, as a user writes one: the judge's fairness is tested with it
/// (``MessagingTallyTests``). ``TapRoute`` says how the taps travel; the rest is one design.
///
/// - The phone keeps its records in the App Group (the app and the widget's "+" write there),
///   with the ids it deleted; a commit that fails (``World/phoneCommitFails()``) is tried once
///   more, which the store's law makes succeed. It tells the watch its records of the last two
///   days, and what it deleted, as application context after every change, and reloads the
///   widget through GlanceSync's `ReloadCoordinator` on the simulated platform.
/// - The watch keeps its own taps; the phone merges every tap it receives by id, whatever the
///   channel and however often, and answers a `sendMessage` with the ids it now holds.
/// - The widget shows today's count until the next local midnight, where its second entry shows
///   zero.
struct MessagingTally<Route: TapRoute>: TallySyncDesign {
  enum Message: Sendable {
    /// Taps made on the watch.
    case taps([Record])
    /// The phone's answer to `taps`: the ids it holds now.
    case received([EventID])
    /// The phone's live records of the last two days, and every record it deleted.
    case phoneState(live: [Record], deleted: Set<EventID>)
  }

  /// The watch's retry timer (`MessageOnly`): a failed message is sent again after a pause,
  /// not at once, so a link that keeps failing is not hammered.
  enum Step: OperationStep {
    case retry
    var isOperationStep: Bool { false }
  }

  static var name: String { Route.name }
  /// How long the watch waits before it sends again what a failed message carried.
  static var retryMilliseconds: Int64 { 30_000 }
  static var expectedToConverge: Bool { true }

  /// The App Group store, and its records' instants as a tally (what the app shows, kept as the
  /// store changes rather than made anew at every look).
  private var phone: [EventID: Record] = [:] {
    didSet { if phone.count != oldValue.count { recount() } }
  }
  private var tally = Tally()
  private var deleted: Set<EventID> = []
  /// What the non-idempotent mutant stored twice.
  private var duplicates: [Record] = [] {
    didSet { recount() }
  }
  /// Counts the store's records (and the mutant's duplicates) again.
  private mutating func recount() {
    tally = Tally(instants: phone.values.map(\.instant) + duplicates.map(\.instant))
  }
  /// The watch's store: its own taps, those the phone has not acknowledged yet (`MessageOnly`;
  /// for `MessageWithFallback`, those sent by a message with no answer yet), and what the phone
  /// last told it.
  private var watchTaps: [EventID: Record] = [:]
  private var outbox: [EventID: Record] = [:]
  private var watchKnown: (live: [EventID: Record], deleted: Set<EventID>) = ([:], [])
  /// Whether the retry timer is set.
  private var retrySet = false
  private var reloads: ReloadCoordinator
  private let platform = SimulatedPlatform()

  init(scenario: Scenario, stores: RunStores) {
    do {
      reloads = try ReloadCoordinator(refreshBudget: scenario.refreshBudget, reloader: platform, wakes: platform)
    } catch {
      preconditionFailure("a loaded scenario's refresh budget is in range: \(error)")
    }
  }

  // MARK: What the person does

  mutating func appTap(_ record: Record, world: inout World) {
    commit(world: &world) { $0.phone[record.id] = record }
    changed(world: &world)
  }

  mutating func widgetTap(_ record: Record, world: inout World) {
    commit(world: &world) { $0.phone[record.id] = record }
    let now = world.now
    platform.run(&world, intent: true) { reloads.reload(at: now) }
    tellWatch(world: &world)
  }

  mutating func watchTap(_ record: Record, world: inout World) {
    watchTaps[record.id] = record
    switch Route.route {
    case .messageOnly(let retries):
      outbox[record.id] = record
      if retries { flushOutbox(world: &world) } else { world.sendMessage(Message.taps([record]), to: .phone) }
    case .messageAndTransfer:
      world.sendMessage(Message.taps([record]), to: .phone)
      world.transferUserInfo(Message.taps([record]), to: .phone)
    case .messageWithFallback(let onFailure):
      if world.sendMessage(Message.taps([record]), to: .phone) {
        // Kept until the phone answers or the message fails: a kill meanwhile takes the error
        // handler with it.
        if onFailure { outbox[record.id] = record }
      } else {
        // Refused: the watch is out of range.
        world.transferUserInfo(Message.taps([record]), to: .phone)
      }
    }
  }

  mutating func appDelete(_ target: Record, by action: PlannedAction, world: inout World) {
    commit(world: &world) {
      $0.phone[target.id] = nil
      $0.deleted.insert(target.id)
    }
    changed(world: &world)
  }

  /// Writes `change` to the App Group store in one commit, tried once more if it fails.
  private mutating func commit(world: inout World, _ change: (inout Self) -> Void) {
    if world.phoneCommitFails() {
      // Nothing was written: the second try succeeds (one failure at a time).
      precondition(!world.phoneCommitFails(), "two commits in a row failed")
    }
    change(&self)
  }

  // MARK: What the platform does

  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {
    switch (message, device) {
    case (.taps(let records), .phone):
      if case .messageAndTransfer(idempotent: false) = Route.route {
        // The mutant: a tap it holds already is stored again.
        duplicates += records.filter { phone[$0.id] != nil }
      }
      let new = records.filter { phone[$0.id] == nil && !deleted.contains($0.id) }
      if !new.isEmpty {
        commit(world: &world) { design in for record in new { design.phone[record.id] = record } }
        changed(world: &world)
      }
      if channel == .sendMessage { world.reply(Message.received(records.map(\.id))) }
    case (.received(let ids), .watch):
      for id in ids { outbox[id] = nil }
    case (.phoneState(let live, let deleted), .watch):
      watchKnown = (Dictionary(uniqueKeysWithValues: live.map { ($0.id, $0) }), deleted)
    default:
      break
    }
  }

  mutating func sendFailed(_ message: Message, to device: Device, because failure: SendFailure, world: inout World) {
    guard case .taps(let records) = message, device == .phone else { return }
    switch Route.route {
    case .messageOnly(retries: true):
      guard !retrySet else { return }
      retrySet = true
      world.schedule(step: Step.retry, in: .watchApp, after: Self.retryMilliseconds)
    case .messageWithFallback(onFailure: true):
      // Delivered or not (a reply that timed out does not say), the durable queue makes sure.
      for record in records { outbox[record.id] = nil }
      world.transferUserInfo(Message.taps(records), to: .phone)
    case .messageOnly(retries: false), .messageAndTransfer, .messageWithFallback(onFailure: false):
      break
    }
  }

  mutating func reachabilityChanged(world: inout World) {
    if case .messageOnly(retries: true) = Route.route, world.watchReachable, world.watchAppRunning {
      flushOutbox(world: &world)
    }
  }

  mutating func step(_ step: Step, world: inout World) {
    retrySet = false
    flushOutbox(world: &world)
  }

  mutating func watchAppLaunched(world: inout World) {
    // The retry timer died with the last process, if any.
    retrySet = false
    switch Route.route {
    case .messageOnly(retries: true):
      flushOutbox(world: &world)
    case .messageWithFallback(onFailure: true) where !outbox.isEmpty:
      // Messages whose answer never came (the app was killed meanwhile) go by the durable queue.
      world.transferUserInfo(Message.taps(outbox.values.sorted()), to: .phone)
      outbox = [:]
    default:
      break
    }
  }

  /// Sends every tap the phone has not acknowledged, if the phone can be reached.
  private mutating func flushOutbox(world: inout World) {
    guard !outbox.isEmpty, world.watchReachable else { return }
    world.sendMessage(Message.taps(outbox.values.sorted()), to: .phone)
  }

  mutating func appBecameActive(world: inout World) {
    changed(world: &world)
  }

  mutating func appOpenedFromWidget(world: inout World) {
    let now = world.now
    platform.run(&world) { reloads.appOpenedFromWidget(at: now) }
  }

  mutating func wake(_ reason: WakeReason, world: inout World) {
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

  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    let today = world.today
    let count = phone.values.count { today.contains($0.instant) }
    return WidgetTimeline(
      entries: [
        .init(date: world.now, display: .tallyBadge(TallyBadge(count: count, limit: PersonSettings.tallyDailyLimit))),
        .init(date: today.end, display: .tallyBadge(TallyBadge(count: 0, limit: PersonSettings.tallyDailyLimit))),
      ], policy: .after(min(today.end, world.now.advanced(by: Instant.millisecondsPerHour))))
  }

  func display(on surface: Surface, world: World) -> Display {
    let today = world.today
    switch surface {
    case .watch:
      let count = watchRecords.count { today.contains($0.instant) }
      return .tallyBadge(TallyBadge(count: count, limit: PersonSettings.tallyDailyLimit))
    default:
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

  func storedRecords(on device: Device) -> StoredRecords? {
    .ids((device == .phone ? Array(phone.keys) + duplicates.map(\.id) : watchRecords.map(\.id)).sorted())
  }
}

/// How a ``MessagingTally``'s watch sends each tap to the phone.
protocol TapRoute {
  static var name: String { get }
  static var route: TapRouteKind { get }
}

/// The routes, with the flaw each mutant plants.
enum TapRouteKind {
  /// `sendMessage` alone: every tap the phone has not acknowledged is sent again half a minute
  /// after a message fails, when the watch comes back in range and when the watch app is
  /// launched (`retries`);
  /// the mutant sends each tap once.
  case messageOnly(retries: Bool)
  /// `sendMessage` and `transferUserInfo`, both at once, merged by id on the phone
  /// (`idempotent`); the mutant stores a tap it holds already again.
  case messageAndTransfer(idempotent: Bool)
  /// `sendMessage`, and `transferUserInfo` when it was refused or came to nothing, or when the
  /// watch app is launched again holding taps whose message was never answered (`onFailure`);
  /// the mutant falls back only when out of range.
  case messageWithFallback(onFailure: Bool)
}

enum MessageOnly: TapRoute {
  static let name = "message-only"
  static let route = TapRouteKind.messageOnly(retries: true)
}

enum MessageAndTransfer: TapRoute {
  static let name = "message-and-transfer"
  static let route = TapRouteKind.messageAndTransfer(idempotent: true)
}

enum MessageWithFallback: TapRoute {
  static let name = "message-with-fallback"
  static let route = TapRouteKind.messageWithFallback(onFailure: true)
}

/// Mutant: each tap sent once by `sendMessage`, never again.
enum MessageOnceOnly: TapRoute {
  static let name = "mutant-message-once"
  static let route = TapRouteKind.messageOnly(retries: false)
}

/// Mutant: a tap that arrives twice (by message and by transfer) is stored twice.
enum MessageAndTransferTwice: TapRoute {
  static let name = "mutant-message-and-transfer-twice"
  static let route = TapRouteKind.messageAndTransfer(idempotent: false)
}

/// Mutant: the fallback only when out of range; a message that fails in flight is lost.
enum MessageFallbackWhenOutOfRange: TapRoute {
  static let name = "mutant-fallback-out-of-range-only"
  static let route = TapRouteKind.messageWithFallback(onFailure: false)
}
