import GlanceKernel

/// Pending writes saved where a kill spares them (the app's own container: a file there takes
/// no lock on the App Group database) and handed to the next engine.
///
/// ## Laws
/// - Decoding what encoding wrote gives the same writes, in the same order.
/// - Decoding refuses, with `DecodingError.dataCorrupted`, more than ``PendingWrites/capacity``
///   writes or a write with no event: what ``PendingWrites`` itself never holds.
extension PendingWrites: Codable {
  private enum CodingKeys: String, CodingKey {
    case writes
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let writes = try container.decode([PendingWrite].self, forKey: .writes)
    guard writes.count <= Self.capacity else {
      throw DecodingError.dataCorruptedError(
        forKey: .writes, in: container, debugDescription: "\(writes.count) pending writes, at most \(Self.capacity)")
    }
    if let index = writes.firstIndex(where: \.events.isEmpty) {
      throw DecodingError.dataCorruptedError(forKey: .writes, in: container, debugDescription: "pending write \(index) has no event")
    }
    self.init()
    self.writes = writes
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(writes, forKey: .writes)
  }
}
