public import GlanceKernel

/// The converged steps app (BabySteps): a toggle is a `complete` or `uncomplete` event with an
/// id, written in one transaction to the store's event log; every figure is derived from the
/// log; the widgets are reloaded after every change (free: the app is in the foreground).
///
/// It also moves the store from the app's own container (where BabySteps kept it before it had
/// a widget) to the App Group, where the widget can read it: copy, verify, and only then let the
/// caller delete the source (``moveLegacyStore(into:at:attemptsMax:)``). When the App Group store
/// already exists (the widget created it before the updated app first ran), the copy merges into
/// it, by union, so nothing is lost and nothing is stranded.
///
/// A write the active store defers (suspended, busy: `DeferrableWriteError`) waits in
/// ``pendingWrites`` and is committed, in order, to the store active then, at the engine's next
/// write or ``retryPendingWrites(at:)``; ``progress()`` and ``display(at:in:)`` count it
/// meanwhile.
///
/// ## Laws
/// - The app reads and writes the legacy store until a move succeeds, the App Group store after.
/// - Every write goes through ``pendingWrites`` (see ``PendingWrites``).
/// - A move succeeds only when the App Group store holds every event of the legacy store; a
///   failed copy leaves both stores as they were or with part of the events merged, and the next
///   attempt merges the rest (merge is idempotent).
public struct StepsApp<Log: EventLog>: PhoneEngine {
  /// The task list before any edit (the list the app had before it wrote task events).
  public var baseTasks: [StepTask] { views.store.tasks }
  /// What the app shows of each store (each keeps what it last read of its own).
  private let views: (legacy: StepsWidget, store: StepsWidget)
  /// The App Group store, once it exists.
  public private(set) var store: Log?
  /// The store in the app's own container, until the move succeeds.
  public private(set) var legacy: Log?
  /// When the widgets are reloaded.
  public var reloads: ReloadCoordinator
  /// The writes the active store deferred, waiting in order.
  public private(set) var pendingWrites: PendingWrites

  /// An app over the App Group `store`, or over `legacy` until it is moved, with the writes an
  /// earlier engine left waiting (`pendingWrites`, saved by the app), which its first write
  /// commits.
  ///
  /// - Throws: `RefreshBudgetError` for a budget outside 40…72, `ProgressError` for tasks that
  ///   repeat an id.
  public init(
    store: Log?, legacy: Log?, tasks: [StepTask], refreshBudget: Int, reloader: any WidgetReloader, wakes: any WakeScheduler,
    pendingWrites: PendingWrites = PendingWrites()
  ) throws {
    precondition(store != nil || legacy != nil, "the steps app needs a store")
    self.pendingWrites = pendingWrites
    views = (try StepsWidget(tasks: tasks, refreshBudget: refreshBudget), try StepsWidget(tasks: tasks, refreshBudget: refreshBudget))
    self.store = store
    self.legacy = legacy
    self.reloads = try ReloadCoordinator(refreshBudget: refreshBudget, reloader: reloader, wakes: wakes)
  }

  /// The store the app reads and writes: the legacy one until the move is done.
  public var active: Log {
    guard let active = legacy ?? store else { preconditionFailure("the steps app has a store") }
    return active
  }

  /// The person checks `step` at `now`: event `id`.
  ///
  /// - Throws: what the log throws; nothing was recorded then.
  public mutating func complete(_ step: StepID, id: EventID, at now: Instant) throws {
    try record(Event(id: id, kind: .complete(step: step), instant: now, origin: .app), at: now)
  }

  /// The person unchecks `step` at `now`: event `id`.
  ///
  /// - Throws: what the log throws; nothing was recorded then.
  public mutating func uncomplete(_ step: StepID, id: EventID, at now: Instant) throws {
    try record(Event(id: id, kind: .uncomplete(step: step), instant: now, origin: .app), at: now)
  }

  // MARK: Editing the task list

  /// The person adds the task `task` titled `title` with `steps` (in that order) at `now`: it
  /// goes to the end of the list (order one more than the largest listed). One transaction.
  ///
  /// `ids` hands out a new event id per call (`{ EventID(UUID()) }` in an app).
  ///
  /// - Throws: ``StepsEditError/blankTitle(_:)``, ``StepsEditError/taskExists(_:)`` (nothing
  ///   written); what the log throws (nothing written).
  public mutating func addTask(_ task: TaskID, title: String, steps: [StepID], at now: Instant, ids: () -> EventID) throws {
    try Self.checkTitle(title)
    let tasks = try progress().tasks
    guard !tasks.contains(where: { $0.id == task }) else { throw StepsEditError.taskExists(task) }
    let order = (tasks.map(\.order).max() ?? -1) + 1
    var kinds: [EventKind] = [.defineTask(task, title: title, order: order)]
    for (position, step) in steps.enumerated() { kinds.append(.defineStep(step, task: task, order: position)) }
    try write(kinds, at: now, ids: ids)
  }

