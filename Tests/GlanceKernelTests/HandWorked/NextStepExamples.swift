import GlanceKernel
import Testing

private typealias F = ProgressFixture

/// The next-step widget (BabySteps' plan, `WIDGET_DESIGN_PLAN.md`: built on no branch, so there is
/// no app test), worked out by hand.
@Suite("Hand-worked: next step")
struct NextStepExamples {
  /// Four tasks, ordered by (order, id): "Task 4" (order 0), then "Task 2" and "Task 3" (both
  /// order 1, so by id: 2 before 3), then "Task 1" (order 5).
  /// - Task 4 (steps 40, 41): both done → completed, skipped.
  /// - Task 2: no steps → neither in progress nor completed, skipped.
  /// - Task 3 (steps 30, 31, 32): 30 done, 31 open, 32 done → the first in progress; its first
  ///   open step is 31, the 2nd of 3, with 2 of 3 done.
  /// - Task 1 is never reached.
  @Test("Task 4 done, Task 2 empty, Task 3 in progress: step 31, 2 of 3, 2 done")
  func firstTaskInProgress() throws {
    let t = try F.utc(2024, 6, 1, 9)
    let tasks = [
      F.task(1, order: 5, steps: 10..<12), StepTask(id: F.task(2), title: "Task 2", order: 1, steps: []),
      F.task(3, order: 1, steps: 30..<33), F.task(4, order: 0, steps: 40..<42),
    ]
    let completions = [F.step(40): t, F.step(41): t, F.step(30): t, F.step(32): t]
    let progress = try StepProgress(tasks: tasks, completions: completions)
    #expect(progress.tasks.map(\.title) == ["Task 4", "Task 2", "Task 3", "Task 1"])
    #expect(
      progress.nextStep
        == NextStep(task: F.task(3), taskTitle: "Task 3", step: F.step(31), stepNumber: 2, stepCount: 3, completedCount: 2))
    // Completing step 31 finishes Task 3 (3 of 3), so the next step is Task 1's first, step 10.
    var done = completions
    done[F.step(31)] = t
    let after = try StepProgress(tasks: tasks, completions: done)
    #expect(
      after.nextStep
        == NextStep(task: F.task(1), taskTitle: "Task 1", step: F.step(10), stepNumber: 1, stepCount: 2, completedCount: 0))
    // Completing both of Task 1's steps leaves nothing to do: no next step, 3 of 4 tasks done
    // (the empty Task 2 never counts as done).
    done[F.step(10)] = t
    done[F.step(11)] = t
    let finished = try StepProgress(tasks: tasks, completions: done)
    #expect(finished.nextStep == nil)
    #expect(finished.completedTasks == 3)
  }
}
