/// Why tasks and completions cannot form a ``StepProgress``.
///
/// Counting a duplicated task or step twice (or once, arbitrarily) would be a silent guess, so
/// Glance refuses the input and names the duplicate.
public enum ProgressError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Two tasks share the id `task`.
  case duplicateTask(TaskID)
  /// The step `step` is listed twice: in `firstTask` and again in `secondTask` (the same task
  /// when it repeats inside one task). Tasks are scanned in list order (``StepTask/order``, then
  /// id), steps in step order.
  case duplicateStep(StepID, firstTask: TaskID, secondTask: TaskID)
  /// The step `step` was completed at an instant outside ``ZoneCalendar/supportedInstants`` (the
  /// years 1 to 9999): no clock reads it, and its day may not be computable.
  case completionOutOfRange(StepID, completedAt: Instant)

  /// A sentence naming the duplicate and where it was found, or the step and its instant.
  public var description: String {
    switch self {
    case .duplicateTask(let task):
      return "task \(task) appears more than once in the task list"
    case .duplicateStep(let step, let first, let second) where first == second:
      return "step \(step) appears more than once in task \(first)"
    case .duplicateStep(let step, let first, let second):
      return "step \(step) appears in task \(first) and again in task \(second)"
    case .completionOutOfRange(let step, let instant):
      return "step \(step) was completed at \(instant), outside the years 1 to 9999"
    }
  }
}
