/// One immutable fact recorded by a writer: its id, what happened, when, and who wrote it.
///
/// Events are never edited: a correction is a new event (a ``EventKind/remove(target:)``
/// tombstone, an ``EventKind/uncomplete(step:)``). Two events with the same ``id`` must be equal
/// in every field; a ``Replica`` refuses one that is not
/// (``ReplicationError/conflictingEvent(id:existing:incoming:)``).
///
/// ## Laws
/// - `==` compares every field; `Codable` round-trips to an equal value.
public struct Event: Hashable, Sendable, Codable, Identifiable {
  /// The event's identity (its idempotency key).
  public let id: EventID
  /// What happened.
  public let kind: EventKind
  /// When it happened, as the writer's clock read it (kept as is: a widget tap or watch add
  /// that is delivered later still counts on the day it happened).
  public let instant: Instant
  /// Which writer recorded it.
  public let origin: Origin

  /// An event with these fields.
  public init(id: EventID, kind: EventKind, instant: Instant, origin: Origin) {
    self.id = id
    self.kind = kind
    self.instant = instant
    self.origin = origin
  }
}
