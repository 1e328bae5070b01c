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
    /// Every id a removal targets (looked up, never iterated).
    var removed: Set<EventID> = []
    var tally = Tally()
  }

  private var state: State? = nil
  private let lookup = ChangeCountingLookup()

  func tally(of log: some EventLog) throws -> Tally? {
    guard let counting = lookup.view(of: log) else { return nil }
    let count = counting.changeCount
    let identity = counting.logIdentity
    if var state, state.log == identity {
      if state.count == count { return state.tally }
      if count > state.count, let added = counting.events(sinceChangeCount: state.count) {
        self.state = nil  // while folding: a throw below leaves no half-folded state
        var replica: Replica? = nil
        for (position, event) in added.enumerated() {
          switch event.kind {
          case .add:
            if !state.removed.contains(event.id) { state.tally.insert(event.instant) }
          case .remove(let target):
            guard state.removed.insert(target).inserted,
              let found = try FeedFold.folded(target, before: position, of: added, in: log, replica: &replica),
              case .add = found.kind
            else { continue }
            state.tally.remove(found.instant)
          case .expense, .complete, .uncomplete, .defineTask, .removeTask, .defineStep, .removeStep:
            continue
          }
        }
        state.count = count
        self.state = state
        return state.tally
      }
    }
    // A first read (or another log): only a log with a feed is worth folding.
    guard counting.events(sinceChangeCount: count) != nil else { return nil }
    self.state = nil
    var fresh = State(count: count, log: identity)
    let replica = try log.replica()
    fresh.removed = FeedFold.removalTargets(of: replica)
    // The whole log at once: the kernel's tally of the live adds (one walk, one sort).
    fresh.tally = replica.tally
    state = fresh
    return fresh.tally
  }
}
