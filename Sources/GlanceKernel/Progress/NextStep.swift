/// What the next-step widget shows: the first unfinished step of the first task in progress.
///
/// See ``StepProgress/nextStep`` for which task and step are chosen.
///
/// ## Laws
/// - `1 <= stepNumber <= stepCount`, `0 <= completedCount < stepCount`.
/// - The step at position `stepNumber` of the task is not completed, and every step before it is.
public struct NextStep: Hashable, Sendable, Codable {
  /// The task in progress.
  public let task: TaskID
  /// That task's title.
  public let taskTitle: String
  /// The task's first step that is not completed.
  public let step: StepID
  /// The step's 1-based position in the task ("step 3 of 5").
  public let stepNumber: Int
  /// The number of steps in the task.
  public let stepCount: Int
  /// The number of the task's steps that are completed.
  public let completedCount: Int

  /// A next step with these fields.
  public init(
    task: TaskID, taskTitle: String, step: StepID, stepNumber: Int, stepCount: Int,
    completedCount: Int
  ) {
    self.task = task
    self.taskTitle = taskTitle
    self.step = step
    self.stepNumber = stepNumber
    self.stepCount = stepCount
    self.completedCount = completedCount
  }
}
