public import GlanceKernel

/// What an accepted action means, as the person decided when performing it: the judge is fed it
/// (its truth takes it in), then the design carries it out as its app would. A design never
/// says what an action did to the truth, and the truth never interprets an action.
///
/// ## Laws
/// - Made only by a person (`TallyPerson`, `StepsPerson`, `BudgetPerson`) for an action that
///   happened; the truth already reflects it when the design receives it.
/// - A removal names a record that was live just before (in the person's ledger and in the
///   truth, which are fed the same deeds).
public enum Deed: Hashable, Sendable {
  /// A new record: a tap in the app, on the widget's "+" or on the watch (tally).
  case add(Record)
  /// The removal of `target` (the tally's latest record today, the budget's latest expense of
  /// the current period): a delete ("undo") in the app.
  case remove(target: Record)
  /// Step `step` completed (steps): `record` is the completion.
  case complete(step: StepID, record: Record)
  /// Step `step` un-completed (steps): `target` was its completion.
  case uncomplete(step: StepID, target: Record)
  /// An expense entered with a quick-amount chip on the add-expense sheet (budget).
  case expense(Record, SubmittedExpense)
  /// An expense's amount changed on the edit page (budget): `replacement` (the edit's id, the
  /// same instant, so the same period) takes the place of `target`, with `expense`'s amount.
  case amend(target: Record, replacement: Record, SubmittedExpense)
  /// An edit of the task list (steps). Removing a task removes its steps' completions from the
  /// truth.
  case editTasks(TaskEdit)
}
