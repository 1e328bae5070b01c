import GlanceKernel

/// One device's event log in a converged design: the counted in-memory replica, or a durable
/// ``EventLog`` from the run's backend, behind one interface.
///
/// ## Laws
/// - Both backings answer alike for the same writes: ``count(at:in:)`` is the number of live
///   adds on the day, ``summary(at:in:)`` the kernel's summary of them, ``replica()`` every event.
/// - A durable log is only read through the kernel (`Replica` slices), never counted apart.
struct DeviceLog {
  /// The store's name within the design (`phone`, `watch`).
  let name: String
  private var memory = CountedReplica()
  private var durable: (any EventLog)?
  private let stores: RunStores
  /// Counts the writes that added something: what a memo of a figure derived from the log keys on.
  private(set) var version = 0
  /// What is derived from the log, per version: read after every event, changed by few.
  private let replicaMemo = Memo<Int, Replica>()
  private let liveAddIDsMemo = Memo<Int, [EventID]>()
  private let completionsMemo = Memo<Int, [StepID: Instant]>()
  private let expensesMemo = Memo<Int, [Event]>()

  init(_ name: String, stores: RunStores) {
    self.name = name
    self.stores = stores
    self.durable = stores.open(name)
  }

  /// Records an event this device made; `true` when it was new.
  @discardableResult
  mutating func record(_ event: Event) -> Bool {
    let new: Bool
    if var log = durable {
      new = attempt(false) { try log.record(event) }
      durable = log
    } else {
      new = memory.insert(event)
    }
    if new { version += 1 }
    return new
  }

  /// Inserts events from the peer; how many were new.
  @discardableResult
  mutating func receive(_ events: [Event]) -> Int {
    let new: Int
    if var log = durable {
      new = attempt(0) { try log.receive(events) }
      durable = log
    } else {
      new = events.reduce(0) { $0 + (memory.insert($1) ? 1 : 0) }
    }
    if new > 0 { version += 1 }
    return new
  }

  /// Today's live adds at `instant` in `calendar`'s zone.
  func count(at instant: Instant, in calendar: ZoneCalendar) -> Int {
    count(in: calendar.dayInterval(containing: instant))
  }

  /// The live adds of `day`.
  func count(in day: DayInterval) -> Int {
    guard let log = durable else { return memory.live.count(in: day) }
    return attempt(0) { try log.replica(in: day.start..<day.end).liveAdds.count }
  }

  /// The tally app's summary at `instant`: from the live adds of the 32 × 24 h before today and
  /// of today (all the streak and the average can reach) for a durable log.
  func summary(at instant: Instant, in calendar: ZoneCalendar) -> TallySummary {
    let tally: Tally
    if let log = durable {
      let day = calendar.dayInterval(containing: instant)
      tally = attempt(Tally()) { try log.replica(in: day.start.advanced(by: -32 * Instant.millisecondsPerDay)..<day.end).tally }
    } else {
      tally = memory.live
    }
    return TallySummary(
      tally: tally, at: instant, in: calendar, limit: PersonSettings.tallyDailyLimit,
      streakLimit: PersonSettings.tallyStreakLimit)
  }

  /// Every event the log holds.
  func replica() -> Replica {
    guard let log = durable else { return memory.replica }
    return replicaMemo.value(for: version) { attempt(Replica()) { try log.replica() } }
  }

  /// The ids of the live adds, in id order.
  func liveAddIDs() -> [EventID] {
    guard durable != nil else { return memory.liveAddIDs }
    return liveAddIDsMemo.value(for: version) { replica().liveAdds.map(\.id) }
  }

  /// The replica's step completions (``Replica/stepCompletions``).
  func stepCompletions() -> [StepID: Instant] {
    if durable == nil, !memory.togglesRemoved { return memory.stepCompletions }
    return completionsMemo.value(for: version) { replica().stepCompletions }
  }

  /// Counts the changes to ``liveExpenses()`` other than an expense added at its end: from
  /// memory, the removals of a live expense; from a durable log, whose order is by id, every
  /// change.
  var expenseRewrites: Int { durable == nil ? memory.expenseRemovals : version }

