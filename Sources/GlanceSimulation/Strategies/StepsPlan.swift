import Foundation
import GlanceKernel

/// The tasks the person works through in the steps domain: three tasks of four anonymous steps,
/// with fixed ids. An in-app tap toggles one step, chosen from the action's id.
enum StepsPlan {
  static let tasks: [StepTask] = (0..<3).map { task in
    StepTask(
      id: TaskID(uuid(kind: 0x7A, task)), title: "Task \(task + 1)", order: task,
      steps: (0..<4).map { StepID(uuid(kind: 0x51, task * 4 + $0)) })
  }

  static let steps: [StepID] = tasks.flatMap(\.steps)

  static func uuid(kind: UInt8, _ number: Int) -> UUID {
    UUID(uuid: (kind, UInt8(number), 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))
  }

  /// The kernel's progress of the plan with `completions` (the plan's ids are distinct, so this
  /// cannot fail).
  static func progress(_ completions: [StepID: Instant]) -> StepProgress {
    do {
      return try StepProgress(tasks: tasks, completions: completions)
    } catch {
      preconditionFailure("the steps plan has distinct ids: \(error)")
    }
  }

  /// The step an in-app tap toggles: from the last byte of the action's (random) id.
  static func step(for action: PlannedAction) -> StepID {
    steps[Int(action.eventID.uuid.uuid.15) % steps.count]
  }
}
