public import Foundation

/// A UUID-backed identity of one kind of thing (a step, a task, an event), told apart from the
/// others by its `Kind` at compile time: a ``StepID`` cannot be passed where an ``EventID`` is
/// expected, yet all three share one implementation.
///
/// ## Laws
/// - Order is lexicographic on the 16 bytes of ``uuid``, in the order `UUID.uuid` lists them
///   (the order of the canonical text): a total order, independent of hashing, that agrees with
///   `==`.
/// - `Codable` writes the UUID's canonical text and reads it back to an equal identifier.
public struct Identifier<Kind>: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The UUID, made again from its bytes (``key``).
  public var uuid: UUID { key.uuid }
  /// The bytes of ``uuid`` as two integers: order, equality and hashing use only this, and it is
  /// all an identifier keeps. Foundation's `UUID` is resilient (its layout is known only at run
  /// time), so a stored `UUID` made every value that holds an identifier (an event, a record, an
  /// action, a queued world event) copied and destroyed through the runtime's value witnesses;
  /// two integers keep them plain values.
  @usableFromInline let key: UUIDKey

  /// The identifier's 128 bits as two words, for a simulator's fingerprint of a play's state.
  package var keyWords: (high: UInt64, low: UInt64) { (key.high, key.low) }

  /// The identifier with this UUID. The kernel never mints one: writers bring their own
  /// (injected) UUID source.
  public init(_ uuid: UUID) {
    self.key = UUIDKey(uuid)
  }

  /// The identifier whose UUID has these 16 bytes, given as two big-endian halves (bytes 0–7,
  /// then 8–15, as ``uuidHalves`` gives them): what a wire format reads, without making a UUID.
  /// A package hook for GlanceSync's wire.
  package init(uuidHalves halves: (high: UInt64, low: UInt64)) {
    self.key = UUIDKey(high: halves.high, low: halves.low)
  }

  /// The 16 bytes of ``uuid`` as two big-endian halves (bytes 0–7, then 8–15): what a wire
  /// format writes, without making the UUID again. A package hook for GlanceSync's wire.
  package var uuidHalves: (high: UInt64, low: UInt64) { (key.high, key.low) }

  /// Byte-wise lexicographic order of the UUIDs.
  @inlinable
  public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
    lhs.key < rhs.key
  }

  /// Whether the UUIDs are equal.
  @inlinable
  public static func == (lhs: Identifier, rhs: Identifier) -> Bool {
    lhs.key == rhs.key
  }

  /// Hashes the UUID's bytes.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
  }

  /// The UUID's canonical upper-case text, as in `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
  public var description: String { uuid.uuidString }

  /// Encodes the UUID as one string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(uuid)
  }

  /// Decodes what ``encode(to:)`` writes.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(try container.decode(UUID.self))
  }
}

/// The kind of a BabySteps step: an anonymous check-box ("one more attempt") inside a
/// ``StepTask``. Steps have no title (BabySteps removed them); a step is known only by its id
/// and its position in its task.
public enum StepIdentity {}
/// The identity of one step.
public typealias StepID = Identifier<StepIdentity>

/// The kind of a BabySteps task: a titled goal whose progress is a list of anonymous steps.
public enum TaskIdentity {}
/// The identity of one task.
public typealias TaskID = Identifier<TaskIdentity>

/// The kind of a replicated ``Event``. Its id is the idempotency key that makes delivery
/// at-least-once safe: a retried event carries the same id and is stored once.
public enum EventIdentity {}
/// The identity of one event.
public typealias EventID = Identifier<EventIdentity>
