/// BabySteps' progress figures as pure functions of the task list and the current completion
/// instants: steps completed today, total steps, completed tasks, activity histograms and the
/// next step.
///
/// ```swift
/// let progress = try StepProgress(tasks: tasks, completions: replica.stepCompletions)
/// progress.completedToday(at: now, in: zurich)   // the widget's "today 5/12": 5 …
/// progress.totalSteps                            // … of 12
/// progress.activity(.week, endingAt: now, in: zurich)
/// ```
///
/// History is current state, as in BabySteps: a step counts for the local day of its *current*
/// completion instant. Un-completing removes it from every day; re-completing counts it on the
/// new day only.
///
/// Attribution: a completion belongs to the local day of its instant in the zone the caller
/// passes (the device's current zone, as the apps do), so travelling re-buckets history the
/// same way on every surface that uses the same zone.
///
/// Where Glance differs from BabySteps (see *The real apps Glance models*, BabySteps: data model):
/// - **Orphan steps are ignored.** BabySteps' delete rule is *nullify*, so the completed steps of a
///   deleted task keep counting in its activity history and in the widget's numerator, while
///   the denominator counts only steps of existing tasks. Here ``completions`` holds only steps of
///   ``tasks``, so every numerator and denominator counts the same steps.
/// - **An empty task is never completed**, everywhere. BabySteps' `Task.isCompleted` says so, but
///   its `fetchCompletedTasks` uses the vacuously true `steps.allSatisfy`.
///
/// ## Laws
/// - ``tasks`` is sorted by (``StepTask/order``, ``StepTask/id``) whatever the input order; task
///   ids and step ids are unique.
/// - Every key of ``completions`` is a step of some task in ``tasks``, and every value is in
///   ``ZoneCalendar/supportedInstants``.
/// - `completedToday(at: t, in: z) == completedSteps(on: z.date(containing: t), in: z)`.
/// - `activity(w, endingAt: t, in: z)` has `w.rawValue` days, consecutive dates, oldest first,
///   ending with today's date; each count equals `completedSteps(on:in:)` of its date, so the
///   counts of a window never exceed ``totalSteps``.
/// - `completedTasks <= totalTasks`; an empty task is not completed.
/// - ``nextStep`` names the first step that is not completed of the first non-empty, unfinished
///   task in list order, or is `nil` when every non-empty task is completed.
public struct StepProgress: Hashable, Sendable {
  /// The tasks, sorted by (``StepTask/order``, ``StepTask/id``).
  public let tasks: [StepTask]
  /// The current completion instant of every completed step of ``tasks``. Steps absent from the
  /// map are not completed.
  public let completions: [StepID: Instant]
  /// ``completedTasks``, counted once when the progress is made: it is read far more often than
  /// a progress is made (every display of every surface reads it), and each count looks every
  /// step up in ``completions``.
  private let completedTaskCount: Int

  /// The progress of `tasks` given the current completion instants.
  ///
  /// Completions of steps that belong to none of `tasks` (steps of deleted tasks) are dropped:
  /// see the type's discussion.
  ///
  /// - Parameters:
  ///   - tasks: The tasks, in any order.
  ///   - completions: The completion instant of each completed step, such as
  ///     ``Replica/stepCompletions``.
  /// - Throws: ``ProgressError/duplicateTask(_:)`` when two tasks share an id,
  ///   ``ProgressError/duplicateStep(_:firstTask:secondTask:)`` when a step is listed twice,
  ///   ``ProgressError/completionOutOfRange(_:completedAt:)`` when a step of `tasks` was
  ///   completed outside ``ZoneCalendar/supportedInstants``.
  /// - Complexity: O(t log t + s log s + c log s) for t tasks, s steps and c completions.
  public init(tasks: [StepTask], completions: [StepID: Instant]) throws(ProgressError) {
    let sorted = Self.listOrdered(tasks)
    let stepKeys = try Self.sortedStepKeys(of: sorted)
    // Which completions are of a step (binary search, no hashing), and whether any of those falls
    // outside the calendars: then the error names the first in list order, as the scan finds it.
    var owned = 0
    var inRange = true
    for (step, instant) in completions where Self.contains(step.key, in: stepKeys) {
      owned += 1
      if !ZoneCalendar.supportedInstants.contains(instant) { inRange = false }
    }
    if !inRange { throw Self.firstCompletionOutOfRange(of: sorted, in: completions) }
    self.tasks = sorted
    // Steps are unique, so when every completion was found on a step there is none to drop.
    self.completions =
      owned == completions.count ? completions : completions.filter { Self.contains($0.key.key, in: stepKeys) }
    self.completedTaskCount = Self.completedTaskCount(of: sorted, completions: self.completions)
    precondition(
      self.completions.count <= stepKeys.count,
      "\(self.completions.count) completions for \(stepKeys.count) steps")
  }

