/// The widgets the step and tally snapshots drive, and what each one shows.
public enum WidgetKind: Hashable, Sendable, Codable {
  /// MirrorSmoker's tally: today's count and a "+" button.
  case tally
  /// BabySteps' progress summary: "today 5/12" and a bar; the medium size adds the tasks.
  case stepsProgress(StepsWidgetSize)
  /// BabySteps' activity mini view: one dot per day for the last 7 or 14 days.
  case activity(ActivityWidgetSpan)
  /// BabySteps' next step of the first task in progress.
  case nextStep
}

/// The sizes of the steps progress widget.
public enum StepsWidgetSize: String, Hashable, Sendable, Codable, CaseIterable {
  case small, medium
}

/// How many days the activity widget shows.
public enum ActivityWidgetSpan: Int, Hashable, Sendable, Codable, CaseIterable {
  case week = 7
  case fortnight = 14
}

/// Texts of the step widgets, in the user's language. Glance formats; the app translates.
public struct StepsWidgetLabels: Hashable, Sendable, Codable {
  /// Before the count of steps done today: "today" in "today 5/12".
  public var today: String
  /// Before the count of completed tasks: "tasks" in "tasks 1/3".
  public var tasks: String
  /// Before the position of the next step: "step" in "step 2/5".
  public var step: String
  /// Shown when there are no steps at all.
  public var noSteps: String
  /// Shown by the next-step widget when every task with steps is completed.
  public var allDone: String

  public init(today: String, tasks: String, step: String, noSteps: String, allDone: String) {
    self.today = today
    self.tasks = tasks
    self.step = step
    self.noSteps = noSteps
    self.allDone = allDone
  }

  public static let english = StepsWidgetLabels(
    today: "today", tasks: "tasks", step: "step", noSteps: "No steps yet", allDone: "All done")
  /// BabySteps' own language ("今日 5/12", "ステップがありません").
  public static let japanese = StepsWidgetLabels(
    today: "今日", tasks: "タスク", step: "ステップ", noSteps: "ステップがありません", allDone: "すべて完了")
}

/// What the tally widget shows.
public struct TallyWidgetModel: Hashable, Sendable {
  public let count: Int
  /// The count as text, as the widget draws it.
  public let countText: String
  /// The label of the interactive add button.
  public let addButtonLabel: String

  public init(count: Int) {
    precondition(count >= 0, "a tally count is never negative (got \(count))")
    self.count = count
    self.countText = String(count)
    self.addButtonLabel = "+"
  }
}

/// What the steps progress widget shows.
public struct StepsProgressModel: Hashable, Sendable {
  public let size: StepsWidgetSize
  public let completedToday: Int
  public let totalSteps: Int
  public let completedTasks: Int
  public let totalTasks: Int
  /// "today 5/12", or the no-steps text.
  public let headline: String
  /// The medium size's second line, "tasks 1/3"; `nil` for small or when there are no steps.
  public let detail: String?
  /// The bar: steps done today over all steps, exact; `nil` when there are no steps.
  public let progress: Ratio?
}

/// What the activity widget shows: one cell per day, oldest first, ending today.
public struct ActivityWidgetModel: Hashable, Sendable {
  public let span: ActivityWidgetSpan
  public let days: [ActivityDay]
}

/// What the next-step widget shows.
public struct NextStepModel: Hashable, Sendable {
  /// The step to do, `nil` when there is none.
  public let nextStep: NextStep?
  /// The task title, or the no-steps / all-done text.
  public let title: String
  /// "step 2/5", `nil` when there is no next step.
  public let detail: String?
}

/// The render model of any of the step and tally widgets.
public enum WidgetModel: Hashable, Sendable {
  case tally(TallyWidgetModel)
  case stepsProgress(StepsProgressModel)
  case activity(ActivityWidgetModel)
  case nextStep(NextStepModel)
}

/// The input of the step and tally widgets: a dated snapshot.
public enum WidgetSnapshot: Hashable, Sendable {
  case tally(TallySnapshot)
  case steps(StepsSnapshot)

  /// When the snapshot was taken.
  public var asOf: Instant {
    switch self {
    case .tally(let snapshot): return snapshot.asOf
    case .steps(let snapshot): return snapshot.asOf
    }
  }
}
