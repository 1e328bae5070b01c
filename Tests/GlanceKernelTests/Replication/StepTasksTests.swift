import GlanceKernel
import GlanceTestSupport
import PropertyBased
import Testing

private typealias F = ProgressFixture

/// A reference for ``Replica/stepTasks(startingWith:)`` written from its laws the slow way, with
/// a switch for deliberately wrong rules (mutants) so that tests can show they tell them apart.
///
/// The fold: keep the task and step events that no `remove` targets, sort them by
/// (instant, id), and apply them one at a time to a list model seeded with `base` (a definition
/// overwrites, a removal is recorded for good). Then list the tasks not removed by
/// (order, id), each with its steps not removed by (position, id). Linear scans and arrays only:
/// no dictionaries, no stamps, no walk over sorted removal targets.
enum StepTasksReference {
  /// The rule the fold follows.
  enum Rule: CaseIterable, Sendable {
    /// The documented laws.
    case law
    /// Mutant: a task's or step's first event definition by (instant, id) stays in force.
    case firstWins
    /// Mutant: the definition with the largest id wins, whatever its instant (arrival-order
    /// thinking: "the newest id is the newest edit").
    case largestIDWins
    /// Mutant: of two definitions at one instant, the smaller id wins.
    case tieToSmallerID
    /// Mutant: a definition after a removal brings the task or step back.
    case removalUndone
    /// Mutant: `.remove(target:)` does not take a definition out of force.
    case tombstonesIgnored
    /// Mutant: the base list counts as newer than every event.
    case baseWins
  }

  static func stepTasks(_ events: [Event], base: [StepTask], rule: Rule = .law) -> [StepTask] {
    let removed = ReplicationModel.removedIDs(events)
    var live: [Event] = []
    for event in events {
      switch event.kind {
      // A deletion is permanent: a tombstone of it is ignored.
      case .removeTask, .removeStep: live.append(event)
      case .defineTask, .defineStep:
        if rule == .tombstonesIgnored || !removed.contains(event.id) { live.append(event) }
      default: continue
      }
    }
    switch rule {
    case .largestIDWins: live.sort { $0.id < $1.id }
    case .tieToSmallerID: live.sort { ($0.instant, $1.id) < ($1.instant, $0.id) }
    default: live.sort { ($0.instant, $0.id) < ($1.instant, $1.id) }
    }
    var tasks: [(id: TaskID, title: String, order: Int, defined: Bool)] = []
    var steps: [(id: StepID, task: TaskID, order: Int, defined: Bool)] = []
    for task in base {
      tasks.append((task.id, task.title, task.order, rule == .baseWins))
      for index in task.steps.indices {
        steps.append((task.steps[index], task.id, index, rule == .baseWins))
      }
    }
    var removedTasks: [TaskID] = []
    var removedSteps: [StepID] = []
    let keepsFirst = rule == .firstWins || rule == .baseWins
    for event in live {
      switch event.kind {
      case .defineTask(let task, let title, let order):
        if rule == .removalUndone { removedTasks.removeAll { $0 == task } }
        if let index = tasks.firstIndex(where: { $0.id == task }) {
          if keepsFirst && tasks[index].defined { continue }
          tasks[index] = (task, title, order, true)
        } else {
          tasks.append((task, title, order, true))
        }
      case .defineStep(let step, let task, let order):
        if rule == .removalUndone { removedSteps.removeAll { $0 == step } }
        if let index = steps.firstIndex(where: { $0.id == step }) {
          if keepsFirst && steps[index].defined { continue }
          steps[index] = (step, task, order, true)
        } else {
          steps.append((step, task, order, true))
        }
      case .removeTask(let task): removedTasks.append(task)
      case .removeStep(let step): removedSteps.append(step)
      default: preconditionFailure("not a task event: \(event.kind)")
      }
    }
    var list: [StepTask] = []
    for task in tasks where !removedTasks.contains(task.id) {
      let own = steps.filter { $0.task == task.id && !removedSteps.contains($0.id) }
        .sorted { ($0.order, $0.id) < ($1.order, $1.id) }
      list.append(StepTask(id: task.id, title: task.title, order: task.order, steps: own.map(\.id)))
    }
    return list.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
  }
}

/// The task list is a pure function of the event set and the base list: the convergence laws,
/// a differential check against ``StepTasksReference``, hand-worked examples, and proof that the
/// checks reject wrong rules.
@Suite("Replica.stepTasks")
struct StepTasksTests {
  static let lawCases = 2_000

  // MARK: Convergence

