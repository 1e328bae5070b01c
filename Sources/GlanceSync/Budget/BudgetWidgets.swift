public import GlanceKernel

/// The converged budget widgets' timeline provider (Pulpe's current-period and year-overview
/// widgets): it sums the expenses of the App Group store by pay period and plans the widget to
/// every pay-period boundary of the next 31 days, where it turns to the new period (and, in
/// January, the year overview to the new year) with no reload.
///
/// Keep one provider for one store (the widget extension's `TimelineProvider` holds it, the
/// app's ``BudgetApp`` has its own): it keeps the sums it last made while the store does not
/// change and the zone stays the same, when the store counts its changes
/// (``ChangeCountingEventLog``), and folds in only the events written since when the store
/// hands out its change feed.
///
/// ## Laws
/// - For every `t` in the 31 days after `now`, the entry in force is what `BudgetBook.model`
///   makes of the book's cache at `t`, from the expenses in the store as of `now`.
public struct BudgetWidgets: Sendable {
  public let book: BudgetBook
  /// The widgets' budget: charged reloads a day.
  public let refreshBudget: Int
  private let sums = ExpenseSums()
  private let figures = PeriodFiguresMemo()
  private let models = BudgetModelMemo()

  /// A provider for `book`, for widgets whose budget is `refreshBudget` charged reloads a day.
  ///
  /// - Throws: `RefreshBudgetError.limitOutOfRange` outside 40…72.
  public init(book: BudgetBook, refreshBudget: Int) throws(RefreshBudgetError) {
    guard RefreshBudget.limitRange.contains(refreshBudget) else { throw .limitOutOfRange(refreshBudget) }
    self.book = book
    self.refreshBudget = refreshBudget
  }

  /// The timeline of the budget widget of `kind` at `now`, from `log`, periods read in
  /// `calendar`'s zone.
  ///
  /// - Throws: what the log throws.
  public func timeline(
    of log: some EventLog, kind: BudgetWidgetKind, at now: Instant, in calendar: ZoneCalendar
  ) throws
    -> Timeline<BudgetWidgetModel>
  {
    let projection = try projection(of: log, kind: kind, in: calendar)
    return WidgetTimelines.plan(
      projection, now: now, horizonMilliseconds: WidgetTimelines.periodHorizonMilliseconds, refreshBudget: refreshBudget)
  }

  /// What the widget of `kind` shows of `log` at `now`.
  ///
  /// - Throws: what the log throws.
  public func model(
    of log: some EventLog, kind: BudgetWidgetKind, at now: Instant, in calendar: ZoneCalendar
  ) throws
    -> BudgetWidgetModel
  {
    try projection(of: log, kind: kind, in: calendar).model(at: now)
  }

  /// The projection of `log`'s expenses, summed by period (periods read in `calendar`'s zone),
  /// through the provider's memos.
  private func projection(
    of log: some EventLog, kind: BudgetWidgetKind, in calendar: ZoneCalendar
  ) throws -> BudgetBookProjection {
    let spent = try sums.spent(of: log, book: book, in: calendar)
    return BudgetBookProjection(
      book: book, spent: spent, kind: kind, calendar: calendar, memos: (figures, models, sums.generation))
  }

  // MARK: Resuming

  /// This provider with its memos empty: for a simulator that resumes a play from a snapshot
  /// (sums folded from one log must not serve a copy of it). Law: the copy answers every call as
  /// `self` would, and shares nothing mutable with it.
  package func emptied() -> Self { Self(book: book, checkedBudget: refreshBudget) }

  private init(book: BudgetBook, checkedBudget refreshBudget: Int) {
    self.book = book
    self.refreshBudget = refreshBudget
  }
}
