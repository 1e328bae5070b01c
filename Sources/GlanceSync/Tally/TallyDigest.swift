public import GlanceKernel

/// The state the phone pushes to the watch: every event of the phone's log dated at or after
/// ``from``, with every tombstone that targets one of them, as of ``asOf``. A bounded summary,
/// never the whole history.
///
/// Today, in any zone, starts less than 27 hours before now, so a digest that reaches 48 hours
/// back lets the watch count "today" exactly after a midnight or a flight, with no new push. The
/// watch merges the digest into its own log (set union), so digests may arrive in any order, more
/// than once, or be replaced before they arrive (latest wins) without changing what it shows.
///
/// ## Laws
/// - ``events`` are strictly increasing by id, and are `Replica.slice(from..<max)` of the phone's
///   log: every event is dated at or after ``from``, but a tombstone dated earlier, which targets
///   one of them (a tombstone dated inside may target an event the phone does not hold yet).
/// - `from <= asOf`.
public struct TallyDigest: Hashable, Sendable {
  /// When the phone made the digest.
  public let asOf: Instant
  /// The earliest instant the digest is complete from.
  public let from: Instant
  /// The events, in id order.
  public let events: [Event]

  /// A digest of `events` (given in id order) complete from `from`, made at `asOf`.
  public init(asOf: Instant, from: Instant, events: [Event]) {
    precondition(from <= asOf, "a digest made at \(asOf) cannot start at \(from)")
    self.asOf = asOf
    self.from = from
    self.events = events
  }
}
