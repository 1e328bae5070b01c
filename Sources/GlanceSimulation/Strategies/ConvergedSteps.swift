import GlanceKernel

/// Glance's converged design for the steps domain:
/// - a toggle is a `complete` or `uncomplete` event with an id, written in one transaction to
///   the store's event log (the kernel's `EventLog`: a `Replica`, or GlanceStore's SQLite store
///   with `--store sqlite`); every figure is derived from the log;
/// - the widget's timeline is planned from a dated `StepsSnapshot` to every local day boundary, so
///   "today" resets at midnight with no reload;
/// - the store move copies, verifies, and only then deletes the source, retrying a copy that
///   failed; when the App Group store already exists (the widget created it), the two logs are
///   merged (set union), so nothing is lost and nothing is stranded.
struct ConvergedSteps: ConvergedDesign {
  static let domain = Domain.steps

  let storeMove: StoreMove?
  /// The store in Application Support before the move, then nothing.
  private var legacy: DeviceLog? = nil
  /// The App Group store, `nil` while it does not exist.
  private var group: DeviceLog? = nil
  private let stores: RunStores
  private var updateInstalled = false
  /// Copy attempts that failed (the scenario's `copyFails` makes the first one fail).
  private var failedCopies = 0
  /// The widget arrives with the updated app.
  var widgetInstalled: Bool { storeMove == nil || updateInstalled }
  private let memo = Memo<DayMemoKey, Display>()
  /// The kernel's progress of the last completions read (widget reloads read an unchanged log).
  private let progressMemo = Memo<[StepID: Instant], StepProgress>()

  init(scenario: Scenario, stores: RunStores) {
    self.storeMove = scenario.storeMove
    self.stores = stores
    if scenario.storeMove == nil { group = DeviceLog("group", stores: stores) } else { legacy = DeviceLog("legacy", stores: stores) }
  }

  /// The log the app writes: the legacy one until the move is done.
  private var active: DeviceLog? { legacy ?? group }

  mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
    let event: Event
    switch deed {
    case .complete(let step, let record):
      event = Event(id: record.id, kind: .complete(step: step), instant: record.instant, origin: .app)
    case .uncomplete(let step, _):
      event = Event(id: action.eventID, kind: .uncomplete(step: step), instant: action.time, origin: .app)
    default:
      preconditionFailure("the steps model does not make \(deed)")
    }
    if legacy != nil { legacy?.record(event) } else { group?.record(event) }
    world.requestReloadMindingDeafWindow(context: .appInForeground)
  }

  mutating func storeMoveDayBegins(world: inout World) {
    updateInstalled = true
    if storeMove?.widgetOpensFirst == true, group == nil { group = DeviceLog("group", stores: stores) }
  }

  mutating func appBecameActive(world: inout World) {
    // A reload is free in the foreground, and replaces any the widget's own schedule may have lost.
    world.requestReloadMindingDeafWindow(context: .appInForeground)
    guard updateInstalled, let source = legacy else { return }
    // Copy (or merge into what the widget created), verify, and only then delete the source; a
    // copy that fails is tried again (an I/O error is most often transient), at most three times.
    var target = group ?? DeviceLog("group", stores: stores)
    let events = source.replica().events
    for _ in 0..<3 {
      let copyFails = storeMove?.copyFails == true && failedCopies == 0
      // A failing copy writes part of the events, then stops with an error.
      target.receive(copyFails ? Array(events.prefix(events.count / 2)) : events)
      if copyFails { failedCopies += 1 }
      let copied = target.replica()
      if events.allSatisfy({ copied.contains($0.id) }) {
        group = target
        legacy = nil
        world.requestReloadMindingDeafWindow(context: .appInForeground)
        return
      }
    }
    group = target  // the partial copy is harmless: the next launch merges the rest
  }

  /// What the app draws from the log now.
  private func display(of log: DeviceLog?, world: World) -> Display {
    let (instant, calendar) = (world.now, world.calendar)
    let key = DayMemoKey(version: log?.version ?? -1, world: world)
    return memo.value(for: key) {
      .steps(StepsDisplay(snapshot: snapshot(of: log, at: instant, in: calendar), at: instant, calendar: calendar))
    }
  }

  private func snapshot(of log: DeviceLog?, at instant: Instant, in calendar: ZoneCalendar) -> StepsSnapshot {
    let completions = log?.stepCompletions() ?? [:]
    return StepsSnapshot(progress: progressMemo.value(for: completions) { StepsPlan.progress(completions) }, asOf: instant, calendar: calendar)
  }

  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    precondition(widget == .main, "the steps have one widget")
    // The widget reads the App Group store; before it exists it shows an empty progress.
    let snapshot = snapshot(of: group, at: world.now, in: world.calendar)
    return plannedTimeline(
      StepsDisplayProjection(snapshot: snapshot, calendar: world.calendar), now: world.now,
      horizonMilliseconds: dayTimelineHorizonMilliseconds) { $0 }
  }

  func display(on surface: Surface, world: World) -> Display {
    precondition(surface == .app, "the steps app shows \(surface) no display of its own")
    return display(of: active, world: world)
  }

  func storedRecords(on device: Device) -> StoredRecords? {
    guard device == .phone else { return nil }
    return .instants((active?.stepCompletions().values).map { $0.sorted() } ?? [])
  }
}

/// The steps display of a snapshot as time passes: it changes at local day boundaries only.
struct StepsDisplayProjection: TimelineProjection {
  let snapshot: StepsSnapshot
  let calendar: ZoneCalendar

  func model(at instant: Instant) -> Display {
    .steps(StepsDisplay(snapshot: snapshot, at: instant, calendar: calendar))
  }

  func nextChangePoint(after instant: Instant) -> Instant? { calendar.nextRollover(after: instant) }
}
