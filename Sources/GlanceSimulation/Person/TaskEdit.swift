public import GlanceKernel

/// An edit of the steps' task list, as the person makes it in the app (BabySteps'
/// `TaskViewModel`; see *The real apps Glance models*, BabySteps: data model): the steps model decides
/// which from the action, records it, and hands it to the design in a ``Deed``.
///
/// ## Laws
/// - Made only by the steps model, for a list where it applies: the task it names exists (a
///   new task's id and its steps' ids do not), and a reordering names every task once.
public enum TaskEdit: Hashable, Sendable {
  /// A new task with its steps (`createTaskWithSteps`): its order is one more than the largest
  /// order in the list (0 for the first), its steps are at positions 0, 1, ….
  case addTask(StepTask)
  /// Steps added at the end of `task` (`addStep(to:)`, once per step): `steps[i]` at position
  /// `firstOrder + i`, where `firstOrder` is the number of steps the task had.
  case addSteps(task: TaskID, steps: [StepID], firstOrder: Int)
  /// The task's new title (`updateTaskTitle`).
  case renameTask(TaskID, title: String)
  /// The list in its new order (`moveTasks`): task `tasks[i]` now has order `i`.
  case reorderTasks([TaskID])
  /// The task deleted (`deleteTask`), with its steps.
  case removeTask(TaskID)

  /// `tasks` (sorted by order, then id) with the edit made, sorted the same way: what the
  /// person sees in the list afterwards. A task the list does not have is left alone (a store
  /// that lost it cannot be edited there).
  func applied(to tasks: [StepTask]) -> [StepTask] {
    var tasks = tasks
    func update(_ id: TaskID, _ change: (StepTask) -> StepTask) {
      guard let index = tasks.firstIndex(where: { $0.id == id }) else { return }
      tasks[index] = change(tasks[index])
    }
    switch self {
    case .addTask(let task):
      tasks.append(task)
    case .addSteps(let id, let steps, _):
      update(id) { StepTask(id: $0.id, title: $0.title, order: $0.order, steps: $0.steps + steps) }
    case .renameTask(let id, let title):
      update(id) { StepTask(id: $0.id, title: title, order: $0.order, steps: $0.steps) }
    case .reorderTasks(let ids):
      for (order, id) in ids.enumerated() {
        update(id) { StepTask(id: $0.id, title: $0.title, order: order, steps: $0.steps) }
      }
    case .removeTask(let id):
      tasks.removeAll { $0.id == id }
    }
    tasks.sort { ($0.order, $0.id) < ($1.order, $1.id) }
    return tasks
  }
}
