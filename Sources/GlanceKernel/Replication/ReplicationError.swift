/// Why events cannot be put together in one ``Replica``.
public enum ReplicationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Two different events carry the same id: `existing` was already in the replica (or earlier
  /// in the input), `incoming` was being added. Ids are idempotency keys, so this is corrupt or
  /// forged data, never a retry; the replica is left unchanged.
  case conflictingEvent(id: EventID, existing: Event, incoming: Event)

  /// A sentence naming the event id and both versions.
  public var description: String {
    switch self {
    case .conflictingEvent(let id, let existing, let incoming):
      return "event \(id) arrived with different content: existing \(existing.summary),"
        + " incoming \(incoming.summary)"
    }
  }
}

extension Event {
  /// A one-line summary for error messages: kind, instant and origin.
  var summary: String {
    "\(kind.summary) at \(instant) from \(origin.rawValue)"
  }
}

extension EventKind {
  /// A one-line summary for error messages.
  var summary: String {
    switch self {
    case .add: return "add"
    case .remove(let target): return "remove(\(target))"
    case .complete(let step): return "complete(\(step))"
    case .uncomplete(let step): return "uncomplete(\(step))"
    case .expense(let amount, let note): return "expense(\(amount) \(amount.currency.code), \"\(note)\")"
    case .defineTask(let task, let title, let order): return "defineTask(\(task), \"\(title)\", order \(order))"
    case .removeTask(let task): return "removeTask(\(task))"
    case .defineStep(let step, let task, let order): return "defineStep(\(step), task \(task), order \(order))"
    case .removeStep(let step): return "removeStep(\(step))"
    }
  }
}
