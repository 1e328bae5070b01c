import GlanceKernel

/// The BabySteps widget branch (`../shared/domain/babysteps-mirrorsmoker.md` §1.3), reproduced with
/// its bugs:
/// - the provider counts today's completions from the store when it is asked, returns **one entry
///   dated now** and `.after(now + 15 min)`: after midnight the widget keeps yesterday's "today"
///   until its next reload, later still once the budget is spent;
/// - every mutation saves, writes an **undated** four-integer snapshot to the App Group defaults and
///   calls `reloadAllTimelines()`; the widget falls back to that snapshot when it has no store;
/// - the store move copies `.store`, `-wal` and `-shm` ignoring every error, then deletes the legacy
///   files **unconditionally** (a failed copy loses the data), and is skipped when the App Group store
///   already exists (the widget may have created it empty first), stranding the old data.
struct BabyStepsWidget: SyncDesign {
  static let name = "babysteps-widget"
  static let domain = Domain.steps
  static let surfaces: [Surface] = [.app, .widget]
  static let expectedToConverge = false

  let storeMove: StoreMove?
  /// The store in Application Support (before the move): completion instant per step.
  private var legacyStore: [StepID: Instant]? = nil
  /// The App Group store: `nil` while it does not exist.
  private var groupStore: [StepID: Instant]? = nil
  /// The undated snapshot in the App Group defaults.
  private var snapshotTodayCompleted = 0
  private var updateInstalled = false
  /// The widget arrives with the updated app.
  var widgetInstalled: Bool { storeMove == nil || updateInstalled }
  private(set) var recordsLostByStoreMove = 0

  init(scenario: Scenario) {
    self.storeMove = scenario.storeMove
    // Without a store move in the scenario, the app has used the App Group store from the start.
    if scenario.storeMove == nil { groupStore = [:] } else { legacyStore = [:] }
  }

  /// The store the app reads and writes.
  private var active: [StepID: Instant] {
    get { (updateInstalled || storeMove == nil ? groupStore : legacyStore) ?? [:] }
    set {
      if updateInstalled || storeMove == nil { groupStore = newValue } else { legacyStore = newValue }
    }
  }

  /// `fetchProgress(referenceDate:)`: today in the device's zone when it runs.
  private func completedToday(in store: [StepID: Instant], world: World) -> Int {
    let today = world.calendar.dayInterval(containing: world.now)
    return store.values.filter(today.contains).count  // a count: the order does not matter
  }

  mutating func perform(_ action: PlannedAction, world: inout World) -> TruthEffect {
    guard case .appTap = action.kind else { return .none }
    let step = StepsPlan.step(for: action)
    var store = active
    let effect: TruthEffect
    if let completedAt = store[step] {
      store[step] = nil  // un-completing clears completedAt (§1.1)
      effect = .remove(completedAt)
    } else {
      store[step] = action.time
      effect = .add(action.time)
    }
    active = store
    snapshotTodayCompleted = completedToday(in: store, world: world)
    world.requestReload(context: .appInForeground)
    return effect
  }

  mutating func storeMoveDayBegins(world: inout World) {
    updateInstalled = true
    // The person adds the widget before relaunching the updated app: it opens (creates) the store.
    if storeMove?.widgetOpensFirst == true, groupStore == nil { groupStore = [:] }
  }

  mutating func appBecameActive(world: inout World) {
    guard updateInstalled, let legacy = legacyStore else { return }
    // migrateStoreIfNeeded: only when the target does not exist yet.
    if groupStore == nil {
      groupStore = storeMove?.copyFails == true ? [:] : legacy  // copy errors are ignored
      legacyStore = nil  // and the legacy files deleted anyway
    }
    let kept = groupStore ?? [:]
    recordsLostByStoreMove += legacy.keys.filter { kept[$0] != legacy[$0] }.count
    if legacyStore != nil { legacyStore = [:] }  // stranded: the app never reads it again
    world.requestReload(context: .appInForeground)
  }

  mutating func appKilled(world: inout World) {}
  mutating func step(_ step: Step, world: inout World) {}
  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {}

  func timeline(world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
    // fetchProgress(referenceDate: now) from the App Group store, else the undated defaults.
    let count = groupStore.map { completedToday(in: $0, world: world) } ?? snapshotTodayCompleted
    return ([(world.now, count)], .after(world.now.advanced(by: 15 * Instant.millisecondsPerMinute)))
  }

  func count(on surface: Surface, world: World) -> Int { completedToday(in: active, world: world) }

  func storedTimestamps() -> [Instant] { active.values.sorted() }
}
