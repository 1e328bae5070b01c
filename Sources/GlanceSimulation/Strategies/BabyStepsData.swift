import GlanceKernel

/// What one BabySteps store (or the app's model context) holds: the tasks with their steps, and
/// the completion of every completed step, **orphans included**: `deleteTask` deletes the task
/// alone, and the delete rule *nullify* leaves its steps, with their completions, in the store
/// (see *The real apps Glance models*, BabySteps: data model).
///
/// ## Laws
/// - ``progress`` counts only the listed tasks' steps (the kernel's rule); ``orphans`` are the
///   completions of steps no listed task has, which BabySteps' global step fetch still counts.
struct BabyStepsData: Hashable {
  var tasks: [StepTask]
  var completions: [StepID: Instant]

  /// A store with the starting tasks and no completion.
  static let start = BabyStepsData(tasks: StepsPlan.tasks, completions: [:])
  /// An empty store (a new file).
  static let empty = BabyStepsData(tasks: [], completions: [:])

  /// The kernel's progress of the listed tasks.
  var progress: StepProgress { StepsPlan.progress(tasks, completions) }

  /// The completion instants of steps that belong to no listed task, sorted.
  var orphans: [Instant] {
    let listed = Set(tasks.flatMap(\.steps))
    return completions.filter { !listed.contains($0.key) }.map(\.value).sorted()
  }

  /// Carries out `edit` as `TaskViewModel` does: `createTaskWithSteps` (order = max + 1, steps
  /// at 0…n-1), `addStep(to:)` once per step, `updateTaskTitle`, `moveTasks` (order = index for
  /// every task), and `deleteTask`, which deletes the task alone: its steps stay, orphaned,
  /// with their completions.
  mutating func apply(_ edit: TaskEdit) {
    tasks = edit.applied(to: tasks)
  }
}