  @Test("every merge order and bracketing of three replicas lists the same tasks")
  func mergeOrderDoesNotMatter() async throws {
    await propertyCheck(
      count: Self.lawCases, input: ReplicationGen.replicasWithTasks, ReplicationGen.baseTasks
    ) { sample, base in
      let replicas = [sample.a, sample.b, sample.c]
      let expected = try sample.a.merging(sample.b).merging(sample.c).stepTasks(startingWith: base)
      for order in ReplicaMergeProperties.orders {
        let (first, second, third) = (replicas[order[0]], replicas[order[1]], replicas[order[2]])
        let left = try first.merging(second).merging(third)
        let right = try first.merging(second.merging(third))
        #expect(left.stepTasks(startingWith: base) == expected)
        #expect(right.stepTasks(startingWith: base) == expected)
      }
    }
  }

  @Test("inserting the events one by one, in any order, with repeats, lists the same tasks")
  func insertionOrderDoesNotMatter() async throws {
    await propertyCheck(
      count: Self.lawCases, input: ReplicationGen.replicasWithTasks, ReplicationGen.baseTasks,
      Gen.uint64()
    ) { sample, base, seed in
      let union = try sample.a.merging(sample.b)
      var inserted = Replica()
      for event in ReplicaProperties.permuted(sample.a.events + sample.b.events, seed: seed) {
        try inserted.insert(event)
      }
      #expect(inserted.stepTasks(startingWith: base) == union.stepTasks(startingWith: base))
    }
  }

  @Test("merge is idempotent for the list: a ∪ a and (a ∪ b) ∪ b list what a and a ∪ b list")
  func mergeIsIdempotent() async throws {
    await propertyCheck(
      count: Self.lawCases, input: ReplicationGen.replicasWithTasks, ReplicationGen.baseTasks
    ) { sample, base in
      let a = sample.a.stepTasks(startingWith: base)
      #expect(try sample.a.merging(sample.a).stepTasks(startingWith: base) == a)
      let ab = try sample.a.merging(sample.b)
      #expect(try ab.merging(sample.b).stepTasks(startingWith: base) == ab.stepTasks(startingWith: base))
    }
  }

  @Test("the base list's order does not matter")
  func baseOrderDoesNotMatter() async throws {
    await propertyCheck(
      count: Self.lawCases, input: ReplicationGen.replicasWithTasks, ReplicationGen.baseTasks,
      Gen.uint64()
    ) { sample, base, seed in
      var words = SplitMix64(seed: seed)
      let shuffled = base.shuffled(using: &words)
      #expect(sample.a.stepTasks(startingWith: shuffled) == sample.a.stepTasks(startingWith: base))
    }
  }

  // MARK: Against the reference

  @Test("stepTasks agrees with the naive fold on random events and base lists")
  func agreesWithReference() async throws {
    await propertyCheck(
      count: 5_000, input: ReplicationGen.replicasWithTasks, ReplicationGen.baseTasks
    ) { sample, base in
      let union = try sample.a.merging(sample.b).merging(sample.c)
      #expect(union.stepTasks(startingWith: base) == StepTasksReference.stepTasks(union.events, base: base))
      #expect(sample.a.stepTasks(startingWith: base) == StepTasksReference.stepTasks(sample.a.events, base: base))
      #expect(sample.b.stepTasks(startingWith: []) == StepTasksReference.stepTasks(sample.b.events, base: []))
    }
  }

  @Test("the list keeps the laws on its own: sorted, no id twice, removals absent, StepProgress accepts it")
  func listLaws() async throws {
    await propertyCheck(
      count: Self.lawCases, input: ReplicationGen.replicasWithTasks, ReplicationGen.baseTasks
    ) { sample, base in
      let union = try sample.a.merging(sample.b).merging(sample.c)
      let list = union.stepTasks(startingWith: base)
      #expect(zip(list, list.dropFirst()).allSatisfy { ($0.order, $0.id) < ($1.order, $1.id) })
      let steps = list.flatMap(\.steps)
      #expect(Set(steps).count == steps.count)
      // A live task or step removal leaves its target absent, whatever else the replica holds.
      let removed = ReplicationModel.removedIDs(union.events)
      for event in union.events where !removed.contains(event.id) {
        switch event.kind {
        case .removeTask(let task): #expect(!list.contains { $0.id == task })
        case .removeStep(let step): #expect(!steps.contains(step))
        default: continue
        }
      }
      do {
        let progress = try StepProgress(tasks: list, completions: union.stepCompletions)
        #expect(progress.tasks == list)
        #expect(progress.totalSteps == steps.count)
        #expect(try union.stepProgress(tasks: list) == progress)
      } catch {
        Issue.record("StepProgress refused the derived list: \(error)")
      }
    }
  }

