public import GlanceKernel

/// The converged steps app (BabySteps): a toggle is a `complete` or `uncomplete` event with an
/// id, written in one transaction to the store's event log; every figure is derived from the
/// log; the widgets are reloaded after every change (free: the app is in the foreground).
///
/// It also moves the store from the app's own container (where BabySteps kept it before it had
/// a widget) to the App Group, where the widget can read it: copy, verify, and only then let the
/// caller delete the source (``moveLegacyStore(into:at:attemptsMax:)``). When the App Group store
/// already exists (the widget created it before the updated app first ran), the copy merges into
/// it, by union, so nothing is lost and nothing is stranded.
///
/// ## Laws
/// - The app reads and writes the legacy store until a move succeeds, the App Group store after.
/// - A move succeeds only when the App Group store holds every event of the legacy store; a
///   failed copy leaves both stores as they were or with part of the events merged, and the next
///   attempt merges the rest (merge is idempotent).
public struct StepsApp<Log: EventLog>: PhoneEngine {
  /// The tasks the person works through.
  public var tasks: [StepTask] { views.store.tasks }
  /// What the app shows of each store (each keeps what it last read of its own).
  private let views: (legacy: StepsWidget, store: StepsWidget)
  /// The App Group store, once it exists.
  public private(set) var store: Log?
  /// The store in the app's own container, until the move succeeds.
  public private(set) var legacy: Log?
  /// When the widgets are reloaded.
  public var reloads: ReloadCoordinator

  /// An app over the App Group `store`, or over `legacy` until it is moved.
  ///
  /// - Throws: `RefreshBudgetError` for a budget outside 40…72, `ProgressError` for tasks that
  ///   repeat an id.
  public init(
    store: Log?, legacy: Log?, tasks: [StepTask], refreshBudget: Int, reloader: any WidgetReloader, wakes: any WakeScheduler
  ) throws {
    precondition(store != nil || legacy != nil, "the steps app needs a store")
    views = (try StepsWidget(tasks: tasks, refreshBudget: refreshBudget), try StepsWidget(tasks: tasks, refreshBudget: refreshBudget))
    self.store = store
    self.legacy = legacy
    self.reloads = try ReloadCoordinator(refreshBudget: refreshBudget, reloader: reloader, wakes: wakes)
  }

  /// The store the app reads and writes: the legacy one until the move is done.
  public var active: Log {
    guard let active = legacy ?? store else { preconditionFailure("the steps app has a store") }
    return active
  }

  /// The person checks `step` at `now`: event `id`.
  ///
  /// - Throws: what the log throws; nothing was recorded then.
  public mutating func complete(_ step: StepID, id: EventID, at now: Instant) throws {
    try record(Event(id: id, kind: .complete(step: step), instant: now, origin: .app), at: now)
  }

  /// The person unchecks `step` at `now`: event `id`.
  ///
  /// - Throws: what the log throws; nothing was recorded then.
  public mutating func uncomplete(_ step: StepID, id: EventID, at now: Instant) throws {
    try record(Event(id: id, kind: .uncomplete(step: step), instant: now, origin: .app), at: now)
  }

  private mutating func record(_ event: Event, at now: Instant) throws {
    if legacy != nil { _ = try legacy?.recordRetrying(event) } else { _ = try store?.recordRetrying(event) }
    reloads.reload(at: now)
  }

  /// The app came to the foreground: a reload is free, and replaces any the widget's own
  /// schedule may have lost.
  public mutating func becameActive(at now: Instant) {
    reloads.reload(at: now)
  }

  /// Moves the legacy store into `group` (the App Group store, new or created by the widget):
  /// copies every event, verifies that `group` holds them all, and only then switches to it.
  /// A copy that fails (an I/O error is most often transient) is tried again, at most
  /// `attemptsMax` times.
  ///
  /// On ``StoreMoveOutcome/moved(events:)`` delete the legacy store; on
  /// ``StoreMoveOutcome/incomplete(copied:of:)`` keep it: the app still uses it, and the next
  /// launch moves again, merging what this one copied.
  public mutating func moveLegacyStore(into group: Log, at now: Instant, attemptsMax: Int = 3) -> StoreMoveOutcome {
    precondition(attemptsMax >= 1, "a move makes at least one attempt")
    guard let source = legacy else {
      store = store ?? group
      return .moved(events: 0)
    }
    var target = group
    var copied = 0
    var total = 0
    for _ in 0..<attemptsMax {
      do {
        let events = try source.replica().events
        total = events.count
        _ = try target.receive(events)
        let held = try target.replica()
        copied = events.count { held.contains($0.id) }
        guard copied == events.count else { continue }
        store = target
        legacy = nil
        reloads.reload(at: now)
        return .moved(events: total)
      } catch {
        continue  // the next attempt copies again; merging is idempotent
      }
    }
    store = target
    return .incomplete(copied: copied, of: total)
  }

  /// What the app shows at `now`, "today" in `calendar`'s zone.
  ///
  /// - Throws: what the log throws.
  public func display(at now: Instant, in calendar: ZoneCalendar) throws -> StepsDisplay {
    legacy != nil ? try views.legacy.display(of: legacy, at: now, in: calendar) : try views.store.display(of: store, at: now, in: calendar)
  }
}
