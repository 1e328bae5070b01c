/// Everything a surface shows, derived from the events alone: a pure function of (events, zone,
/// instant), so two replicas holding the same events show the same figures.
extension Replica {
  // The walks below go by index through `events`' buffer, so that an event is read where it
  // lies rather than copied out (its note, title or amount retained and released) when only
  // its kind, id or instant is wanted: an array's subscript hands out a copy, a buffer's does
  // not. Binding a payload of `events[index].kind` still copied the whole event, so the walk that
  // binds one (`liveExpenseAmounts`) reads through the element's address.

  /// The ids targeted by some `remove` event in the replica, sorted (repeats kept).
  package var removalTargets: [EventID] {
    var targets: [EventID] = []
    events.withUnsafeBufferPointer { events in
      for index in events.indices {
        if case .remove(let target) = events[index].kind { targets.append(target) }
      }
    }
    targets.sort()
    return targets
  }

  /// Whether some `remove` event in the replica targets `id`.
  ///
  /// Removal wins over its target whatever the order of arrival: a tombstone that arrives before
  /// its target already answers `true`, the target never counts once it arrives, and the answer
  /// never changes as more events arrive (removal is monotonic in the event set).
  ///
  /// A removal that targets another removal is ignored: tombstones are permanent, so the targeted
  /// removal keeps removing its own target (there is no undo of an undo; counting again is a new
  /// `add`). `isRemoved` still reports `true` for the targeted removal — it answers "is there a
  /// tombstone for this id", which must not change when the target arrives — but no derived
  /// figure changes.
  ///
  /// - Complexity: O(n).
  public func isRemoved(_ id: EventID) -> Bool {
    events.contains { event in
      if case .remove(let target) = event.kind { return target == id }
      return false
    }
  }

  /// The events whose kind `matches` and that no removal targets, in id order.
  ///
  /// Events and targets are both sorted by id, so one merge-like walk finds the removed ones.
  /// - Complexity: O(n + r log r) for n events and r removals.
  private func liveEvents(where matches: (EventKind) -> Bool) -> [Event] {
    var removal = RemovalCursor(targets: removalTargets)
    var live: [Event] = []
    for event in events where matches(event.kind) && !removal.removes(event.id) { live.append(event) }
    return live
  }

  /// The `add` events that no removal targets, in id order (the replica's order).
  ///
  /// - Complexity: O(n + r log r) for n events and r removals.
  public var liveAdds: [Event] {
    liveEvents { if case .add = $0 { return true } else { return false } }
  }

  /// The tally of the live adds: one instant per live `add` event.
  ///
  /// - Complexity: O(n log n) (the instants are sorted).
  public var tally: Tally {
    var removal = RemovalCursor(targets: removalTargets)
    var instants: [Instant] = []
    events.withUnsafeBufferPointer { events in
      for index in events.indices {
        guard case .add = events[index].kind, !removal.removes(events[index].id) else { continue }
        instants.append(events[index].instant)
      }
    }
    return Tally(instants: instants)
  }

  /// The number of live adds on the local `date` in `calendar`'s zone (0 for a date the zone
  /// skipped); equal to `tally.count(on: date, in: calendar)`.
  ///
  /// - Complexity: O(n + r log r) for n events and r removals.
  public func count(on date: CivilDate, in calendar: ZoneCalendar) -> Int {
    guard let day = calendar.dayInterval(of: date) else { return 0 }
    return liveAdds.reduce(0) { $0 + (day.contains($1.instant) ? 1 : 0) }
  }

  /// The `expense` events that no removal targets, in id order.
  ///
  /// - Complexity: O(n + r log r) for n events and r removals.
  public var liveExpenses: [Event] {
    liveEvents { if case .expense = $0 { return true } else { return false } }
  }

  /// Each live expense's instant and amount, in id order: ``liveExpenses`` without the rest of
  /// the events.
  ///
  /// - Complexity: O(n + r log r) for n events and r removals.
  package var liveExpenseAmounts: [(instant: Instant, amount: Money)] {
    var removal = RemovalCursor(targets: removalTargets)
    var live: [(instant: Instant, amount: Money)] = []
    events.withUnsafeBufferPointer { events in
      guard let first = events.baseAddress else { return }
      for index in events.indices {
        let event = first + index
        guard let amount = event.pointee.kind.expenseAmount, !removal.removes(event.pointee.id) else { continue }
        live.append((event.pointee.instant, amount))
      }
    }
    return live
  }

  /// The completion instant of every completed step.
  ///
  /// For each step, the live `complete` or `uncomplete` event that is latest by (instant, id)
  /// decides: the step is completed when that event is a `complete`, and its completion instant
  /// is that event's instant. This is BabySteps' rule as an event log: un-completing clears the
  /// completion, re-completing stamps the new instant. Removed toggles are ignored (removing the
  /// latest `complete` falls back to the toggle before it). Ties in instant are broken by id, so
  /// the answer never depends on arrival order.
  ///
  /// - Complexity: O(n + r log r) for n events and r removals.
  public var stepCompletions: [StepID: Instant] {
    let latest = latestStepToggles
    var completions: [StepID: Instant] = [:]
    completions.reserveCapacity(latest.count)
    for entry in latest where entry.completes { completions[entry.step] = entry.instant }
    return completions
  }

