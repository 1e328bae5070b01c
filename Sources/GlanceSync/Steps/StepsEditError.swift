public import GlanceKernel

/// Why an edit of the task list (``StepsApp/addTask(_:title:steps:at:ids:)`` and its siblings)
/// was refused. Nothing was written.
///
/// ## Laws
/// - `description` names what was wrong and the task, step or title.
public enum StepsEditError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The app lists no task with this id (never added, or deleted).
  case unknownTask(TaskID)
  /// No listed task has this step.
  case unknownStep(StepID)
  /// A task with this id is already listed.
  case taskExists(TaskID)
  /// A title must have a character other than white space.
  case blankTitle(String)
  /// A reordering must name every listed task exactly once.
  case notAReordering([TaskID])

  public var description: String {
    switch self {
    case .unknownTask(let task): return "no listed task \(task): it was never added or was deleted"
    case .unknownStep(let step): return "no listed task has step \(step)"
    case .taskExists(let task): return "task \(task) is already listed"
    case .blankTitle(let title): return "a task title needs a character other than white space; got \"\(title)\""
    case .notAReordering(let tasks): return "a reordering names every listed task once; got \(tasks.count) ids: \(tasks)"
    }
  }
}
