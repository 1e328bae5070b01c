import GlanceKernel

/// The steps' truth (BabySteps): the task list starts as ``StepsPlan/tasks``; an in-app tap
/// toggles one step of the list (chosen from the action's id), an in-app edit changes the list
/// (``StepsPlan/edit(for:of:tasksCreated:)``); the app and the widget should show the kernel's
/// render models of a `StepProgress` of the list over the live completions (``StepsDisplay``).
///
/// ## Laws
/// - A step is completed exactly when ``liveRecords`` holds its completion, and every step with
///   a completion belongs to a task of the list: deleting a task deletes its steps'
///   completions (Glance's rule; BabySteps kept them as orphans, which kept counting).
/// - Only in-app taps and edits change anything: the steps widget has no "+" and there is no
///   watch.
struct StepsTruth: DomainModel {
  static let surfaces: [Surface] = [.app, .widget]

  private var tasks: [StepTask] = StepsPlan.tasks
  private var tasksCreated = StepsPlan.tasks.count
  private var completions: [StepID: Record] = [:]
  private(set) var liveRecords: [Record] = []
  private var memo: (key: DayMemoKey, display: Display)? = nil
  private var version = 0

  mutating func record(_ action: PlannedAction, in calendar: ZoneCalendar) -> Deed? {
    switch action.kind {
    case .appTap:
      guard let step = StepsPlan.step(for: action, in: tasks) else { return nil }
      version += 1
      if let completion = completions.removeValue(forKey: step) {
        remove(completion)
        return .uncomplete(step: step, target: completion)
      }
      let record = Record(id: action.eventID, instant: action.time)
      completions[step] = record
      liveRecords.insertSorted(record)
      return .complete(step: step, record: record)
    case .appEdit:
      let edit = StepsPlan.edit(for: action, of: tasks, tasksCreated: tasksCreated)
      apply(edit)
      version += 1
      return .editTasks(edit)
    case .appOpen, .widgetTap, .watchTap, .appDelete:
      return nil
    }
  }

  private mutating func remove(_ completion: Record) {
    guard let index = liveRecords.lastIndex(of: completion) else { preconditionFailure("\(completion) is not live") }
    liveRecords.remove(at: index)
  }

  /// The list after `edit`; deleting a task deletes its steps' completions.
  private mutating func apply(_ edit: TaskEdit) {
    if case .removeTask(let id) = edit {
      guard let task = tasks.first(where: { $0.id == id }) else { preconditionFailure("task \(id) is not in the list") }
      for step in task.steps {
        if let completion = completions.removeValue(forKey: step) { remove(completion) }
      }
    }
    if case .addTask = edit { tasksCreated += 1 }
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
