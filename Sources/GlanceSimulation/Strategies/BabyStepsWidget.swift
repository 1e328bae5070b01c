import GlanceKernel

/// The BabySteps widget branch (see *The real apps Glance models*, BabySteps: the widget branch), reproduced with
/// its bugs:
/// - the provider counts today's completions from the store when it is asked, returns **one entry
///   dated now** and `.after(now + 15 min)`: after midnight the widget keeps yesterday's "today"
///   until its next reload, later still once the budget is spent;
/// - every mutation saves, writes an **undated** four-integer snapshot to the App Group defaults and
///   calls `reloadAllTimelines()`; the widget falls back to that snapshot when it has no store;
/// - the store move copies `.store`, `-wal` and `-shm` ignoring every error, then deletes the legacy
///   files **unconditionally** (a failed copy loses the data), and is skipped when the App Group store
///   already exists (the widget may have created it empty first, or a move cut short after copying
///   `.store` left it without its `-wal`), stranding the old data. SQLite keeps the commits since
///   its last checkpoint in `-wal` and checkpoints every 1 000 pages (a commit writes at least
///   one), so `.store` alone holds the store as of its last 1 000th commit;
/// - every mutation saves with `try? modelContext.save()`: a failed save (disk full, I/O error)
///   is ignored, the change stays pending in the app's context (shown by the app, written to the
///   snapshot) and is saved with the next save that succeeds, or lost with the process;
/// - the seven `TaskViewModel` mutations (``BabyStepsData/apply(_:)``): a task created with its
///   steps, steps added one by one, a task renamed, the list reordered, a task deleted **alone**
///   (delete rule *nullify*: its steps stay, orphaned, with their completions), and toggles.
///   `fetchProgress` counts today's completions with a global step fetch, orphans included, but
///   the total from the listed tasks' steps, so after a task with steps done today is deleted
///   the numerator is too high ("5/2" is possible); the activity history counts orphans too.
///   The typed display cannot draw more steps done than steps: such a figure is drawn as every
///   step done (still not the truth). Removing a single step has no caller in any view, so the
///   person never does it; adding N steps is N `addStep(to:)` calls, each a save, a snapshot and
///   a reload;
/// - only the small progress-summary widget was built (`.systemSmall`; it draws today's count
///   and the total): the lock-screen inline, the 7/14-day activity and the next-step widgets are
///   plans in `docs/WIDGET_DESIGN_PLAN.md` on no branch, so they are not simulated. Nothing
///   reloads the widget at launch or when the day changes; `TaskListView`'s `onAppear` rewrites
///   the snapshot without a reload.
struct BabyStepsWidget: SyncDesign {
  static let name = "babysteps-widget"
  static let domain = Domain.steps
  static let expectedToConverge = false

  let storeMove: StoreMove?
  /// The store in Application Support (before the move).
  private var legacyStore: BabyStepsData? = nil
  /// The legacy store as of its last checkpoint (what its `.store` file holds alone), and how
  /// many commits it has had.
  private var legacyCheckpoint = BabyStepsData.start
  private var legacyCommits = 0
  /// The App Group store: `nil` while it does not exist.
  private var groupStore: BabyStepsData? = nil
  /// The app's model context when it holds changes not saved yet (a save failed): lost with the
  /// process (a new one starts without it).
  private var pending: BabyStepsData? = nil
  /// `WidgetDataSync`'s undated snapshot, four integers in the App Group's defaults (the
  /// world's): today's completed steps, the steps, the completed tasks and the tasks.
  static let snapshotKeys = (
    completedToday: "widget_todayCompletedCount", totalSteps: "widget_todayTotalCount",
    completedTasks: "widget_completedTasksCount", totalTasks: "widget_totalTasksCount"
  )
  /// Whether the app runs the updated version, which keeps its store in the App Group and moves
  /// the legacy one there (learnt at its launch, from its own version: ``World/appVersion``).
  private var updateInstalled = false
  /// Counts the changes to the stores: the app's display is memoised on it.
  private var version = 0
  private let appMemo = Memo<DayMemoKey, Display>()
  /// The kernel's progress of the last store read (widget reloads read an unchanged store).
  private let progressMemo = Memo<BabyStepsData, (progress: StepProgress, orphans: [Instant], generation: Int)>()
  /// Numbers the progresses `progressMemo` computed: the snapshot memo's generation.
  private let progressCount = Counter()
  /// The display of the last progress on its local day: every figure it shows reads the
  /// instant only through its day.
  private let displayMemo = Memo<DayMemoKey, Display>()
  init(scenario: Scenario, stores: RunStores) {
    self.storeMove = scenario.storeMove
    // Without a store move in the scenario, the app has used the App Group store from the start.
    if scenario.storeMove == nil { groupStore = .start } else { legacyStore = .start }
  }

  private var usesGroupStore: Bool { updateInstalled || storeMove == nil }

