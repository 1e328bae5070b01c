/// What an event records.
///
/// ## Laws
/// - `Codable` round-trips to an equal value.
public enum EventKind: Hashable, Sendable, Codable {
  /// One increment of the tally (one cigarette).
  case add
  /// A tombstone: the event `target` no longer counts, whatever the order in which the two
  /// arrive. A removal whose target is itself a removal has no effect (see
  /// ``Replica/isRemoved(_:)``).
  case remove(target: EventID)
  /// The step `step` was checked at the event's instant.
  case complete(step: StepID)
  /// The step `step` was unchecked at the event's instant.
  case uncomplete(step: StepID)
  /// An expense of `amount`, with the user's `note`.
  case expense(amount: Money, note: String)
}
