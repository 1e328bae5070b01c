/// One BabySteps task as the progress figures see it: an id, a title, a sort position and its
/// steps in step order.
///
/// This is plain data; ``StepProgress/init(tasks:completions:)`` checks that ids are unique.
/// Whether a step is completed is not part of the task: it lives in
/// ``StepProgress/completions`` (BabySteps keeps it on the step; Glance derives it from events,
/// see ``Replica/stepCompletions``).
///
/// ## Laws
/// - ``isEmpty`` is `steps.isEmpty`.
/// - `Codable` round-trips to an equal value.
public struct StepTask: Hashable, Sendable, Codable {
  /// The task's identity.
  public let id: TaskID
  /// The title shown in the app and in the next-step widget.
  public let title: String
  /// The task's position in the list (BabySteps' `Task.order`); ties are broken by ``id``.
  public let order: Int
  /// The task's steps, in step order (the first is step 1). A step id appears at most once in
  /// all tasks of one ``StepProgress``.
  public let steps: [StepID]

  /// A task with these fields.
  public init(id: TaskID, title: String, order: Int, steps: [StepID]) {
    self.id = id
    self.title = title
    self.order = order
    self.steps = steps
  }

  /// Whether the task has no steps. An empty task is never completed (see
  /// ``StepProgress/isCompleted(_:)``).
  public var isEmpty: Bool { steps.isEmpty }

  /// The list order: by ``order``, then by ``id`` (a total order, so ties never depend on input
  /// order or hashing).
  static func listOrder(_ lhs: StepTask, _ rhs: StepTask) -> Bool {
    lhs.order != rhs.order ? lhs.order < rhs.order : lhs.id < rhs.id
  }
}