  @Test("a replica without task events lists the base as is, sorted by (order, id)")
  func taskFreeReplicaKeepsTheBase() async throws {
    await propertyCheck(
      count: Self.lawCases, input: ReplicationGen.replicas, ReplicationGen.baseTasks
    ) { sample, base in
      let union = try sample.a.merging(sample.b).merging(sample.c)
      #expect(union.stepTasks(startingWith: base) == base.sorted { ($0.order, $0.id) < ($1.order, $1.id) })
      #expect(union.stepTasks(startingWith: []) == [])
    }
  }

  // MARK: Mutants

  /// Each wrong rule changes the list on some generated cases, so the differential test above
  /// would fail if `stepTasks` followed it. Fixed seeds: the count is deterministic.
  @Test(
    "the generated cases tell every wrong rule from the law",
    arguments: StepTasksReference.Rule.allCases.filter { $0 != .law })
  func generatedCasesCatchMutants(rule: StepTasksReference.Rule) throws {
    let seeds: Range<UInt64> = 0..<1_000
    var caught = 0
    for seed in seeds {
      let sample = ReplicationGen.sample(seed: seed, mix: .withTasks)
      let base = ReplicationGen.baseTasks(seed: ~seed)
      let union = try sample.a.merging(sample.b)
      let law = StepTasksReference.stepTasks(union.events, base: base)
      #expect(union.stepTasks(startingWith: base) == law)
      if StepTasksReference.stepTasks(union.events, base: base, rule: rule) != law { caught += 1 }
    }
    // Measured when written, of 1 000: base wins 899, first wins 490, largest id wins 266,
    // removal undone 222, tombstones ignored 181, tie to smaller id 96. Fewer than 5% would
    // mean the generators no longer make definitions race, tie, or get removed.
    #expect(caught >= seeds.count / 20, "rule \(rule) changed only \(caught) of \(seeds.count) lists")
  }

  // MARK: Hand-worked examples

  static let t0 = Instant(millisecondsSince1970: 1_715_760_000_000)  // 2024-05-15T08:00Z

  static func event(_ number: Int, _ kind: EventKind, hours: Int64 = 0) -> Event {
    Event(id: F.event(number), kind: kind, instant: t0.advanced(by: hours * Instant.millisecondsPerHour), origin: .app)
  }

  static func list(_ events: [Event], base: [StepTask] = []) throws -> [StepTask] {
    try Replica(events: events).stepTasks(startingWith: base)
  }

  @Test("rename: the later definition wins even when its id is smaller")
  func laterRenameWins() throws {
    let events = [
      Self.event(5, .defineTask(F.task(1), title: "Old", order: 0), hours: 0),
      Self.event(2, .defineTask(F.task(1), title: "New", order: 0), hours: 1),
    ]
    let expected = [StepTask(id: F.task(1), title: "New", order: 0, steps: [])]
    #expect(try Self.list(events) == expected)
    #expect(try Self.list(events.reversed()) == expected)
    // Under "first definition wins" or "largest id wins" the title would be "Old": the
    // assertion above fails for either rule.
    let oldTitle = [StepTask(id: F.task(1), title: "Old", order: 0, steps: [])]
    #expect(StepTasksReference.stepTasks(events, base: [], rule: .firstWins) == oldTitle)
    #expect(StepTasksReference.stepTasks(events, base: [], rule: .largestIDWins) == oldTitle)
  }

  @Test("rename: a tie in instant is broken by id, the larger id winning")
  func tieInInstantBrokenByID() throws {
    let events = [
      Self.event(4, .defineTask(F.task(1), title: "Four", order: 0)),
      Self.event(3, .defineTask(F.task(1), title: "Three", order: 0)),
    ]
    #expect(try Self.list(events).map(\.title) == ["Four"])
    // "First definition wins", or a tie going to the smaller id, says "Three".
    #expect(StepTasksReference.stepTasks(events, base: [], rule: .firstWins).map(\.title) == ["Three"])
    #expect(StepTasksReference.stepTasks(events, base: [], rule: .tieToSmallerID).map(\.title) == ["Three"])
  }

