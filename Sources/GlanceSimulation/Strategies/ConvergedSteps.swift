import GlanceKernel

/// Glance's converged design for the steps domain:
/// - a toggle is a `complete` or `uncomplete` event with an id, written in one transaction;
/// - the widget's timeline is planned from a dated `StepsSnapshot` to every local day boundary, so
///   "today" resets at midnight with no reload;
/// - the store move copies, verifies, and only then deletes the source; when the App Group store
///   already exists (the widget created it), the two replicas are merged (set union), so nothing is
///   lost and nothing is stranded.
struct ConvergedSteps: ConvergedDesign {
  static let domain = Domain.steps
  static let surfaces: [Surface] = [.app, .widget]

  let storeMove: StoreMove?
  /// The store in Application Support before the move, then nothing.
  private var legacy: Replica? = nil
  /// The App Group store, `nil` while it does not exist.
  private var group: Replica? = nil
  private var updateInstalled = false
  /// The widget arrives with the updated app.
  var widgetInstalled: Bool { storeMove == nil || updateInstalled }
  /// The current completions of the active store, kept alongside it (counted after every event).
  private var completions: [StepID: Instant] = [:]
  private var completedInstants = SortedInstants()
  private(set) var recordsLostByStoreMove = 0

  init(scenario: Scenario) {
    self.storeMove = scenario.storeMove
    if scenario.storeMove == nil { group = Replica() } else { legacy = Replica() }
  }

  private var usesGroup: Bool { updateInstalled || storeMove == nil }

  mutating func perform(_ action: PlannedAction, world: inout World) -> TruthEffect {
    guard case .appTap = action.kind else { return .none }
    let step = StepsPlan.step(for: action)
    let effect: TruthEffect
    let kind: EventKind
    if let completedAt = completions[step] {
      kind = .uncomplete(step: step)
      completions[step] = nil
      completedInstants.remove(completedAt)
      effect = .remove(completedAt)
    } else {
      kind = .complete(step: step)
      completions[step] = action.time
      completedInstants.insert(action.time)
      effect = .add(action.time)
    }
    let event = Event(id: action.eventID, kind: kind, instant: action.time, origin: .app)
    do {
      if usesGroup {
        var replica = group ?? Replica()
        try replica.insert(event)
        group = replica
      } else {
        var replica = legacy ?? Replica()
        try replica.insert(event)
        legacy = replica
      }
    } catch {
      preconditionFailure("the workload drew one id twice: \(error)")
    }
    world.requestReloadMindingDeafWindow(context: .appInForeground)
    return effect
  }

  mutating func storeMoveDayBegins(world: inout World) {
    updateInstalled = true
    if storeMove?.widgetOpensFirst == true, group == nil { group = Replica() }
  }

  mutating func appBecameActive(world: inout World) {
    guard updateInstalled, let source = legacy else { return }
    // Copy (or merge into what the widget created), verify, then delete the source.
    let target: Replica
    do {
      target = try (group ?? Replica()).merging(source)
    } catch {
      preconditionFailure("one event id in both stores with different content: \(error)")
    }
    let verified = source.events.allSatisfy { target.contains($0.id) }
    guard verified else { return }  // keep the source; try again at the next launch
    group = target
    legacy = nil
    recordsLostByStoreMove += source.events.filter { group?.contains($0.id) != true }.count
    world.requestReloadMindingDeafWindow(context: .appInForeground)
  }


  mutating func appKilled(world: inout World) {}
  mutating func step(_ step: Step, world: inout World) {}
  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {}

  func timeline(world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
    // The widget reads the App Group store; before it exists it shows an empty progress.
    let calendar = world.calendar
    let today = calendar.dayInterval(containing: world.now)
    let visible = (usesGroup && group != nil) ? completedInstants : SortedInstants()
    let progress: StepProgress
    do {
      let current = (usesGroup && group != nil) ? completions : [:]
      progress = try StepProgress(tasks: StepsPlan.tasks, completions: current)
    } catch {
      preconditionFailure("the steps plan has distinct ids: \(error)")
    }
    let snapshot = StepsSnapshot(progress: progress, asOf: world.now, calendar: calendar)
    precondition(snapshot.completedToday == visible.count(in: today), "snapshot and store disagree")
    return widgetCountTimeline(
      .steps(snapshot), kind: .stepsProgress(.small), calendar: calendar, now: world.now,
      horizonMilliseconds: ConvergedTally.horizonMilliseconds
    ) { model in
      guard case .stepsProgress(let progress) = model else { preconditionFailure("a steps timeline renders progress") }
      return progress.completedToday
    }
  }

  func count(on surface: Surface, world: World) -> Int {
    completedInstants.count(in: world.calendar.dayInterval(containing: world.now))
  }

  func storedTimestamps() -> [Instant] { completedInstants.values }
}