  /// `tasks` sorted by ``StepTask/listOrder(_:_:)``, without sorting when they already are (the
  /// usual case: callers pass a progress's tasks back). Tasks that tie in that order share an id,
  /// which ``sortedStepKeys(of:)`` refuses, so no tie survives to show which order it took.
  private static func listOrdered(_ tasks: [StepTask]) -> [StepTask] {
    for index in tasks.indices.dropFirst() where StepTask.listOrder(tasks[index], tasks[index - 1]) {
      return tasks.sorted(by: StepTask.listOrder)
    }
    return tasks
  }

  /// The keys of every step of `sorted`, in ascending order, once the task ids and the step ids
  /// are known to be unique.
  ///
  /// Uniqueness is decided on sorted keys (no hashing); only when it fails does
  /// ``firstDuplicate(in:)`` find the duplicate to name, as a list-order scan meets it.
  /// - Throws: ``ProgressError/duplicateTask(_:)`` or ``ProgressError/duplicateStep(_:firstTask:secondTask:)``.
  private static func sortedStepKeys(of sorted: [StepTask]) throws(ProgressError) -> [UUIDKey] {
    var taskKeys = sorted.map(\.id.key)
    taskKeys.sort()
    var stepKeys: [UUIDKey] = []
    stepKeys.reserveCapacity(sorted.reduce(0) { $0 + $1.steps.count })
    for task in sorted {
      for step in task.steps { stepKeys.append(step.key) }
    }
    stepKeys.sort()
    if hasAdjacentEqual(taskKeys) || hasAdjacentEqual(stepKeys) { throw firstDuplicate(in: sorted) }
    return stepKeys
  }

  /// Whether two neighbours of `keys` are equal (for sorted keys: whether any key repeats).
  private static func hasAdjacentEqual(_ keys: [UUIDKey]) -> Bool {
    keys.indices.dropFirst().contains { keys[$0] == keys[$0 - 1] }
  }