  @Test("reorder: a task's new position moves it; equal positions are ordered by task id")
  func reorder() throws {
    var events = [
      Self.event(1, .defineTask(F.task(1), title: "One", order: 0)),
      Self.event(2, .defineTask(F.task(2), title: "Two", order: 1)),
      Self.event(3, .defineTask(F.task(3), title: "Three", order: 1)),
    ]
    #expect(try Self.list(events).map(\.id) == [F.task(1), F.task(2), F.task(3)])
    events.append(Self.event(4, .defineTask(F.task(1), title: "One", order: 2), hours: 1))
    #expect(try Self.list(events).map(\.id) == [F.task(2), F.task(3), F.task(1)])
    events.append(Self.event(9, .defineTask(F.task(3), title: "Three", order: 0), hours: 2))
    #expect(try Self.list(events).map(\.id) == [F.task(3), F.task(2), F.task(1)])
    #expect(try Self.list(events).map(\.order) == [0, 1, 2])
  }

  @Test("removal wins over a later definition, of a task and of a step")
  func removalIsPermanent() throws {
    let events = [
      Self.event(1, .defineTask(F.task(1), title: "Walk", order: 0), hours: 0),
      Self.event(2, .defineStep(F.step(1), task: F.task(1), order: 0), hours: 0),
      Self.event(3, .defineStep(F.step(2), task: F.task(1), order: 1), hours: 0),
      Self.event(4, .removeTask(F.task(2)), hours: 1),
      Self.event(5, .removeStep(F.step(2)), hours: 1),
      Self.event(6, .defineTask(F.task(2), title: "Back?", order: 0), hours: 2),
      Self.event(7, .defineStep(F.step(2), task: F.task(1), order: 0), hours: 2),
    ]
    let expected = [StepTask(id: F.task(1), title: "Walk", order: 0, steps: [F.step(1)])]
    #expect(try Self.list(events) == expected)
    // If a later definition undid a removal, task 2 and step 2 would be back.
    let undone = StepTasksReference.stepTasks(events, base: [], rule: .removalUndone)
    #expect(undone.map(\.id) == [F.task(1), F.task(2)])
    #expect(undone[0].steps == [F.step(1), F.step(2)])
  }

  @Test("a step moves to another task by a later definition")
  func stepMoves() throws {
    let events = [
      Self.event(1, .defineTask(F.task(1), title: "Walk", order: 0)),
      Self.event(2, .defineTask(F.task(2), title: "Read", order: 1)),
      Self.event(3, .defineStep(F.step(1), task: F.task(1), order: 0)),
      Self.event(4, .defineStep(F.step(2), task: F.task(1), order: 1)),
      Self.event(5, .defineStep(F.step(3), task: F.task(2), order: 0)),
      // Step 1 moves to the end of task 2, an hour later, under a smaller id than step 3's.
      Self.event(0, .defineStep(F.step(1), task: F.task(2), order: 1), hours: 1),
    ]
    let list = try Self.list(events)
    #expect(list.map(\.steps) == [[F.step(2)], [F.step(3), F.step(1)]])
    // Under "first definition wins" step 1 would have stayed in task 1.
    let first = StepTasksReference.stepTasks(events, base: [], rule: .firstWins)
    #expect(first.map(\.steps) == [[F.step(1), F.step(2)], [F.step(3)]])
  }

  @Test("the steps of a removed task vanish, with their completions, unless moved to a live task")
  func stepsOfRemovedTaskVanish() throws {
    let events = [
      Self.event(1, .defineTask(F.task(1), title: "Walk", order: 0)),
      Self.event(2, .defineTask(F.task(2), title: "Read", order: 1)),
      Self.event(3, .defineStep(F.step(1), task: F.task(1), order: 0)),
      Self.event(4, .defineStep(F.step(2), task: F.task(1), order: 1)),
      Self.event(5, .defineStep(F.step(3), task: F.task(2), order: 0)),
      Self.event(6, .complete(step: F.step(1)), hours: 1),
      Self.event(7, .complete(step: F.step(3)), hours: 1),
      Self.event(8, .removeTask(F.task(1)), hours: 2),
      // A step defined for a task that was never defined is nowhere either.
      Self.event(9, .defineStep(F.step(4), task: F.task(9), order: 0)),
    ]
    let replica = try Replica(events: events)
    let list = replica.stepTasks(startingWith: [])
    #expect(list == [StepTask(id: F.task(2), title: "Read", order: 1, steps: [F.step(3)])])
    let progress = try StepProgress(tasks: list, completions: replica.stepCompletions)
    #expect(progress.totalSteps == 1)
    #expect(progress.totalCompletedSteps == 1)
    #expect(progress.completions.keys.sorted() == [F.step(3)])
    // Moving step 2 to task 2 after the removal keeps it (its task in force is live).
    let moved = events + [Self.event(10, .defineStep(F.step(2), task: F.task(2), order: 1), hours: 3)]
    #expect(try Self.list(moved).map(\.steps) == [[F.step(3), F.step(2)]])
  }