  /// Each toggled step's latest live `complete` or `uncomplete` event, by (instant, id), sorted
  /// by step: what ``stepCompletions`` keeps the completions of (a fold made anew starts from it).
  ///
  /// - Complexity: O(n + r log r + t log s) for n events, r removals, t toggles and s steps.
  package var latestStepToggles: [(step: StepID, instant: Instant, id: EventID, completes: Bool)] {
    // Each step's latest live toggle, kept sorted by step (a binary search per toggle: no
    // hashing, no copy of an event).
    var latest: [(step: StepID, instant: Instant, id: EventID, completes: Bool)] = []
    var removal = RemovalCursor(targets: removalTargets)
    events.withUnsafeBufferPointer { events in
      for index in events.indices {
        let step: StepID
        let completes: Bool
        switch events[index].kind {
        case .complete(let completed): (step, completes) = (completed, true)
        case .uncomplete(let uncompleted): (step, completes) = (uncompleted, false)
        case .add, .remove, .expense, .defineTask, .removeTask, .defineStep, .removeStep: continue
        }
        let event = (id: events[index].id, instant: events[index].instant)
        if removal.removes(event.id) { continue }
        var (low, high) = (0, latest.count)
        while low < high {
          let middle = low + (high - low) / 2
          if latest[middle].step < step { low = middle + 1 } else { high = middle }
        }
        if low < latest.count && latest[low].step == step {
          if (latest[low].instant, latest[low].id) > (event.instant, event.id) { continue }
          latest[low] = (step, event.instant, event.id, completes)
        } else {
          latest.insert((step, event.instant, event.id, completes), at: low)
        }
      }
    }
    return latest
  }

  /// The step progress of `tasks` with this replica's ``stepCompletions``.
  ///
  /// Completions of steps that belong to none of `tasks` (deleted tasks) are ignored; see
  /// ``StepProgress``.
  ///
  /// - Throws: ``ProgressError`` when `tasks` repeat a task id or a step id.
  public func stepProgress(tasks: [StepTask]) throws(ProgressError) -> StepProgress {
    try StepProgress(tasks: tasks, completions: stepCompletions)
  }

  /// The task list: `base` (the tasks the app had before it wrote task events, such as those
  /// of an older version's store) edited by this replica's live task and step events.
  ///
  /// - A task's definition in force is its latest live ``EventKind/defineTask(_:title:order:)``
  ///   by (instant, id), or its entry in `base` when it has none (a base entry counts as older
  ///   than every event). The same holds for a step and ``EventKind/defineStep(_:task:order:)``,
  ///   a base step's position being its index in its base task.
  /// - ``EventKind/removeTask(_:)`` and ``EventKind/removeStep(_:)`` are permanent: a removed
  ///   task or step is absent whatever else the replica holds (a `remove` that targets the
  ///   deletion is ignored, as one that targets another `remove` is). A definition that a
  ///   `remove` targets no longer counts. A removed task's steps go with
  ///   it (unlike BabySteps, whose orphaned steps kept counting; see ``StepProgress``).
  /// - A step whose task is absent is absent; a task's steps are sorted by (position, id).
  ///
  /// A pure function of the event set: two replicas holding the same events list the same
  /// tasks, whatever order the events arrived in. The result is sorted by
  /// (``StepTask/order``, ``StepTask/id``), and no step appears twice, so
  /// `StepProgress(tasks:completions:)` accepts it whenever `base` repeats no id.
  ///
  /// - Complexity: O(n + r log r + s log s + t log t) for n events, r removals, s steps and t
  ///   tasks (`base` included).
  public func stepTasks(startingWith base: [StepTask]) -> [StepTask] {
    // Latest definitions, keyed by id; the dictionaries are looked up, never iterated into
    // the result without a sort.
    typealias Stamp = (instant: Instant, id: EventID)
    func isLater(_ stamp: Stamp, than current: Stamp?) -> Bool {
      guard let current else { return true }
      return (stamp.instant, stamp.id) > (current.instant, current.id)
    }
    var tasks: [TaskID: (title: String, order: Int, stamp: Stamp?)] = [:]
    var steps: [StepID: (task: TaskID, order: Int, stamp: Stamp?)] = [:]
    for task in base {
      tasks[task.id] = (task.title, task.order, nil)
      for (index, step) in task.steps.enumerated() { steps[step] = (task.id, index, nil) }
    }
    var removedTasks: Set<TaskID> = []
    var removedSteps: Set<StepID> = []
    var removal = RemovalCursor(targets: removalTargets)
    events.withUnsafeBufferPointer { events in
      for index in events.indices {
        switch events[index].kind {
        case .defineTask, .removeTask, .defineStep, .removeStep: break
        case .add, .remove, .complete, .uncomplete, .expense: continue
        }
        let event = events[index]
        // A deletion is permanent, like a tombstone: a `remove` that targets it is ignored.
        let isTombstoned = removal.removes(event.id)
        let stamp: Stamp = (event.instant, event.id)
        switch event.kind {
        case .defineTask(let task, let title, let order):
          if !isTombstoned, isLater(stamp, than: tasks[task].flatMap(\.stamp)) { tasks[task] = (title, order, stamp) }
        case .defineStep(let step, let task, let order):
          if !isTombstoned, isLater(stamp, than: steps[step].flatMap(\.stamp)) { steps[step] = (task, order, stamp) }
        case .removeTask(let task): removedTasks.insert(task)
        case .removeStep(let step): removedSteps.insert(step)
        case .add, .remove, .complete, .uncomplete, .expense: break
        }
      }
    }
    var stepsOfTask: [TaskID: [(order: Int, step: StepID)]] = [:]
    for (step, definition) in steps where !removedSteps.contains(step) {
      stepsOfTask[definition.task, default: []].append((definition.order, step))
    }
    var list: [StepTask] = []
    list.reserveCapacity(tasks.count)
    for (task, definition) in tasks where !removedTasks.contains(task) {
      let ordered = (stepsOfTask[task] ?? []).sorted { ($0.order, $0.step) < ($1.order, $1.step) }
      list.append(StepTask(id: task, title: definition.title, order: definition.order, steps: ordered.map(\.step)))
    }
    list.sort(by: StepTask.listOrder)
    return list
  }
}
