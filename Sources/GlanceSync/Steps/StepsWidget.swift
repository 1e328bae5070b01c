public import GlanceKernel

/// The converged steps widget's timeline provider: it reads the App Group store and plans the
/// display to the next day boundary, where "today" starts again from zero with no reload.
///
/// Keep one provider for one store (the widget extension's `TimelineProvider` holds it): it
/// keeps the step completions it last read while the store does not change, when the store
/// counts its changes (``ChangeCountingEventLog``).
///
/// The task list is read from the store too: ``tasks`` (the list before any edit, such as an
/// older version's fixed list) edited by the store's task and step events
/// (`Replica.stepTasks(startingWith:)`), so the widget counts the steps the app counts, however
/// the person added, removed, renamed or reordered them.
///
/// ## Laws
/// - For every `t` in the two days after `now`, the entry in force is
///   `StepsDisplay(snapshot: s, at: t, calendar: calendar)` of the store's snapshot `s` as of
///   `now`.
/// - The snapshot's progress is `StepProgress(tasks: r.stepTasks(startingWith: tasks),
///   completions: r.stepCompletions)` of the store's replica `r`.
/// - Before the App Group store exists (`store == nil`) the widget shows the progress of
///   ``tasks`` with no completion.
public struct StepsWidget: Sendable {
  /// The task list before any edit in the store.
  public let tasks: [StepTask]
  /// The widget's budget: charged reloads a day.
  public let refreshBudget: Int
  private let progress = StepProgressFold()

  /// A provider for `tasks`, for a widget whose budget is `refreshBudget` charged reloads a day.
  ///
  /// - Throws: `ProgressError` when `tasks` repeat an id, `RefreshBudgetError` for a budget
  ///   outside 40…72.
  public init(tasks: [StepTask], refreshBudget: Int) throws {
    _ = try StepProgress(tasks: tasks, completions: [:])
    guard RefreshBudget.limitRange.contains(refreshBudget) else { throw RefreshBudgetError.limitOutOfRange(refreshBudget) }
    self.tasks = tasks
    self.refreshBudget = refreshBudget
  }

  /// The timeline of the steps widget at `now`, from `store`, "today" in `calendar`'s zone.
  ///
  /// - Throws: what the log throws.
  public func timeline(of store: (some EventLog)?, at now: Instant, in calendar: ZoneCalendar) throws -> Timeline<StepsDisplay> {
    let projection =
      if let store {
        try progress.projection(of: store, base: tasks, at: now, in: calendar)
      } else {
        StepsDisplayProjection(snapshot: try snapshot(of: store, at: now, in: calendar), calendar: calendar)
      }
    return WidgetTimelines.plan(
      projection, now: now, horizonMilliseconds: WidgetTimelines.dayHorizonMilliseconds, refreshBudget: refreshBudget)
  }

  /// What the app and the widget show of `store` at `now`.
  ///
  /// - Throws: what the log throws.
  public func display(of store: (some EventLog)?, at now: Instant, in calendar: ZoneCalendar) throws -> StepsDisplay {
    guard let store else { return StepsDisplay(snapshot: try snapshot(of: store, at: now, in: calendar), at: now, calendar: calendar) }
    return try progress.display(of: store, base: tasks, at: now, in: calendar)
  }

  /// The dated snapshot of `store`'s progress (``tasks`` with no completion when there is no
  /// store).
  func snapshot(of store: (some EventLog)?, at now: Instant, in calendar: ZoneCalendar) throws -> StepsSnapshot {
    guard let store else { return StepsSnapshot(progress: try progress(of: store), asOf: now, calendar: calendar) }
    return try progress.snapshot(of: store, base: tasks, at: now, in: calendar)
  }

  /// The progress of `store`'s task list and completions.
  ///
  /// - Throws: what the log throws; `ProgressError.completionOutOfRange` for a step the store
  ///   says was completed outside the years 1–9999 (a list derived from checked ``tasks``
  ///   repeats no id, so no other `ProgressError` can arise).
  public func progress(of store: (some EventLog)?) throws -> StepProgress {
    guard let store else { return try StepProgress(tasks: tasks, completions: [:]) }
    return try self.progress.progress(of: store, base: tasks)
  }

  // MARK: Resuming

  /// This provider with its fold empty: for a simulator that resumes a play from a snapshot
  /// (a progress folded from one store must not serve a copy of it). Law: the copy answers every
  /// call as `self` would, and shares nothing mutable with it.
  package func emptied() -> Self { Self(tasks: tasks, checkedBudget: refreshBudget) }

  private init(tasks: [StepTask], checkedBudget refreshBudget: Int) {
    self.tasks = tasks
    self.refreshBudget = refreshBudget
  }
}