  @Test("a tombstoned definition falls back to the previous one, or to nothing")
  func tombstonedDefinitionFallsBack() throws {
    let events = [
      Self.event(1, .defineTask(F.task(1), title: "First", order: 0), hours: 0),
      Self.event(2, .defineTask(F.task(1), title: "Second", order: 3), hours: 1),
      Self.event(3, .remove(target: F.event(2)), hours: 2),
      Self.event(4, .defineTask(F.task(2), title: "Only", order: 1), hours: 0),
      Self.event(5, .remove(target: F.event(4)), hours: 2),
      Self.event(6, .defineStep(F.step(1), task: F.task(1), order: 0), hours: 0),
      Self.event(7, .defineStep(F.step(1), task: F.task(2), order: 0), hours: 1),
      Self.event(8, .remove(target: F.event(7)), hours: 2),
    ]
    let expected = [StepTask(id: F.task(1), title: "First", order: 0, steps: [F.step(1)])]
    #expect(try Self.list(events) == expected)
    // A removal of the tombstone changes nothing (no undo of an undo).
    #expect(try Self.list(events + [Self.event(9, .remove(target: F.event(3)), hours: 3)]) == expected)
    // If tombstones did not reach definitions, "Second" would be in force.
    #expect(
      StepTasksReference.stepTasks(events, base: [], rule: .tombstonesIgnored).map(\.title) == ["Only", "Second"])
  }

  @Test("a tombstoned task removal still counts: a deletion is permanent, like a tombstone")
  func tombstonedRemovalOfATask() throws {
    // `EventKind.removeTask`: no definition, and no `remove` of the deletion, brings the task
    // back (as a `remove` of a `remove` changes nothing).
    let events = [
      Self.event(1, .defineTask(F.task(1), title: "Walk", order: 0)),
      Self.event(2, .removeTask(F.task(1)), hours: 1),
      Self.event(3, .remove(target: F.event(2)), hours: 2),
    ]
    #expect(try Self.list(events) == [])
    #expect(try Self.list(Array(events.prefix(2))) == [])
  }

  @Test("base tasks are edited, reordered and removed by events, and count as older than every event")
  func baseIsEdited() throws {
    let base = [
      StepTask(id: F.task(2), title: "Base two", order: 1, steps: [F.step(3)]),
      StepTask(id: F.task(1), title: "Base one", order: 0, steps: [F.step(1), F.step(2)]),
      StepTask(id: F.task(3), title: "Base three", order: 2, steps: []),
    ]
    // Without events the base is the list, sorted.
    #expect(try Self.list([], base: base).map(\.id) == [F.task(1), F.task(2), F.task(3)])
    let events = [
      // An event an hour *before* any other still beats the base.
      Self.event(1, .defineTask(F.task(1), title: "Edited", order: 5), hours: -1),
      Self.event(2, .removeTask(F.task(2))),
      // Step 2 goes before step 1 (base position 0); step 3 leaves removed task 2 for task 1.
      Self.event(3, .defineStep(F.step(2), task: F.task(1), order: -1)),
      Self.event(4, .defineStep(F.step(3), task: F.task(1), order: 0)),
      Self.event(5, .removeStep(F.step(1))),
    ]
    let expected = [
      StepTask(id: F.task(3), title: "Base three", order: 2, steps: []),
      StepTask(id: F.task(1), title: "Edited", order: 5, steps: [F.step(2), F.step(3)]),
    ]
    #expect(try Self.list(events, base: base) == expected)
    // If the base counted as newer, task 1 would keep its base title and position.
    let baseWins = StepTasksReference.stepTasks(events, base: base, rule: .baseWins)
    #expect(baseWins.first { $0.id == F.task(1) }?.title == "Base one")
    // A position tie with a base step is broken by step id: step 1 (base position 0) and
    // step 4 (defined at position 0) in task 1.
    let tie = [Self.event(6, .defineStep(F.step(4), task: F.task(1), order: 0))]
    #expect(try Self.list(tie, base: base).first?.steps == [F.step(1), F.step(4), F.step(2)])
  }

  @Test("definitions need not arrive in order: a step defined before its task still lists")
  func definitionOrderIsFree() throws {
    let events = [
      Self.event(1, .defineStep(F.step(1), task: F.task(1), order: 0), hours: 0),
      Self.event(2, .defineTask(F.task(1), title: "Walk", order: 0), hours: 5),
    ]
    #expect(try Self.list(events) == [StepTask(id: F.task(1), title: "Walk", order: 0, steps: [F.step(1)])])
  }
}
