/// What an event records.
///
/// ## Laws
/// - `Codable` round-trips to an equal value.
/// - Every kind but ``add``, ``remove(target:)`` and ``expense(amount:note:)`` belongs to the
///   steps (BabySteps): toggles and the task list's own edits, so that the list the widget
///   shows is the list the app edited, replicated like every other figure.
public enum EventKind: Hashable, Sendable, Codable {
  /// One increment of the tally (one cigarette).
  case add
  /// A tombstone: the event `target` no longer counts, whatever the order in which the two
  /// arrive. A removal whose target is itself a removal has no effect (see
  /// ``Replica/isRemoved(_:)``).
  case remove(target: EventID)
  /// The step `step` was checked at the event's instant.
  case complete(step: StepID)
  /// The step `step` was unchecked at the event's instant.
  case uncomplete(step: StepID)
  /// An expense of `amount`, with the user's `note`.
  case expense(amount: Money, note: String)
  /// The task `task` exists, titled `title`, at position `order` in the list. Adding, renaming
  /// and reordering a task are all definitions: the task's latest live definition by
  /// (instant, id) is the one in force (see ``Replica/stepTasks(startingWith:)``).
  case defineTask(TaskID, title: String, order: Int)
  /// The task `task` is deleted, for good: no definition, and no `remove` of this event, brings
  /// it back, and its steps leave every figure.
  case removeTask(TaskID)
  /// The step `step` belongs to task `task`, at position `order` among its steps. The step's
  /// latest live definition by (instant, id) is the one in force.
  case defineStep(StepID, task: TaskID, order: Int)
  /// The step `step` is deleted, for good: its completion no longer counts in any progress of
  /// the derived list (``Replica/stepCompletions`` still reports it; `StepProgress` drops it).
  case removeStep(StepID)
}

extension EventKind {
  /// The amount of an `expense`, `nil` for any other kind (the note is not copied out).
  var expenseAmount: Money? {
    guard case .expense(let amount, _) = self else { return nil }
    return amount
  }
}