  /// The replica's live expenses (``Replica/liveExpenses``), in no promised order: in the order
  /// they arrived from memory (so that sums over them can be folded as they grow), in id order
  /// from a durable log.
  func liveExpenses() -> [Event] {
    guard durable != nil else { return memory.liveExpenses }
    return expensesMemo.value(for: version) { replica().liveExpenses }
  }

  /// `body`'s value, or `fallback` once the store failed (the failure is kept for the run).
  private func attempt<Value>(_ fallback: Value, _ body: () throws -> Value) -> Value {
    guard stores.failure == nil else { return fallback }
    do {
      return try body()
    } catch {
      stores.fail(name, error)
      return fallback
    }
  }
}

/// A replica with its live adds kept in a kernel `Tally`, so that counting "today" after every
/// event costs two binary searches instead of a pass over the whole log; the live adds' ids and
/// the step completions are kept up to date the same way.
///
/// ## Laws
/// - `live` holds exactly the instants of `replica.liveAdds`.
/// - `liveAddIDs == replica.liveAdds.map(\.id)` (id order).
/// - `stepCompletions == replica.stepCompletions` unless `togglesRemoved` (a removal targeted a
///   step toggle: the kernel's rule then falls back to an earlier toggle, so read the replica).
/// - `liveExpenses` holds the events of `replica.liveExpenses`, in the order they arrived.
struct CountedReplica {
  private(set) var replica = Replica()
  private(set) var live = Tally()
  /// The live adds by id (looked up, never iterated).
  private var liveAdds: [EventID: Instant] = [:]
  /// Every id a removal targets (looked up, never iterated).
  private var removed: Set<EventID> = []
  /// The live adds' ids, in id order.
  private(set) var liveAddIDs: [EventID] = []
  /// Each step's latest live toggle (by instant, then id), which decides its completion.
  private var latestToggles: [StepID: Event] = [:]
  /// The completion instant of every completed step, as the latest toggles decide.
  private(set) var stepCompletions: [StepID: Instant] = [:]
  /// The ids of every toggle inserted (looked up, never iterated).
  private var toggleIDs: Set<EventID> = []
  /// Whether a removal targeted a step toggle.
  private(set) var togglesRemoved = false
  /// The live expenses, in the order they arrived.
  private(set) var liveExpenses: [Event] = []
  /// How many live expenses a removal took out of ``liveExpenses``.
  private(set) var expenseRemovals = 0

  /// Inserts `event`; `false` when the replica already held it (a duplicate delivery).
  @discardableResult
  mutating func insert(_ event: Event) -> Bool {
    guard !replica.contains(event.id) else { return false }
    do {
      try replica.insert(event)
    } catch {
      preconditionFailure("the workload drew one id twice: \(error)")
    }
    switch event.kind {
    case .add:
      if !removed.contains(event.id) {
        live.insert(event.instant)
        liveAdds[event.id] = event.instant
        liveAddIDs.insert(event.id, at: liveAddIDs.partitionIndex { $0 > event.id })
      }
    case .remove(let target):
      removed.insert(target)
      if let instant = liveAdds.removeValue(forKey: target) {
        live.remove(instant)
        liveAddIDs.remove(at: liveAddIDs.partitionIndex { $0 > target } - 1)
      }
      if toggleIDs.contains(target) { togglesRemoved = true }
      if let index = liveExpenses.lastIndex(where: { $0.id == target }) {
        liveExpenses.remove(at: index)
        expenseRemovals += 1
      }
    case .complete(let step), .uncomplete(let step):
      toggleIDs.insert(event.id)
      guard !removed.contains(event.id) else { break }
      if let latest = latestToggles[step], (latest.instant, latest.id) > (event.instant, event.id) { break }
      latestToggles[step] = event
      if case .complete = event.kind { stepCompletions[step] = event.instant } else { stepCompletions[step] = nil }
    case .expense:
      if !removed.contains(event.id) { liveExpenses.append(event) }
    }
    return true
  }
}
