import GlanceKernel
import GlanceSync

/// Glance's converged design for the steps: GlanceSync's ``StepsApp`` and ``StepsWidget``,
/// wired to the simulated platform.
///
/// The world decides what the engine cannot: which version of the app is installed (before the
/// store-move day, the old one, which keeps its store in its own container; from then on the
/// updated one, which moves it on its first launch: the app learns which it is at its launch,
/// from ``World/appVersion``), when the App Group store comes to exist (with the updated app,
/// or earlier when the widget's provider opens it first), and the store's faults (the
/// scenario's failed copy is an I/O error of the App Group store's first bulk write).
struct ConvergedSteps: ConvergedDesign, ResumableDesign {
  static let domain = Domain.steps

  let storeMove: StoreMove?
  var phone: StepsApp<SimulatedEventLog>
  /// The widget extension's timeline provider.
  private let provider: StepsWidget
  /// The App Group store, once it exists: what the widget reads.
  private var group: SimulatedEventLog? = nil
  /// The store in the app's own container, until the app deletes it after a move.
  private var legacy: SimulatedEventLog? = nil
  private let stores: RunStores
  /// Whether the app runs the updated version (learnt at its launch).
  private var updateInstalled = false
  private var copyFailureInjected = false
  private let refreshBudget: Int
  let platform: SimulatedPlatform
  var savedPendingWrites = PendingWrites()
  var pendingRetryAsked = false
  private let memo = Memo<DayMemoKey, Display>()
  /// What the phone's store holds, per store and version: the audit is handed the same array
  /// while the store does not change.
  private let storedMemo = Memo<StoreVersion, StoredRecords>()

  init(scenario: Scenario, stores: RunStores) {
    self.storeMove = scenario.storeMove
    self.stores = stores
    platform = SimulatedPlatform()
    if scenario.storeMove == nil { group = SimulatedEventLog("group", stores: stores) }
    // The legacy store is in the app's own container, which no other process opens.
    legacy = scenario.storeMove == nil ? nil : SimulatedEventLog("legacy", appGroup: false, stores: stores)
    refreshBudget = scenario.refreshBudget
    do {
      provider = try StepsWidget(tasks: StepsPlan.tasks, refreshBudget: scenario.refreshBudget)
    } catch {
      preconditionFailure("the steps plan and a loaded scenario's refresh budget are valid: \(error)")
    }
    phone = Self.phone(store: group, legacy: legacy, refreshBudget: refreshBudget, platform: platform)
  }

  /// This design as it stands, its stores copied into `stores` (which the copy keeps, for the
  /// App Group store it may create), its engine over those copies, its platform and caches its
  /// own (``ResumableDesign``). The engine's stores are the design's (the App Group store once
  /// the engine has one, the legacy store until it moved it): the copy's are the same copies.
  func copy(into stores: RunStores) -> ConvergedSteps { ConvergedSteps(self, into: stores) }

  private init(_ design: ConvergedSteps, into stores: RunStores) {
    precondition(design.phone.store.map { $0 === design.group } ?? true, "the engine's App Group store is the design's")
    precondition(design.phone.legacy.map { $0 === design.legacy } ?? true, "the engine's legacy store is the design's")
    storeMove = design.storeMove
    self.stores = stores
    platform = design.platform.copy()
    refreshBudget = design.refreshBudget
    provider = design.provider.emptied()
    group = design.group?.copy(into: stores)
    legacy = design.legacy?.copy(into: stores)
    phone = design.phone.rewired(
      store: design.phone.store == nil ? nil : group, legacy: design.phone.legacy == nil ? nil : legacy, reloader: platform,
      wakes: platform)
    updateInstalled = design.updateInstalled
    copyFailureInjected = design.copyFailureInjected
    savedPendingWrites = design.savedPendingWrites
    pendingRetryAsked = design.pendingRetryAsked
  }