  /// The person adds `steps` at the end of task `task` at now. The task's steps are numbered
  /// anew (0, 1, …), so a new step never shares a position with an old one (BabySteps numbered
  /// a new step by the count of steps, which repeats a position after a removal). One
  /// transaction.
  ///
  /// - Throws: ``StepsEditError/unknownTask(_:)`` (nothing written); what the log throws.
  public mutating func addSteps(_ steps: [StepID], to task: TaskID, at now: Instant, ids: () -> EventID) throws {
    let listed = try listedTask(task)
    let kinds = (listed.steps + steps).enumerated().map { position, step in EventKind.defineStep(step, task: task, order: position) }
    try write(kinds, at: now, ids: ids)
  }

  /// The person renames task `task` to `title` at `now`.
  ///
  /// - Throws: ``StepsEditError/blankTitle(_:)``, ``StepsEditError/unknownTask(_:)`` (nothing
  ///   written); what the log throws.
  public mutating func renameTask(_ task: TaskID, to title: String, at now: Instant, ids: () -> EventID) throws {
    try Self.checkTitle(title)
    let listed = try listedTask(task)
    try write([.defineTask(task, title: title, order: listed.order)], at: now, ids: ids)
  }

  /// The person reorders the list at `now`: `tasks` is every listed task once, in its new order
  /// (task `tasks[i]` gets order `i`). One transaction.
  ///
  /// - Throws: ``StepsEditError/notAReordering(_:)`` when `tasks` is not the listed tasks in
  ///   some order (nothing written); what the log throws.
  public mutating func reorderTasks(_ tasks: [TaskID], at now: Instant, ids: () -> EventID) throws {
    let listed = try progress().tasks
    guard tasks.count == listed.count, Set(tasks) == Set(listed.map(\.id)) else { throw StepsEditError.notAReordering(tasks) }
    let titles = Dictionary(uniqueKeysWithValues: listed.map { ($0.id, $0.title) })
    let kinds = tasks.enumerated().map { order, task in EventKind.defineTask(task, title: titles[task] ?? "", order: order) }
    try write(kinds, at: now, ids: ids)
  }

  /// The person deletes task `task` at `now`, with its steps (their completions leave every
  /// figure).
  ///
  /// - Throws: ``StepsEditError/unknownTask(_:)`` (nothing written); what the log throws.
  public mutating func removeTask(_ task: TaskID, at now: Instant, ids: () -> EventID) throws {
    _ = try listedTask(task)
    try write([.removeTask(task)], at: now, ids: ids)
  }

  /// The person deletes step `step` at `now`, with its completion.
  ///
  /// - Throws: ``StepsEditError/unknownStep(_:)`` (nothing written); what the log throws.
  public mutating func removeStep(_ step: StepID, at now: Instant, ids: () -> EventID) throws {
    guard try progress().tasks.contains(where: { $0.steps.contains(step) }) else { throw StepsEditError.unknownStep(step) }
    try write([.removeStep(step)], at: now, ids: ids)
  }

  private func listedTask(_ task: TaskID) throws -> StepTask {
    guard let listed = try progress().tasks.first(where: { $0.id == task }) else { throw StepsEditError.unknownTask(task) }
    return listed
  }

  private static func checkTitle(_ title: String) throws(StepsEditError) {
    guard title.contains(where: { !$0.isWhitespace }) else { throw .blankTitle(title) }
  }

  /// Writes an edit's events to the active store in one transaction. The steps have no peer:
  /// no outbox.
  private mutating func write(_ kinds: [EventKind], at now: Instant, ids: () -> EventID) throws {
    let events = kinds.map { Event(id: ids(), kind: $0, instant: now, origin: .app) }
    try hand(.receive(events))
    reloads.reload(at: now)
  }

  /// The progress now: ``baseTasks`` edited by the active store's task and step events, with
  /// the completions of their steps, and the writes waiting as the store will hold them.
  ///
  /// - Throws: what the log throws (see ``StepsWidget/progress(of:)``).
  public func progress() throws -> StepProgress {
    if let overlaid = try overlaid() { return try (legacy != nil ? views.legacy : views.store).progress(of: overlaid) }
    return legacy != nil ? try views.legacy.progress(of: legacy) : try views.store.progress(of: store)
  }

  private mutating func record(_ event: Event, at now: Instant) throws {
    try hand(.record(event))
    reloads.reload(at: now)
  }

  /// Hands `write` to the active store behind the writes waiting (``PendingWrites``).
  private mutating func hand(_ write: PendingWrite) throws {
    var changes = 0
    try withActive { log, pending in try pending.write(write, to: &log, counting: &changes) }
  }

