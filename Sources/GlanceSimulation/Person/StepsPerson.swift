import GlanceKernel

/// The person of the steps (BabySteps): the task list starts as ``StepsPlan/tasks``; an in-app
/// tap toggles one step of the list (``StepsPlan/step(for:in:)``), an in-app edit changes the
/// list (``StepsPlan/edit(for:of:tasksCreated:)``).
///
/// ## Laws
/// - A tap on a completed step un-completes it (naming its completion), on any other step
///   completes it with a record of the action's id and instant; with no step in the list, it
///   means nothing.
/// - Deleting a task deletes its steps' completions from the person's ledger (the truth does
///   the same when fed the edit).
/// - The widget has no "+" and there is no watch: only in-app taps and edits mean anything.
struct StepsPerson: Person {
  private var tasks: [StepTask] = StepsPlan.tasks
  private var tasksCreated = StepsPlan.tasks.count
  private var completions: [StepID: Record] = [:]
  private(set) var liveRecords: [Record] = []

  mutating func act(_ action: PlannedAction, in calendar: ZoneCalendar) -> Deed? {
    switch action.kind {
    case .appTap:
      guard let step = StepsPlan.step(for: action, in: tasks) else { return nil }
      if let completion = completions.removeValue(forKey: step) {
        liveRecords.removeSorted(completion)
        return .uncomplete(step: step, target: completion)
      }
      let record = Record(id: action.eventID, instant: action.time)
      completions[step] = record
      liveRecords.insertSorted(record)
      return .complete(step: step, record: record)
    case .appEdit:
      let edit = StepsPlan.edit(for: action, of: tasks, tasksCreated: tasksCreated)
      if case .removeTask(let id) = edit, let task = tasks.first(where: { $0.id == id }) {
        for step in task.steps {
          if let completion = completions.removeValue(forKey: step) { liveRecords.removeSorted(completion) }
        }
      }
      if case .addTask = edit { tasksCreated += 1 }
      tasks = edit.applied(to: tasks)
      return .editTasks(edit)
    case .appOpen, .widgetTap, .watchTap, .appDelete, .appLeave:
      return nil
    }
  }

  /// The ledger: the tasks, how many were created, each step's completion and the records.
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(hashOf: tasks)
    hasher.combine(tasksCreated)
    hasher.combine(completions.count)
    for step in completions.keys.sorted() {
      hasher.combine(step)
      hasher.combine(completions[step])
    }
    hasher.combine(liveRecords)
  }
}
