import GlanceKernel

/// The step progress of a log, folded as the log's events arrive: the widget and the app read
/// their store's change feed (``ChangeCountingEventLog/events(sinceChangeCount:)``) and update
/// each step's latest toggle from what was written since they last looked, instead of reading
/// the whole log again after every change. The task list is read again from the log only when
/// a task or step event arrived.
///
/// One belongs to one provider over one store, used from one thread at a time (an app's main
/// actor, a widget extension's provider, a simulated run), which is why it may be `Sendable`
/// unchecked.
///
/// ## Laws
/// - `progress(of: log, base: tasks)` equals
///   `StepProgress(tasks: replica.stepTasks(startingWith: tasks), completions: replica.stepCompletions)`
///   of `log.replica()`: a step's completion is decided by its latest live toggle by (instant,
///   id), whatever the order the toggles arrive in. A `remove` in the feed (it may take out a
///   toggle or a definition) makes it read the whole log again, as does a log that does not
///   count its changes or cannot hand out its feed.
final class StepProgressFold: @unchecked Sendable {
  private struct State {
    var count: Int
    /// The log folded (a class's identity; a value's box is new at each read, so never matches).
    let log: ObjectIdentifier
    var tasks: [StepTask]
    /// Every step of `tasks` (looked up, never iterated).
    var steps: Set<StepID>
    /// Each step's latest live toggle (looked up, never iterated into a result without a key).
    var latest: [StepID: (instant: Instant, id: EventID, completes: Bool)]
    /// The instant of each step whose latest live toggle completes it: `completions(latest)`.
    var completions: [StepID: Instant]
    /// Every id a removal targets (looked up, never iterated): a toggle arriving after its
    /// tombstone never counts.
    let removed: Set<EventID>
    var progress: StepProgress
  }

  private var state: State? = nil
  private let lookup = ChangeCountingLookup()
  /// Counts the progresses this fold handed out that may differ from the one before: the
  /// snapshot memo's generation.
  private var generation = 0
  private let snapshots = StepsSnapshotMemo()
  private let displays = StepsDisplayMemo()

  /// `StepsSnapshot(progress: progress(of: log, base: base), asOf: now, calendar: calendar)`,
  /// re-dated from the last one while the progress and the local day stay the same.
  func snapshot(of log: some EventLog, base: [StepTask], at now: Instant, in calendar: ZoneCalendar) throws -> StepsSnapshot {
    let progress = try progress(of: log, base: base)
    return snapshots.snapshot(of: progress, generation: generation, asOf: now, calendar: calendar)
  }

  /// `StepsDisplayProjection(snapshot: snapshot(of: log, base: base, at: now, in: calendar),
  /// calendar: calendar)`, whose displays are kept while the progress, the snapshot's day and
  /// the zone stay the same (a timeline's reloads later the same day ask for the same ones).
  func projection(
    of log: some EventLog, base: [StepTask], at now: Instant, in calendar: ZoneCalendar
  ) throws -> StepsDisplayProjection {
    let snapshot = try snapshot(of: log, base: base, at: now, in: calendar)
    return StepsDisplayProjection(snapshot: snapshot, calendar: calendar, memo: (displays, generation))
  }

  /// `StepsDisplay(snapshot: snapshot(of: log, base: base, at: now, in: calendar), at: now,
  /// calendar: calendar)`, kept while the progress and the local day stay the same.
  func display(of log: some EventLog, base: [StepTask], at now: Instant, in calendar: ZoneCalendar) throws -> StepsDisplay {
    let progress = try progress(of: log, base: base)
    return snapshots.display(of: progress, generation: generation, at: now, calendar: calendar)
  }

  func progress(of log: some EventLog, base: [StepTask]) throws -> StepProgress {
    guard let counting = lookup.view(of: log) else {
      generation += 1
      return try Self.read(log, base: base)
    }
    let count = counting.changeCount
    let identity = counting.logIdentity
    if var state, state.log == identity {
      if state.count == count { return state.progress }
      if count > state.count, let added = counting.events(sinceChangeCount: state.count),
        !added.contains(where: { if case .remove = $0.kind { return true } else { return false } })
      {
        self.state = nil  // while folding: a throw below leaves no half-folded state
        generation += 1
        var tasksChanged = false
        var toggled: [StepID] = []
        for event in added {
          switch event.kind {
          case .complete(let step) where !state.removed.contains(event.id):
            Self.toggle(step, at: event.instant, by: event.id, completes: true, in: &state.latest)
            toggled.append(step)
          case .uncomplete(let step) where !state.removed.contains(event.id):
            Self.toggle(step, at: event.instant, by: event.id, completes: false, in: &state.latest)
            toggled.append(step)
          case .complete, .uncomplete: break
          case .defineTask, .removeTask, .defineStep, .removeStep: tasksChanged = true
          case .add, .remove, .expense: break
          }
        }
        for step in toggled {
          let latest = state.latest[step]
          state.completions[step] = latest?.completes == true ? latest?.instant : nil
        }
        if tasksChanged {
          state.tasks = try log.replica().stepTasks(startingWith: base)
          state.steps = Self.steps(of: state.tasks)
          state.progress = try StepProgress(tasks: state.tasks, completions: state.completions)
        } else {
          // The same tasks, already sorted and checked: only the toggled steps' completions are new.
          state.progress = try state.progress.updatingCompletions(of: toggled, from: state.completions, steps: state.steps)
        }
        state.count = count
        self.state = state
        return state.progress
      }
    }
    self.state = nil
    generation += 1
    let replica = try log.replica()
    let removed = FeedFold.removalTargets(of: replica)
    // Each step's latest live toggle, walked by the kernel (sorted by step, no hashing per
    // event), then keyed by step for the folds to come.
    var latest: [StepID: (instant: Instant, id: EventID, completes: Bool)] = [:]
    for toggle in replica.latestStepToggles { latest[toggle.step] = (toggle.instant, toggle.id, toggle.completes) }
    let tasks = replica.stepTasks(startingWith: base)
    let completions = Self.completions(latest)
    let progress = try StepProgress(tasks: tasks, completions: completions)
    state = State(
      count: count, log: identity, tasks: tasks, steps: Self.steps(of: tasks), latest: latest, completions: completions,
      removed: removed, progress: progress)
    return progress
  }

  /// The progress read from the whole log.
  private static func read(_ log: some EventLog, base: [StepTask]) throws -> StepProgress {
    let replica = try log.replica()
    return try StepProgress(tasks: replica.stepTasks(startingWith: base), completions: replica.stepCompletions)
  }

  private static func steps(of tasks: [StepTask]) -> Set<StepID> {
    var steps: Set<StepID> = []
    steps.reserveCapacity(tasks.reduce(0) { $0 + $1.steps.count })
    for task in tasks { steps.formUnion(task.steps) }
    return steps
  }

  private static func toggle(
    _ step: StepID, at instant: Instant, by id: EventID, completes: Bool,
    in latest: inout [StepID: (instant: Instant, id: EventID, completes: Bool)]
  ) {
    if let current = latest[step], (current.instant, current.id) > (instant, id) { return }
    latest[step] = (instant, id, completes)
  }

  private static func completions(_ latest: [StepID: (instant: Instant, id: EventID, completes: Bool)]) -> [StepID: Instant] {
    var completions: [StepID: Instant] = [:]
    completions.reserveCapacity(latest.count)
    for (step, toggle) in latest where toggle.completes { completions[step] = toggle.instant }
    return completions
  }
}
