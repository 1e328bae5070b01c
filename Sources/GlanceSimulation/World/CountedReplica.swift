import GlanceKernel

/// A replica with its live adds kept in a kernel `Tally`, so that counting "today" after every
/// event costs two binary searches instead of a pass over the whole log; the live adds' ids and
/// the step completions are kept up to date the same way.
///
/// ## Laws
/// - `live` holds exactly the instants of `replica.liveAdds`.
/// - `liveAddIDs == replica.liveAdds.map(\.id)` (id order).
/// - `stepCompletions == replica.stepCompletions` unless `togglesRemoved` (a removal targeted a
///   step toggle: the kernel's rule then falls back to an earlier toggle, so read the replica).
/// - `liveExpenses` holds the events of `replica.liveExpenses`, in the order they arrived;
///   `liveExpenseIDs == replica.liveExpenses.map(\.id)` (id order).
/// - `slice(r) == replica.slice(r)` for every range `r`, in O(log n + k log k) for the k events
///   it holds.
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
  /// Their ids, in id order.
  private(set) var liveExpenseIDs: [EventID] = []
  /// How many live expenses a removal took out of ``liveExpenses``.
  private(set) var expenseRemovals = 0
  /// Every event, in (instant, id) order: what a slice takes its events from.
  private var byInstant: [Event] = []
  /// The removals of each target (looked up, never iterated).
  private var removals: [EventID: [Event]] = [:]
  /// The events held that a removal targets, in (instant, id) order: a slice finds the removals
  /// to add by binary search instead of looking up every event it holds.
  private var targeted: [(instant: Instant, id: EventID)] = []

  /// Feeds `hasher` what decides every answer of this replica: its events, and the order its
  /// live expenses arrived in; the rest is derived from them.
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(replica)
    hasher.combine(liveExpenses.count)
    for expense in liveExpenses { hasher.combine(expense.id) }
  }

  /// Inserts `event`; `false` when the replica already held it (a duplicate delivery).
  @discardableResult
  mutating func insert(_ event: Event) -> Bool {
    guard !replica.contains(event.id) else { return false }
    do {
      try replica.insert(event)
    } catch {
      preconditionFailure("the workload drew one id twice: \(error)")
    }
    byInstant.insert(event, at: byInstant.partitionIndex { ($0.instant, $0.id) > (event.instant, event.id) })
    if removals[event.id] != nil { markTargeted(event) }
    if case .remove(let target) = event.kind {
      if removals[target] == nil, let held = replica.event(withID: target) { markTargeted(held) }
      removals[target, default: []].append(event)
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
        liveExpenseIDs.remove(at: liveExpenseIDs.partitionIndex { $0 > target } - 1)
        expenseRemovals += 1
      }
    case .complete(let step), .uncomplete(let step):
      toggleIDs.insert(event.id)
      guard !removed.contains(event.id) else { break }
      if let latest = latestToggles[step], (latest.instant, latest.id) > (event.instant, event.id) { break }
      latestToggles[step] = event
      if case .complete = event.kind { stepCompletions[step] = event.instant } else { stepCompletions[step] = nil }
    case .expense:
      if !removed.contains(event.id) {
        liveExpenses.append(event)
        liveExpenseIDs.insert(event.id, at: liveExpenseIDs.partitionIndex { $0 > event.id })
      }
    case .defineTask, .removeTask, .defineStep, .removeStep:
      // The task list is read from the replica (`Replica.stepTasks(startingWith:)`).
      break
    }
    return true
  }

  /// Notes that a removal targets `event`, which the replica holds.
  private mutating func markTargeted(_ event: Event) {
    targeted.insert(
      (event.instant, event.id), at: targeted.partitionIndex { ($0.instant, $0.id) > (event.instant, event.id) })
  }

  /// The events whose instant lies in `instants`, with every removal that targets one of them:
  /// the kernel's `Replica.slice(_:)`, found by binary search.
  func slice(_ instants: Range<Instant>) -> Replica {
    let lower = byInstant.partitionIndex { $0.instant >= instants.lowerBound }
    let upper = byInstant.partitionIndex { $0.instant >= instants.upperBound }
    var kept = Array(byInstant[lower..<max(lower, upper)])
    // The targeted events in the range, in the order of `byInstant`.
    var index = targeted.partitionIndex { $0.instant >= instants.lowerBound }
    while index < targeted.count, targeted[index].instant < instants.upperBound {
      kept += removals[targeted[index].id] ?? []
      index += 1
    }
    do {
      // A removal dated inside the range that targets an event inside it is listed twice:
      // `Replica(events:)` keeps one.
      return try Replica(events: kept)
    } catch {
      preconditionFailure("a replica's events have distinct ids: \(error)")
    }
  }
}
