import GlanceKernel

/// The tally of a log's live adds, folded as the log's events arrive: the phone reads its
/// store's change feed (``ChangeCountingEventLog/events(sinceChangeCount:)``) and inserts or
/// removes what was written since it last looked, instead of slicing and counting the log again
/// after every change.
///
/// One belongs to one engine over one store, used from one thread at a time (an app's main
/// actor, a widget extension's provider, a simulated run), which is why it may be `Sendable`
/// unchecked.
///
/// ## Laws
/// - `tally(of: log)` is `log.replica().tally` (an add is live while no `remove` targets it,
///   whatever the order the two arrive in), or `nil` when the log does not count its changes or
///   cannot hand out its feed: the caller then reads the log as it did before the fold.
final class LiveAddTally: @unchecked Sendable {
  private struct State {
    var count: Int
    /// The log folded (a class's identity; a value's box is new at each read, so never matches).
    let log: ObjectIdentifier
    /// Every add seen (live or not), by id (looked up, never iterated).
    var adds: [EventID: Instant] = [:]
    /// Every id a removal targets (looked up, never iterated).
    var removed: Set<EventID> = []
    var tally = Tally()
  }

  private var state: State? = nil

  func tally(of log: some EventLog) throws -> Tally? {
    guard let counting = log as? any ChangeCountingEventLog else { return nil }
    let count = counting.changeCount
    let identity = ObjectIdentifier(counting as AnyObject)
    if var state, state.log == identity {
      if state.count == count { return state.tally }
      if count > state.count, let added = counting.events(sinceChangeCount: state.count) {
        self.state = nil  // while folding
        for event in added { Self.fold(event, into: &state) }
        state.count = count
        self.state = state
        return state.tally
      }
    }
    // A first read (or another log): only a log with a feed is worth folding.
    guard counting.events(sinceChangeCount: count) != nil else { return nil }
    self.state = nil
    var fresh = State(count: count, log: identity)
    let events = try log.replica().events
    for event in events {
      switch event.kind {
      case .add: fresh.adds[event.id] = event.instant
      case .remove(let target): fresh.removed.insert(target)
      case .expense, .complete, .uncomplete, .defineTask, .removeTask, .defineStep, .removeStep: break
      }
    }
    // The whole log at once: one sort rather than an insertion per add.
    let removed = fresh.removed
    fresh.tally = Tally(
      instants: events.lazy.filter { event in
        if case .add = event.kind { return !removed.contains(event.id) }
        return false
      }.map(\.instant))
    state = fresh
    return fresh.tally
  }

  private static func fold(_ event: Event, into state: inout State) {
    switch event.kind {
    case .add:
      guard state.adds[event.id] == nil else { return }
      state.adds[event.id] = event.instant
      if !state.removed.contains(event.id) { state.tally.insert(event.instant) }
    case .remove(let target):
      guard state.removed.insert(target).inserted, let instant = state.adds[target] else { return }
      _ = state.tally.remove(instant)
    case .expense, .complete, .uncomplete, .defineTask, .removeTask, .defineStep, .removeStep:
      return
    }
  }
}
