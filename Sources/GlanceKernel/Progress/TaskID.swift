public import Foundation

/// The identity of one BabySteps task: a titled goal whose progress is a list of anonymous
/// steps (``StepTask``).
///
/// ## Laws
/// - Order is lexicographic on the 16 bytes of ``uuid`` (a total order, independent of hashing),
///   and it agrees with `==`.
/// - `Codable` writes the UUID's canonical text and reads it back to an equal id.
public struct TaskID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The task's UUID.
  public let uuid: UUID
  /// The bytes of ``uuid`` as two integers: order, equality and hashing use only this.
  let key: UUIDKey

  /// The task with this UUID.
  public init(_ uuid: UUID) {
    self.uuid = uuid
    self.key = UUIDKey(uuid)
  }

  /// Byte-wise lexicographic order of the UUIDs.
  public static func < (lhs: TaskID, rhs: TaskID) -> Bool {
    lhs.key < rhs.key
  }

  /// Whether the UUIDs are equal.
  public static func == (lhs: TaskID, rhs: TaskID) -> Bool {
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
