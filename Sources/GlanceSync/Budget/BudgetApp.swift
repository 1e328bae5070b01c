public import GlanceKernel

/// The converged budget app (Pulpe): every expense is an `expense` event (a `Money` amount
/// entered on the kernel's `AmountEntry` sheet) and a delete a `remove` tombstone, in the
/// store's event log; every figure is derived from the log with the ``BudgetBook``; each change
/// asks for the widgets to be reloaded (free: the app is in the foreground). The widgets' own
/// timelines (``BudgetWidgets``) are planned to every pay-period boundary, so a new period shows
/// at once with no reload.
///
/// ## Laws
/// - What the app shows is what the current-period widget shows at the same instant.
public struct BudgetApp<Log: EventLog>: PhoneEngine {
  public var book: BudgetBook { widgets.book }
  /// What the app shows is the current-period widget's model: the app keeps a provider of its own.
  private let widgets: BudgetWidgets
  /// The App Group store.
  public private(set) var log: Log
  /// When the widgets are reloaded.
  public var reloads: ReloadCoordinator

  /// An app over `log`.
  ///
  /// - Throws: `RefreshBudgetError` for a budget outside 40…72.
  public init(
    log: Log, book: BudgetBook, refreshBudget: Int, reloader: any WidgetReloader, wakes: any WakeScheduler
  )
    throws(RefreshBudgetError)
  {
    self.log = log
    self.widgets = try BudgetWidgets(book: book, refreshBudget: refreshBudget)
    self.reloads = try ReloadCoordinator(refreshBudget: refreshBudget, reloader: reloader, wakes: wakes)
  }

  /// The person submits `expense` on the add-expense sheet at `now`: event `id`.
  ///
  /// - Throws: what the log throws; nothing was recorded then.
  public mutating func add(_ expense: SubmittedExpense, id: EventID, at now: Instant) throws {
    _ = try log.recordRetrying(Event(id: id, kind: .expense(amount: expense.amount, note: expense.name), instant: now, origin: .app))
    reloads.reload(at: now)
  }

  /// The person deletes the expense `target` at `now`: a tombstone with id `id`.
  ///
  /// - Throws: what the log throws; nothing was recorded then.
  public mutating func delete(_ target: EventID, id: EventID, at now: Instant) throws {
    _ = try log.recordRetrying(Event(id: id, kind: .remove(target: target), instant: now, origin: .app))
    reloads.reload(at: now)
  }

  /// The person changes the expense `target` to `expense` on the edit page at `now`: a tombstone
  /// `ids.tombstone` for the old expense and, at the old expense's own instant (an edit keeps
  /// its date, so its period), a new expense `ids.replacement`, in one transaction: no surface
  /// ever counts both or neither.
  ///
  /// - Throws: ``BudgetEditError/unknownExpense(_:)`` when `target` is not a live expense of the
  ///   log (nothing written); what the log throws (nothing written).
  public mutating func edit(
    _ target: EventID, to expense: SubmittedExpense, ids: (tombstone: EventID, replacement: EventID), at now: Instant
  ) throws {
    guard let old = try log.replica().liveExpenses.first(where: { $0.id == target }) else {
      throw BudgetEditError.unknownExpense(target)
    }
    let events = [
      Event(id: ids.tombstone, kind: .remove(target: target), instant: now, origin: .app),
      Event(id: ids.replacement, kind: .expense(amount: expense.amount, note: expense.name), instant: old.instant, origin: .app),
    ]
    // The budget has no peer: both events go to the log in one transaction, with no outbox.
    _ = try log.receiveRetrying(events)
    reloads.reload(at: now)
  }

  /// The app came to the foreground: a reload is free, and replaces any the widgets' own
  /// schedules may have lost.
  public mutating func becameActive(at now: Instant) {
    reloads.reload(at: now)
  }

  /// What the app shows at `now`: the current period's `remaining` (or the empty state).
  ///
  /// - Throws: what the log throws.
  public func display(at now: Instant, in calendar: ZoneCalendar) throws -> CurrentPeriodModel {
    guard case .currentPeriod(let model) = try widgets.model(of: log, kind: .currentPeriod(.small), at: now, in: calendar) else {
      preconditionFailure("a current-period projection renders the current period")
    }
    return model
  }
}
