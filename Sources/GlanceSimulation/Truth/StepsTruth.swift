import GlanceKernel

/// The steps' truth (BabySteps): the task list starts as ``StepsPlan/tasks``; a completion
/// completes a step, an un-completion removes it, an edit changes the list (the person decides
/// which: ``StepsPerson``); the app and the widget should show the kernel's
/// render models of a `StepProgress` of the list over the live completions (``StepsDisplay``).
///
/// ## Laws
/// - A step is completed exactly when ``liveRecords`` holds its completion, and every step with
///   a completion belongs to a task of the list: deleting a task deletes its steps'
///   completions (Glance's rule; BabySteps kept them as orphans, which kept counting).
struct StepsTruth: DomainModel {
  static let surfaces: [Surface] = [.app, .widget]

  private var tasks: [StepTask] = StepsPlan.tasks
  private var completions: [StepID: Record] = [:]
  private(set) var liveRecords: [Record] = []
  private var memo: (key: DayMemoKey, display: Display)? = nil
  private var version = 0

  mutating func apply(_ deed: Deed, at instant: Instant, on device: Device, in calendar: ZoneCalendar) {
    switch deed {
    case .complete(let step, let record):
      precondition(completions[step] == nil, "step \(step) is completed already")
      completions[step] = record
      liveRecords.insertSorted(record)
    case .uncomplete(let step, let target):
      precondition(completions[step] == target, "\(target) is not the completion of step \(step)")
      completions[step] = nil
      remove(target)
    case .editTasks(let edit):
      apply(edit)
    case .add, .remove, .expense, .amend:
      preconditionFailure("the steps' person means no \(deed)")
    }
    version += 1
  }

  private mutating func remove(_ completion: Record) {
    liveRecords.removeSorted(completion)
  }

  /// The list after `edit`; deleting a task deletes its steps' completions.
  private mutating func apply(_ edit: TaskEdit) {
    if case .removeTask(let id) = edit {
      guard let task = tasks.first(where: { $0.id == id }) else { preconditionFailure("task \(id) is not in the list") }
      for step in task.steps {
        if let completion = completions.removeValue(forKey: step) { remove(completion) }
      }
    }
    tasks = edit.applied(to: tasks)
  }

  mutating func expected(on surface: Surface, at instant: Instant, today: DayInterval, in calendar: ZoneCalendar) -> Display {
    precondition(surface == .app || surface == .widget, "the steps have no \(surface)")
    let key = DayMemoKey(version: version, dayStart: today.start, zone: calendar.identifier)
    if let memo, memo.key == key { return memo.display }
    let progress = StepsPlan.progress(tasks, completions.mapValues(\.instant))
    let snapshot = StepsSnapshot(progress: progress, asOf: instant, calendar: calendar)
    let display = Display.steps(StepsDisplay(snapshot: snapshot, at: instant, calendar: calendar))
    memo = (key, display)
    return display
  }
}
