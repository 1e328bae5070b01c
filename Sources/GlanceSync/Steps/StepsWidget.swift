public import GlanceKernel

/// The converged steps widget's timeline provider: it reads the App Group store and plans the
/// display to the next day boundary, where "today" starts again from zero with no reload.
///
/// Keep one provider for one store (the widget extension's `TimelineProvider` holds it): it
/// keeps the step completions it last read while the store does not change, when the store
/// counts its changes (``ChangeCountingEventLog``).
///
/// ## Laws
/// - For every `t` in the two days after `now`, the entry in force is
///   `StepsDisplay(snapshot: s, at: t, calendar: calendar)` of the store's snapshot `s` as of
///   `now`.
/// - Before the App Group store exists (`store == nil`) the widget shows an empty progress.
public struct StepsWidget: Sendable {
  /// The tasks the person works through.
  public let tasks: [StepTask]
  /// The widget's budget: charged reloads a day.
  public let refreshBudget: Int
  private let completions = DerivedValue<Int, [StepID: Instant]>()

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
    let projection = StepsDisplayProjection(snapshot: try snapshot(of: store, at: now, in: calendar), calendar: calendar)
    return WidgetTimelines.plan(projection, now: now, horizonMilliseconds: WidgetTimelines.dayHorizonMilliseconds, refreshBudget: refreshBudget)
  }

  /// What the app and the widget show of `store` at `now`.
  ///
  /// - Throws: what the log throws.
  public func display(of store: (some EventLog)?, at now: Instant, in calendar: ZoneCalendar) throws -> StepsDisplay {
    StepsDisplay(snapshot: try snapshot(of: store, at: now, in: calendar), at: now, calendar: calendar)
  }

  /// The dated snapshot of `store`'s completions (none when there is no store).
  func snapshot(of store: (some EventLog)?, at now: Instant, in calendar: ZoneCalendar) throws -> StepsSnapshot {
    let completions = try store.map { store in try self.completions.value(of: store, key: 0) { try store.replica().stepCompletions } } ?? [:]
    do {
      return StepsSnapshot(progress: try StepProgress(tasks: tasks, completions: completions), asOf: now, calendar: calendar)
    } catch {
      preconditionFailure("the tasks were checked when the provider was made: \(error)")
    }
  }
}
