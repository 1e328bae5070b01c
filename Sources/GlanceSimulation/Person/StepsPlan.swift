import Foundation
import GlanceKernel

/// The tasks the person starts the run with (three tasks of four anonymous steps, with fixed
/// ids), and how the steps model reads an action: which step a tap toggles, which edit an edit
/// makes, and the ids of what an edit creates.
enum StepsPlan {
  static let tasks: [StepTask] = (0..<3).map { task in
    StepTask(
      id: TaskID(uuid(kind: 0x7A, task)), title: "Task \(task + 1)", order: task,
      steps: (0..<4).map { StepID(uuid(kind: 0x51, task * 4 + $0)) })
  }

  static func uuid(kind: UInt8, _ number: Int) -> UUID {
    UUID(uuid: (kind, UInt8(number), 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
  }

  /// The kernel's progress of `tasks` with `completions` (`tasks` come from ``tasks`` and the
  /// steps model's edits, whose ids are distinct, so this cannot fail).
  static func progress(_ tasks: [StepTask], _ completions: [StepID: Instant]) -> StepProgress {
    do {
      return try StepProgress(tasks: tasks, completions: completions)
    } catch {
      preconditionFailure("the steps model's list has distinct ids: \(error)")
    }
  }

  /// The step an in-app tap toggles among the steps of `tasks` (in list order): from the last
  /// byte of the action's (random) id; `nil` when no task has a step.
  static func step(for action: PlannedAction, in tasks: [StepTask]) -> StepID? {
    let steps = tasks.flatMap(\.steps)
    return steps.isEmpty ? nil : steps[Int(action.idByte(15)) % steps.count]
  }

  /// The edit `action` makes of `tasks` (in list order): one time in five a new task of 1–7
  /// steps, in five steps added to a task, in five a task renamed, in five the list reordered
  /// (a task moved), in five a task deleted; a new task when the list is empty.
  static func edit(for action: PlannedAction, of tasks: [StepTask], tasksCreated: Int) -> TaskEdit {
    let choice = Int(action.idByte(15)) % 10
    let parameter = Int(action.idByte(14))
    let target = tasks.isEmpty ? nil : Int(action.idByte(13)) % tasks.count
    guard let target, choice >= 2 else {
      let steps = (0..<(1 + parameter % 7)).map { StepID(action.madeID(1 + $0)) }
      let order = (tasks.map(\.order).max() ?? -1) + 1
      return .addTask(StepTask(id: TaskID(action.madeID(0)), title: "Task \(tasksCreated + 1)", order: order, steps: steps))
    }
    let task = tasks[target]
    switch choice {
    case 2, 3:
      let steps = (0..<(1 + parameter % 3)).map { StepID(action.madeID(1 + $0)) }
      return .addSteps(task: task.id, steps: steps, firstOrder: task.steps.count)
    case 4, 5:
      return .renameTask(task.id, title: "Task renamed by action \(action.ordinal)")
    case 6, 7:
      var ids = tasks.map(\.id)
      let moved = ids.remove(at: target)
      ids.insert(moved, at: parameter % tasks.count)
      return .reorderTasks(ids)
    default:
      return .removeTask(task.id)
    }
  }
}