  /// The store the app reads and writes.
  private var active: BabyStepsData {
    get { (usesGroupStore ? groupStore : legacyStore) ?? .empty }
    set {
      if usesGroupStore { groupStore = newValue } else { legacyStore = newValue }
    }
  }

  /// What the app's context holds: the store with its unsaved changes.
  private var context: BabyStepsData { pending ?? active }

  /// A new process: the last one's unsaved changes are gone with it; from the update on, it
  /// runs the updated app.
  mutating func appLaunched(world: inout World) {
    if pending != nil { version += 1 }
    pending = nil
    if world.appVersion > 1, !updateInstalled {
      updateInstalled = true
      version += 1
    }
  }

  /// The widget's provider opens the App Group store when it runs: the store-move scenario says
  /// whether it does so before the updated app has moved the legacy store (it then creates an
  /// empty one, and the app skips the move).
  mutating func widgetExtensionLaunched(world: inout World) {
    if storeMove?.widgetOpensFirst == true, groupStore == nil { groupStore = .empty }
  }

  /// What BabySteps draws from `data` now, in the device's zone: the kernel's figures of the
  /// listed tasks, with the orphans' completions added to today's count and to the activity
  /// (the global step fetch), today's count drawn as at most every step.
  private func display(_ data: BabyStepsData, world: World) -> Display {
    let (progress, orphans, generation) = progressMemo.value(for: data) {
      (data.progress, data.orphans, progressCount.next())
    }
    return displayMemo.value(for: DayMemoKey(version: generation, world: world)) {
      Self.display(progress, orphans: orphans, world: world)
    }
  }

  private static func display(_ progress: StepProgress, orphans: [Instant], world: World) -> Display {
    let exact = StepsSnapshot(progress: progress, asOf: world.now, calendar: world.calendar)
    guard !orphans.isEmpty else { return .steps(StepsDisplay(snapshot: exact, at: world.now, calendar: world.calendar)) }
    var activity = exact.recentActivity
    // Each orphan's local date once, not once per day of the activity.
    let orphanDates = orphans.map { world.calendar.date(containing: $0) }
    for (index, day) in activity.enumerated() {
      let count = orphanDates.count { $0 == day.date }
      activity[index] = ActivityDay(date: day.date, count: day.count + count)
    }
    let today = min(activity[activity.count - 1].count, exact.totalSteps)
    activity[activity.count - 1] = ActivityDay(date: activity[activity.count - 1].date, count: today)
    do {
      let counted = try StepsSnapshot(
        asOf: world.now, dayKey: exact.dayKey, completedToday: today, totalSteps: exact.totalSteps,
        completedTasks: exact.completedTasks, totalTasks: exact.totalTasks, recentActivity: activity, nextStep: exact.nextStep,
        calendar: world.calendar)
      return .steps(StepsDisplay(snapshot: counted, at: world.now, calendar: world.calendar))
    } catch {
      preconditionFailure("a snapshot with today's count at most the steps is consistent: \(error)")
    }
  }

  mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
    switch deed {
    case .complete(let step, let record): mutate(world: &world) { $0.completions[step] = record.instant }
    case .uncomplete(let step, _): mutate(world: &world) { $0.completions[step] = nil }  // clears completedAt (§1.1)
    case .editTasks(.addSteps(let task, let steps, let firstOrder)):
      // The add-steps sheet calls addStep(to:) once per step: a save, a snapshot and a reload each.
      for (index, step) in steps.enumerated() {
        mutate(world: &world) { $0.apply(.addSteps(task: task, steps: [step], firstOrder: firstOrder + index)) }
      }
    case .editTasks(let edit): mutate(world: &world) { $0.apply(edit) }
    default: preconditionFailure("the steps model does not make \(deed)")
    }
  }

  /// One `TaskViewModel` mutation: the change to the model context, `try? save()`,
  /// `syncProgressToWidget()`, `reloadAllTimelines()`.
  private mutating func mutate(world: inout World, _ change: (inout BabyStepsData) -> Void) {
    var changed = context
    change(&changed)
    pending = changed
    // try? modelContext.save(): a failure is ignored and the change stays pending.
    if !world.phoneCommitFails() {
      active = changed
      pending = nil
      if !usesGroupStore {
        legacyCommits += 1
        if legacyCommits % Self.checkpointCommits == 0 { legacyCheckpoint = legacyStore ?? .empty }
      }
    }
    version += 1
    // syncProgressToWidget: fetchProgress on the app's context, unsaved changes and orphans
    // included, then reloadAllTimelines().
    writeSnapshot(of: changed, world: &world)
    world.requestReload(context: .appInForeground)
  }

  /// `syncProgressToWidget`'s snapshot of `data` now, written to the App Group's defaults: today's
  /// completions with the orphans (the global step fetch), the listed tasks' steps, completed
  /// tasks, tasks.
  private func writeSnapshot(of data: BabyStepsData, world: inout World) {
    // Through the memo: the display that follows reads the same data.
    let (progress, orphans, _) = progressMemo.value(for: data) { (data.progress, data.orphans, progressCount.next()) }
    let orphansToday = orphans.count { world.today.contains($0) }
    let keys = Self.snapshotKeys
    let completedToday = progress.completedToday(at: world.now, in: world.calendar) + orphansToday
    world.appGroupDefaults.set(.integer(Int64(completedToday)), forKey: keys.completedToday)
    world.appGroupDefaults.set(.integer(Int64(progress.totalSteps)), forKey: keys.totalSteps)
    world.appGroupDefaults.set(.integer(Int64(progress.completedTasks)), forKey: keys.completedTasks)
    world.appGroupDefaults.set(.integer(Int64(progress.totalTasks)), forKey: keys.totalTasks)
  }

  /// The snapshot as the widget reads it: `UserDefaults.integer(forKey:)` of each key, which
  /// reads garbage (or nothing) as 0.
  private static func snapshot(in world: World) -> (completedToday: Int, totalSteps: Int, completedTasks: Int, totalTasks: Int) {
    let (defaults, keys) = (world.appGroupDefaults, snapshotKeys)
    func integer(_ key: String) -> Int { Int(defaults.integer(forKey: key) ?? 0) }
    return (integer(keys.completedToday), integer(keys.totalSteps), integer(keys.completedTasks), integer(keys.totalTasks))
  }

  /// SQLite's automatic checkpoint: every 1 000 pages of WAL, at least one page a commit.
  static let checkpointCommits = 1_000

  mutating func appBecameActive(world: inout World) {
    // TaskListView's onAppear writes the snapshot again (after a new day, today's count anew),
    // with no reload: no code reloads the widget at launch or when the day changes.
    defer { writeSnapshot(of: context, world: &world) }
    guard updateInstalled, let legacy = legacyStore else { return }
    // migrateStoreIfNeeded: only when the target does not exist yet; each copy's error ignored.
    // A kill before a step (the scenario's interruption) leaves what the steps before it did.
    if groupStore == nil {
      let copyFails = storeMove?.copyFails == true
      if world.storeMoveReaches(.copyStore) { return }
      groupStore = copyFails ? .empty : legacyCheckpoint  // the target exists from here on
      version += 1
      if world.storeMoveReaches(.copyWAL) { return }
      if !copyFails { groupStore = legacy }  // with its WAL, the whole store
      if world.storeMoveReaches(.copySHM) || world.storeMoveReaches(.deleteLegacy) { return }
      legacyStore = nil  // and the legacy files deleted anyway
    }
    if legacyStore != nil { legacyStore = .empty }  // stranded: the app never reads it again
    version += 1
    world.requestReload(context: .appInForeground)
  }

  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    precondition(widget == .main, "the steps have one widget")
    let shown: Display
    if let groupStore {
      // fetchProgress(referenceDate: now) from the App Group store.
      shown = display(groupStore, world: world)
    } else {
      // The undated defaults, read as today's; a total of 0 is "no steps". A corrupted key reads
      // 0 and can leave numbers that contradict each other (3 of 0 tasks done), which the widget
      // would draw as they are and a typed display cannot: the model shows "no steps" then.
      let today = world.calendar.dayKey(containing: world.now)
      func snapshot(_ counts: (completedToday: Int, totalSteps: Int, completedTasks: Int, totalTasks: Int)) throws -> StepsSnapshot {
        try StepsSnapshot(
          asOf: world.now, dayKey: today, completedToday: counts.completedToday, totalSteps: counts.totalSteps,
          completedTasks: counts.completedTasks, totalTasks: counts.totalTasks,
          recentActivity: [ActivityDay(date: today.date, count: counts.completedToday)], nextStep: nil,
          calendar: world.calendar)
      }
      let fallback: StepsSnapshot
      do {
        fallback = try snapshot(Self.snapshot(in: world))
      } catch {
        do {
          fallback = try snapshot((0, 0, 0, 0))
        } catch {
          preconditionFailure("an empty snapshot is consistent: \(error)")
        }
      }
      shown = .steps(StepsDisplay(snapshot: fallback, at: world.now, calendar: world.calendar))
    }
    return .single(shown, now: world.now, reloadAfter: 15 * Instant.millisecondsPerMinute)
  }

  func display(on surface: Surface, world: World) -> Display {
    precondition(surface == .app, "the steps app shows \(surface) no display of its own")
    return appMemo.value(for: DayMemoKey(version: version, world: world)) { display(context, world: world) }
  }

  /// Every completion the store holds, orphans included: they keep counting.
  func storedRecords(on device: Device) -> StoredRecords? {
    device == .phone ? .instants(active.completions.values.sorted()) : nil
  }
}