  /// Runs `body` on the active store and the writes waiting, both in place.
  private mutating func withActive(_ body: (inout Log, inout PendingWrites) throws -> Void) rethrows {
    if var log = legacy {
      legacy = nil  // while it is written: the copy is then the only one (a value log is not copied)
      defer { legacy = log }
      try body(&log, &pendingWrites)
    } else if var log = store {
      store = nil
      defer { store = log }
      try body(&log, &pendingWrites)
    }
  }

  /// The active store's events with the writes waiting added, or `nil` when none waits.
  private func overlaid() throws -> Replica? {
    guard !pendingWrites.isEmpty else { return nil }
    return try pendingWrites.applied(to: active.replica())
  }

  /// The app came to the foreground: a reload is free, and replaces any the widget's own
  /// schedule may have lost. Call ``retryPendingWrites(at:)`` first (after
  /// `EventStore.resumeAll()`) when writes wait.
  public mutating func becameActive(at now: Instant) {
    reloads.reload(at: now)
  }

  /// The store was resumed at `now` (after `EventStore.resumeAll()`): the writes it deferred
  /// are committed, in order, to the active store, and when any was taken the widgets are
  /// reloaded. Every write of the engine does this first too.
  ///
  /// - Throws: what the log throws for a waiting write it refuses for good (that write is
  ///   dropped).
  public mutating func retryPendingWrites(at now: Instant) throws {
    guard !pendingWrites.isEmpty else { return }
    var changes = 0
    try withActive { log, pending in try pending.commit(to: &log, counting: &changes) }
    if changes > 0 { reloads.reload(at: now) }
  }

  /// Moves the legacy store into `group` (the App Group store, new or created by the widget):
  /// copies every event, verifies that `group` holds them all, and only then switches to it.
  /// A copy that fails (an I/O error is most often transient) is tried again, at most
  /// `attemptsMax` times.
  ///
  /// On ``StoreMoveOutcome/moved(events:)`` delete the legacy store; on
  /// ``StoreMoveOutcome/incomplete(copied:of:)`` keep it: the app still uses it, and the next
  /// launch moves again, merging what this one copied.
  public mutating func moveLegacyStore(into group: Log, at now: Instant, attemptsMax: Int = 3) -> StoreMoveOutcome {
    precondition(attemptsMax >= 1, "a move makes at least one attempt")
    guard let source = legacy else {
      store = store ?? group
      return .moved(events: 0)
    }
    var target = group
    var copied = 0
    var total = 0
    for _ in 0..<attemptsMax {
      do {
        let events = try source.replica().events
        total = events.count
        _ = try target.receive(events)
        let held = try target.replica()
        copied = events.count { held.contains($0.id) }
        guard copied == events.count else { continue }
        store = target
        legacy = nil
        reloads.reload(at: now)
        return .moved(events: total)
      } catch {
        continue  // the next attempt copies again; merging is idempotent
      }
    }
    store = target
    return .incomplete(copied: copied, of: total)
  }

  /// What the app shows at `now`, "today" in `calendar`'s zone.
  ///
  /// - Throws: what the log throws.
  public func display(at now: Instant, in calendar: ZoneCalendar) throws -> StepsDisplay {
    if let overlaid = try overlaid() {
      return try (legacy != nil ? views.legacy : views.store).display(of: overlaid, at: now, in: calendar)
    }
    return legacy != nil
      ? try views.legacy.display(of: legacy, at: now, in: calendar) : try views.store.display(of: store, at: now, in: calendar)
  }

  // MARK: Resuming

  /// This engine as it stands, over `store` and `legacy` (copies of its stores, `nil` exactly
  /// where it has none) and the ports `reloader` and `wakes`: for a simulator that resumes a
  /// play from a snapshot instead of playing it again. What the engine keeps in memory is kept
  /// (its pacing, the writes waiting); its caches (what it last read of each store) start
  /// empty, and are folded again from the stores when next read.
  ///
  /// Law: the copy answers every call as `self` would over stores equal to `store` and `legacy`,
  /// and shares nothing mutable with it.
  package func rewired(store: Log?, legacy: Log?, reloader: any WidgetReloader, wakes: any WakeScheduler) -> Self {
    precondition((store == nil) == (self.store == nil), "the copy has an App Group store where the engine has one")
    precondition((legacy == nil) == (self.legacy == nil), "the copy has a legacy store where the engine has one")
    return Self(self, store: store, legacy: legacy, reloads: reloads.rewired(reloader: reloader, wakes: wakes))
  }

  private init(_ engine: Self, store: Log?, legacy: Log?, reloads: ReloadCoordinator) {
    self.views = (engine.views.legacy.emptied(), engine.views.store.emptied())
    self.store = store
    self.legacy = legacy
    self.reloads = reloads
    self.pendingWrites = engine.pendingWrites
  }
}