  /// The stores (whether each exists, and what it holds), the engine's memory, the store move's
  /// state (whether the updated app runs, whether the copy failure was injected) and the writes
  /// saved for the next launch (``ResumableDesign``); not the memos nor the provider, which are
  /// caches, nor the store move and the budget, the scenario's.
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(group)
    hasher.combine(legacy)
    hasher.combine(phone)
    hasher.combine(updateInstalled)
    hasher.combine(copyFailureInjected)
    hasher.combine(savedPendingWrites)
    hasher.combine(pendingRetryAsked)
  }

  /// The app's engine over its stores, as the app makes it at launch: the App Group store once
  /// it uses it, the legacy store until a move has deleted it, and the writes the last engine
  /// left waiting (`pendingWrites`, saved in the app's container).
  private static func phone(
    store: SimulatedEventLog?, legacy: SimulatedEventLog?, refreshBudget: Int, platform: SimulatedPlatform,
    pendingWrites: PendingWrites = PendingWrites()
  ) -> StepsApp<SimulatedEventLog> {
    do {
      return try StepsApp(
        store: store, legacy: legacy, tasks: StepsPlan.tasks, refreshBudget: refreshBudget, reloader: platform, wakes: platform,
        pendingWrites: pendingWrites)
    } catch {
      preconditionFailure("the steps plan and a loaded scenario's refresh budget are valid: \(error)")
    }
  }

  /// A launched app makes its engine anew over the stores that exist (the legacy store until it
  /// was deleted: a move cut short is made again), resuming its pacing from the App Group's
  /// defaults: what the last process kept in memory is gone. From the update on, it is the
  /// updated app.
  mutating func appLaunched(world: inout World) {
    if world.appVersion > 1 { updateInstalled = true }
    let (group, legacy, refreshBudget, pending) = (group, legacy, refreshBudget, savedPendingWrites)
    platform.run(&world) {
      phone = Self.phone(store: group, legacy: legacy, refreshBudget: refreshBudget, platform: platform, pendingWrites: pending)
    }
  }

  /// The widget's provider opens the App Group store when it runs: the store-move scenario says
  /// whether it does so before the updated app has moved the legacy store (it then creates it,
  /// empty).
  mutating func widgetExtensionLaunched(world: inout World) {
    if storeMove?.widgetOpensFirst == true, group == nil { group = SimulatedEventLog("group", stores: stores) }
  }

  mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
    switch deed {
    case .complete(let step, let record):
      platform.run(&world) { try phone.complete(step, id: record.id, at: record.instant) }
    case .uncomplete(let step, _):
      platform.run(&world) { try phone.uncomplete(step, id: action.eventID, at: action.time) }
    case .editTasks(let edit):
      // The events' ids: the action's, then ids made from it.
      var made = 0
      let ids = {
        defer { made += 1 }
        return made == 0 ? action.eventID : EventID(action.madeID(made - 1))
      }
      let now = action.time
      platform.run(&world) {
        do {
          switch edit {
          case .addTask(let task): try phone.addTask(task.id, title: task.title, steps: task.steps, at: now, ids: ids)
          case .addSteps(let task, let steps, _): try phone.addSteps(steps, to: task, at: now, ids: ids)
          case .renameTask(let task, let title): try phone.renameTask(task, to: title, at: now, ids: ids)
          case .reorderTasks(let tasks): try phone.reorderTasks(tasks, at: now, ids: ids)
          case .removeTask(let task): try phone.removeTask(task, at: now, ids: ids)
          }
        } catch is StepsEditError {
          // The person cannot edit a list the app does not show: nothing happens (the judge
          // sees the lists differ).
        }
      }
    default:
      preconditionFailure("the steps model does not make \(deed)")
    }
    savePendingWrites(world: &world)
  }

  mutating func appBecameActive(world: inout World) {
    let now = world.now
    // The writes the store deferred first, as StepsApp asks.
    retryPendingWrites(world: &world)
    savePendingWrites(world: &world)
    platform.run(&world) { phone.becameActive(at: now) }
    // The updated app moves the store on its first launch (and on the next, if that one failed).
    guard updateInstalled, phone.legacy != nil else { return }
    // GlanceSync copies events in one transaction, not files: a kill before any copy step falls
    // before the move (the App Group store is not made yet), one before the deletion after it.
    for step in [StoreMoveStep.copyStore, .copyWAL, .copySHM] where world.storeMoveReaches(step) { return }
    let target = group ?? SimulatedEventLog("group", stores: stores)
    if storeMove?.copyFails == true, !copyFailureInjected {
      copyFailureInjected = true
      target.failNextReceive = true
    }
    group = target
    var outcome: StoreMoveOutcome? = nil
    platform.run(&world) { outcome = phone.moveLegacyStore(into: target, at: now) }
    // On `moved`, the app deletes the legacy store, as StepsApp's documentation asks.
    guard case .moved = outcome, !world.storeMoveReaches(.deleteLegacy) else { return }
    legacy = nil
  }

  mutating func retryPendingWrites(world: inout World) {
    guard !phone.pendingWrites.isEmpty else { return }
    let now = world.now
    platform.run(&world) { try phone.retryPendingWrites(at: now) }
  }

  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    precondition(widget == .main, "the steps have one widget")
    let timeline = Self.shown { try provider.timeline(of: group, at: world.now, in: world.calendar) }
    return WidgetTimeline(timeline) { .steps($0) }
  }

  func display(on surface: Surface, world: World) -> Display {
    precondition(surface == .app, "the steps app shows \(surface) no display of its own")
    return memo.value(for: DayMemoKey(version: Self.memoVersion(phone.active.version, phone.pendingWrites), world: world)) {
      .steps(Self.shown { try phone.display(at: world.now, in: world.calendar) })
    }
  }

  func storedRecords(on device: Device) -> StoredRecords? {
    guard device == .phone else { return nil }
    // The completions of the listed tasks' steps: those of a deleted task's steps no longer count.
    return storedMemo.value(for: StoreVersion(phone.active)) {
      .instants(Self.shown { try phone.progress() }.completions.values.sorted())
    }
  }
}
