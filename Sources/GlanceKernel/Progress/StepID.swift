public import Foundation

/// The identity of one BabySteps step: an anonymous check-box ("one more attempt") inside a
/// ``StepTask``.
///
/// Steps have no title (BabySteps removed them); a step is known only by its id and its position
/// in its task.
///
/// ## Laws
/// - Order is lexicographic on the 16 bytes of ``uuid`` (a total order, independent of hashing),
///   and it agrees with `==`.
/// - `Codable` writes the UUID's canonical text and reads it back to an equal id.
public struct StepID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The step's UUID.
  public let uuid: UUID
  /// The bytes of ``uuid`` as two integers: order, equality and hashing use only this.
  let key: UUIDKey

  /// The step with this UUID.
  public init(_ uuid: UUID) {
    self.uuid = uuid
    self.key = UUIDKey(uuid)
  }

  /// Byte-wise lexicographic order of the UUIDs.
  public static func < (lhs: StepID, rhs: StepID) -> Bool {
    lhs.key < rhs.key
  }

  /// Whether the UUIDs are equal.
  public static func == (lhs: StepID, rhs: StepID) -> Bool {
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
