public import GlanceKernel

/// The converged budget app (Pulpe): every expense is an `expense` event (a `Money` amount
/// entered on the kernel's `AmountEntry` sheet) and a delete a `remove` tombstone, in the
/// store's event log; every figure is derived from the log with the ``BudgetBook``; each change
/// asks for the widgets to be reloaded (free: the app is in the foreground). The widgets' own
/// timelines (``BudgetWidgets``) are planned to every pay-period boundary, so a new period shows
/// at once with no reload.
///
/// A write the log defers (suspended, busy: `DeferrableWriteError`) waits in ``pendingWrites``
/// and is committed, in order, at the engine's next write or ``retryPendingWrites(at:)``;
/// ``display(at:in:)`` counts it meanwhile.
///
/// ## Laws
/// - What the app shows is what the current-period widget shows at the same instant, plus the
///   writes waiting (none, unless the log deferred one).
/// - Every write goes through ``pendingWrites`` (see ``PendingWrites``).
public struct BudgetApp<Log: EventLog>: PhoneEngine {
  public var book: BudgetBook { widgets.book }
  /// What the app shows is the current-period widget's model: the app keeps a provider of its own.
  private let widgets: BudgetWidgets
  /// The App Group store.
  public private(set) var log: Log
  /// When the widgets are reloaded.
  public var reloads: ReloadCoordinator
  /// The writes the log deferred, waiting for it in order.
  public private(set) var pendingWrites: PendingWrites

  /// An app over `log`, with the writes an earlier engine left waiting (`pendingWrites`, saved
  /// by the app), which its first write commits.
  ///
  /// - Throws: `RefreshBudgetError` for a budget outside 40…72.
  public init(
    log: Log, book: BudgetBook, refreshBudget: Int, reloader: any WidgetReloader, wakes: any WakeScheduler,
    pendingWrites: PendingWrites = PendingWrites()
  )
    throws(RefreshBudgetError)
  {
    self.log = log
    self.pendingWrites = pendingWrites
    self.widgets = try BudgetWidgets(book: book, refreshBudget: refreshBudget)
    self.reloads = try ReloadCoordinator(refreshBudget: refreshBudget, reloader: reloader, wakes: wakes)
  }

  /// The person submits `expense` on the add-expense sheet at `now`: event `id`.
  ///
  /// - Throws: what the log throws for good (nothing was recorded then), ``PendingWritesError``;
  ///   a write the log defers is kept (``pendingWrites``), not thrown.
  public mutating func add(_ expense: SubmittedExpense, id: EventID, at now: Instant) throws {
    try write(.record(Event(id: id, kind: .expense(amount: expense.amount, note: expense.name), instant: now, origin: .app)))
    reloads.reload(at: now)
  }

  /// The person deletes the expense `target` at `now`: a tombstone with id `id`.
  ///
  /// - Throws: what the log throws for good (nothing was recorded then), ``PendingWritesError``;
  ///   a write the log defers is kept (``pendingWrites``), not thrown.
  public mutating func delete(_ target: EventID, id: EventID, at now: Instant) throws {
    try write(.record(Event(id: id, kind: .remove(target: target), instant: now, origin: .app)))
    reloads.reload(at: now)
  }

  /// The person changes the expense `target` to `expense` on the edit page at `now`: a tombstone
  /// `ids.tombstone` for the old expense and, at the old expense's own instant (an edit keeps
  /// its date, so its period), a new expense `ids.replacement`, in one transaction: no surface
  /// ever counts both or neither.
  ///
  /// - Throws: ``BudgetEditError/unknownExpense(_:)`` when `target` is not a live expense of the
  ///   log or of the writes waiting (nothing written); what the log throws for good (nothing
  ///   written), ``PendingWritesError``; an edit the log defers is kept (``pendingWrites``).
  public mutating func edit(
    _ target: EventID, to expense: SubmittedExpense, ids: (tombstone: EventID, replacement: EventID), at now: Instant
  ) throws {
    guard let old = try pendingWrites.applied(to: log.replica()).liveExpenses.first(where: { $0.id == target }) else {
      throw BudgetEditError.unknownExpense(target)
    }
    let events = [
      Event(id: ids.tombstone, kind: .remove(target: target), instant: now, origin: .app),
      Event(id: ids.replacement, kind: .expense(amount: expense.amount, note: expense.name), instant: old.instant, origin: .app),
    ]
    // The budget has no peer: both events go to the log in one transaction, with no outbox.
    try write(.receive(events))
    reloads.reload(at: now)
  }

  /// The app came to the foreground: a reload is free, and replaces any the widgets' own
  /// schedules may have lost. Call ``retryPendingWrites(at:)`` first (after
  /// `EventStore.resumeAll()`) when writes wait.
  public mutating func becameActive(at now: Instant) {
    reloads.reload(at: now)
  }

  /// The log was resumed at `now` (after `EventStore.resumeAll()`): the writes it deferred are
  /// committed, in order, and when any was taken the widgets are reloaded. Every write of the
  /// engine does this first too.
  ///
  /// - Throws: what the log throws for a waiting write it refuses for good (that write is
  ///   dropped).
  public mutating func retryPendingWrites(at now: Instant) throws {
    guard !pendingWrites.isEmpty else { return }
    var changes = 0
    try pendingWrites.commit(to: &log, counting: &changes)
    if changes > 0 { reloads.reload(at: now) }
  }

  /// Hands `write` to the log behind the writes waiting (``PendingWrites``).
  private mutating func write(_ write: PendingWrite) throws {
    var changes = 0
    try pendingWrites.write(write, to: &log, counting: &changes)
  }

  /// What the app shows at `now`: the current period's `remaining` (or the empty state).
  ///
  /// - Throws: what the log throws.
  public func display(at now: Instant, in calendar: ZoneCalendar) throws -> CurrentPeriodModel {
    let kind = BudgetWidgetKind.currentPeriod(.small)
    // The writes waiting count as the log will once it takes them (the person sees their expense).
    let model =
      pendingWrites.isEmpty
      ? try widgets.model(of: log, kind: kind, at: now, in: calendar)
      : try widgets.model(of: pendingWrites.applied(to: log.replica()), kind: kind, at: now, in: calendar)
    guard case .currentPeriod(let model) = model else {
      preconditionFailure("a current-period projection renders the current period")
    }
    return model
  }

  // MARK: Resuming

  /// This engine as it stands, over `log` (a copy of its log) and the ports `reloader` and
  /// `wakes`: for a simulator that resumes a play from a snapshot instead of playing it again.
  /// What the engine keeps in memory is kept (its pacing, the writes waiting); its caches (the
  /// app's own provider) start empty, and are folded again from `log` when next read.
  ///
  /// Law: the copy answers every call as `self` would over a log equal to `log`, and shares
  /// nothing mutable with it.
  package func rewired(log: Log, reloader: any WidgetReloader, wakes: any WakeScheduler) -> Self {
    Self(self, log: log, reloads: reloads.rewired(reloader: reloader, wakes: wakes))
  }

  private init(_ engine: Self, log: Log, reloads: ReloadCoordinator) {
    self.log = log
    self.widgets = engine.widgets.emptied()
    self.reloads = reloads
    self.pendingWrites = engine.pendingWrites
  }
}