  /// Whether the ascending `keys` hold `key`.
  ///
  /// - Complexity: O(log n) for n keys.
  private static func contains(_ key: UUIDKey, in keys: [UUIDKey]) -> Bool {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = low + (high - low) / 2
      if keys[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low < keys.count && keys[low] == key
  }

  /// The error for the first repeated id of `sorted` in list order: a task id seen before, else a
  /// step listed twice, naming the first task in list order that lists it.
  /// - Precondition: some task id or step id repeats.
  private static func firstDuplicate(in sorted: [StepTask]) -> ProgressError {
    var taskIDs: Set<TaskID> = []
    for task in sorted where !taskIDs.insert(task.id).inserted { return .duplicateTask(task.id) }
    var steps: Set<StepID> = []
    for task in sorted {
      for step in task.steps where !steps.insert(step).inserted {
        guard let owner = sorted.first(where: { $0.steps.contains(step) }) else {
          preconditionFailure("step \(step) of task \(task.id) is in no task")
        }
        return .duplicateStep(step, firstTask: owner.id, secondTask: task.id)
      }
    }
    preconditionFailure("no repeated id among \(sorted.count) tasks")
  }

  /// The error for the first step of `sorted`, in list order, whose completion is outside
  /// ``ZoneCalendar/supportedInstants`` (so that the error never depends on hashing).
  /// - Precondition: there is such a step.
  private static func firstCompletionOutOfRange(
    of sorted: [StepTask], in completions: [StepID: Instant]
  ) -> ProgressError {
    for task in sorted {
      for step in task.steps {
        if let instant = completions[step], !ZoneCalendar.supportedInstants.contains(instant) {
          return .completionOutOfRange(step, completedAt: instant)
        }
      }
    }
    preconditionFailure("no completion out of range among \(completions.count)")
  }

  /// The progress of the same tasks with `completions` instead: equal to
  /// `StepProgress(tasks: tasks, completions: completions)`, without sorting and checking the
  /// tasks again (they were when this progress was made).
  ///
  /// - Throws: ``ProgressError/completionOutOfRange(_:completedAt:)`` as ``init(tasks:completions:)``
  ///   does.
  /// - Complexity: O(s) for s steps, O(s + c) when some of the c completions are of no step.
  package func replacingCompletions(_ completions: [StepID: Instant]) throws(ProgressError) -> StepProgress {
    var owned = 0
    var stepCount = 0
    // Counted in the same pass: a task is completed when it has steps and each was found.
    var completedTaskCount = 0
    for task in tasks {
      stepCount += task.steps.count
      guard !completions.isEmpty else { continue }
      let ownedBefore = owned
      for step in task.steps {
        guard let instant = completions[step] else { continue }
        guard ZoneCalendar.supportedInstants.contains(instant) else {
          throw .completionOutOfRange(step, completedAt: instant)
        }
        owned += 1
      }
      if !task.steps.isEmpty, owned - ownedBefore == task.steps.count { completedTaskCount += 1 }
    }
    guard owned != completions.count else {
      return StepProgress(validatedTasks: tasks, completions: completions, completedTaskCount: completedTaskCount)
    }
    var steps: Set<StepID> = []
    steps.reserveCapacity(stepCount)
    for task in tasks { steps.formUnion(task.steps) }
    // The completions dropped are of no step: the count stands.
    return StepProgress(
      validatedTasks: tasks, completions: completions.filter { steps.contains($0.key) }, completedTaskCount: completedTaskCount)
  }

  /// The progress of the same tasks in which each of the `changed` steps has the completion
  /// `completions` gives it (none when absent) and every other step the one it has here: equal
  /// to `replacingCompletions(c)` for the `c` that holds `completions`' entries for the
  /// `changed` steps and this progress's for the others, without looking at every step again
  /// (a fold that learned of a few toggles).
  ///
  /// - Parameters:
  ///   - changed: The steps whose completion may have changed; steps of no task are ignored.
  ///   - completions: The completion instants of (at least) the `changed` steps.
  ///   - steps: Every step of ``tasks``, which the caller keeps with this progress (checked
  ///     under internal checks).
  /// - Throws: ``ProgressError/completionOutOfRange(_:completedAt:)`` as ``replacingCompletions(_:)``
  ///   does.
  /// - Complexity: O(k + s) for k changed steps and s steps (the completed tasks are counted
  ///   again), plus a copy of the completions.
  package func updatingCompletions(
    of changed: [StepID], from completions: [StepID: Instant], steps: Set<StepID>
  ) throws(ProgressError) -> StepProgress {
    #if GLANCE_INTERNAL_CHECKS
      precondition(steps == Set(tasks.flatMap(\.steps)), "\(steps.count) steps given are not the steps of the tasks")
    #endif
    var updated = self.completions
    var inRange = true
    for step in changed where steps.contains(step) {
      let instant = completions[step]
      if let instant, !ZoneCalendar.supportedInstants.contains(instant) { inRange = false }
      updated[step] = instant
    }
    // Only a changed step can be out of range (this progress was checked): the error is then
    // the one replacingCompletions gives, for the first such step in list order.
    guard inRange else { return try replacingCompletions(updated) }
    return StepProgress(validatedTasks: tasks, completions: updated)
  }

  /// No tasks, no completions.
  public static let empty = StepProgress(validatedTasks: [], completions: [:])

  /// Builds from parts already known to be valid (used for ``empty``,
  /// ``replacingCompletions(_:)`` and ``updatingCompletions(of:from:steps:)``).
  /// `completedTaskCount`, when the caller counted it, is ``completedTasks``; otherwise it is
  /// counted here.
  private init(validatedTasks: [StepTask], completions: [StepID: Instant], completedTaskCount: Int? = nil) {
    self.tasks = validatedTasks
    self.completions = completions
    self.completedTaskCount = completedTaskCount ?? Self.completedTaskCount(of: validatedTasks, completions: completions)
  }

  /// How many of `tasks` are completed against `completions` (``isCompleted(_:in:)``).
  private static func completedTaskCount(of tasks: [StepTask], completions: [StepID: Instant]) -> Int {
    tasks.reduce(0) { $0 + (isCompleted($1, in: completions) ? 1 : 0) }
  }

  // MARK: Totals

  /// The number of steps of all tasks: the widget's denominator ("5/**12**"). BabySteps counts
  /// every step of every task, not the steps "due today".
  public var totalSteps: Int { tasks.reduce(0) { $0 + $1.steps.count } }

  /// The number of tasks.
  public var totalTasks: Int { tasks.count }

  /// The number of completed steps, on any day.
  public var totalCompletedSteps: Int { completions.count }

  /// The number of completed tasks (see ``isCompleted(_:)``).
  ///
  /// - Complexity: O(1): counted when the progress was made.
  public var completedTasks: Int { completedTaskCount }

  /// Whether `task` is completed: it has at least one step and every step is completed.
  ///
  /// An empty task is *not* completed (BabySteps' `Task.isCompleted`; its `fetchCompletedTasks`
  /// used the vacuously true `allSatisfy` and disagreed). The task is judged against this
  /// progress's ``completions``.
  public func isCompleted(_ task: StepTask) -> Bool { Self.isCompleted(task, in: completions) }

  /// Whether `task` has at least one step and every step has a completion in `completions`.
  private static func isCompleted(_ task: StepTask, in completions: [StepID: Instant]) -> Bool {
    !task.steps.isEmpty && task.steps.allSatisfy { completions[$0] != nil }
  }

  /// The number of `task`'s steps that are completed.
  public func completedStepCount(of task: StepTask) -> Int {
    task.steps.reduce(0) { $0 + (completions[$1] != nil ? 1 : 0) }
  }

  // MARK: Per day

  /// The number of steps whose completion instant falls on the local `date` in `calendar`'s zone.
  ///
  /// A date the zone skipped (Pacific/Apia 2011-12-30) has no instants, so its count is 0.
  ///
  /// - Complexity: O(c) for c completions.
  public func completedSteps(on date: CivilDate, in calendar: ZoneCalendar) -> Int {
    guard let day = calendar.dayInterval(of: date) else { return 0 }
    return completions.values.reduce(0) { $0 + (day.contains($1) ? 1 : 0) }
  }

  /// The number of steps completed on the local day that contains `now`: the widget's numerator
  /// ("**5**/12"). It resets at the next local day boundary, however long the day is.
  ///
  /// A completion instant later than `now` on the same local day (another device's clock runs
  /// ahead) still counts: the figure is per date, like ``activity(_:endingAt:in:)``.
  public func completedToday(at now: Instant, in calendar: ZoneCalendar) -> Int {
    let today = calendar.dayInterval(containing: now)
    return completions.values.reduce(0) { $0 + (today.contains($1) ? 1 : 0) }
  }

  /// The activity histogram: one cell per local date for the `window.rawValue` dates ending with
  /// today's date (`today.adding(days: -(n - 1))` … today), oldest first.
  ///
  /// The cells are dates, not 24-hour slices: a 23- or 25-hour day is one cell, and a date the
  /// zone skipped (Pacific/Apia 2011-12-30) is still a cell, with count 0, so the grid keeps
  /// its shape. Like BabySteps, the first cell is simply the oldest date (not aligned to weekdays).
  ///
  /// - Complexity: O(c log z) for c completions and z offset transitions of the zone.
  public func activity(
    _ window: ActivityWindow, endingAt now: Instant, in calendar: ZoneCalendar
  ) -> [ActivityDay] {
    let today = calendar.dayInterval(containing: now)
    let todayNumber = today.date.dayNumber
    let cellCount = Int64(window.rawValue)
    let firstNumber = todayNumber - (cellCount - 1)
    // One counter per cell, by day number: the completions' order never reaches the result.
    var counts = [Int](repeating: 0, count: window.rawValue)
    for instant in completions.values {
      // Days partition time: an instant of today's interval is of today's date, with no lookup.
      let dayNumber = today.contains(instant) ? todayNumber : calendar.localDayNumber(containing: instant)
      if firstNumber <= dayNumber && dayNumber <= todayNumber { counts[Int(dayNumber - firstNumber)] += 1 }
    }
    var days: [ActivityDay] = []
    days.reserveCapacity(window.rawValue)
    for offset in 0..<cellCount {
      days.append(ActivityDay(date: CivilDate(dayNumber: firstNumber + offset), count: counts[Int(offset)]))
    }
    precondition(days.count == window.rawValue, "\(days.count) cells for window \(window)")
    precondition(days.last?.date == today.date, "the last cell is not today (\(today.date))")
    return days
  }

  // MARK: Next step

  /// The next step to do: in the first task, by (``StepTask/order``, id), that has at least one
  /// step and is not completed, its first step (in step order) that is not completed.
  ///
  /// `nil` when there is no such task (no tasks, only empty tasks, or everything done). Empty
  /// tasks are skipped: they are neither in progress nor completed.
  public var nextStep: NextStep? {
    for task in tasks where !task.steps.isEmpty {
      // One lookup a step: the first step not completed, and how many are.
      var index: Int? = nil
      var completedCount = 0
      for (position, step) in task.steps.enumerated() {
        if completions[step] != nil {
          completedCount += 1
        } else if index == nil {
          index = position
        }
      }
      guard let index else { continue }
      precondition(completedCount < task.steps.count, "task \(task.id) is both done and not")
      return NextStep(
        task: task.id, taskTitle: task.title, step: task.steps[index], stepNumber: index + 1,
        stepCount: task.steps.count, completedCount: completedCount)
    }
    return nil
  }
}
