/// One cell of an activity histogram: a local date, how many steps were completed on it, and
/// the shade that count gets.
///
/// ## Laws
/// - `level == ActivityLevel(count: count)` for every value, including decoded ones.
/// - `Codable` round-trips to an equal value.
public struct ActivityDay: Hashable, Sendable, Codable {
  /// The local date of the cell.
  public let date: CivilDate
  /// The number of steps whose current completion instant falls on ``date``.
  public let count: Int
  /// ``ActivityLevel/init(count:)`` of ``count``.
  public let level: ActivityLevel

  /// The cell for `date` with `count` completions; the level is derived from the count.
  ///
  /// - Precondition: `count >= 0`.
  public init(date: CivilDate, count: Int) {
    self.date = date
    self.count = count
    self.level = ActivityLevel(count: count)
  }

  private enum CodingKeys: String, CodingKey {
    case date, count, level
  }

  /// Encodes `date`, `count` and `level` (the level for readers that do not recompute it).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(date, forKey: .date)
    try container.encode(count, forKey: .count)
    try container.encode(level, forKey: .level)
  }

  /// Decodes what ``encode(to:)`` writes.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the count is negative or the stored level is
  ///   not the count's level (never a silent correction).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let date = try container.decode(CivilDate.self, forKey: .date)
    let count = try container.decode(Int.self, forKey: .count)
    let level = try container.decode(ActivityLevel.self, forKey: .level)
    guard count >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .count, in: container, debugDescription: "activity count \(count) on \(date) is negative")
    }
    self.init(date: date, count: count)
    guard self.level == level else {
      throw DecodingError.dataCorruptedError(
        forKey: .level, in: container,
        debugDescription: "activity level \(level) on \(date) does not match count \(count)"
          + " (expected \(self.level))")
    }
  }
}
