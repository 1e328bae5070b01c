// Dated snapshots travel through App Group defaults and WatchConnectivity, so they are Codable.
// Decoding goes through the checking initializers: corrupted figures are a `DecodingError`
// carrying the `SnapshotError`, never a snapshot that shows wrong numbers.

extension TallySnapshot: Codable {
  private enum CodingKeys: String, CodingKey {
    case asOf, dayKey, todayCount
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(asOf, forKey: .asOf)
    try container.encode(dayKey, forKey: .dayKey)
    try container.encode(todayCount, forKey: .todayCount)
  }

  /// Decodes and checks: the count is not negative and the day key is the day of `asOf` in the
  /// key's own zone.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let dayKey = try container.decode(DayKey.self, forKey: .dayKey)
    let calendar = try calendarOfDecoded(dayKey, in: container, key: .dayKey)
    do {
      try self.init(
        asOf: try container.decode(Instant.self, forKey: .asOf), dayKey: dayKey,
        todayCount: try container.decode(Int.self, forKey: .todayCount), calendar: calendar)
    } catch let error as SnapshotError {
      throw DecodingError.dataCorruptedError(forKey: .todayCount, in: container, debugDescription: error.description)
    }
  }
}

extension StepsSnapshot: Codable {
  private enum CodingKeys: String, CodingKey {
    case asOf, dayKey, completedToday, totalSteps, completedTasks, totalTasks, recentActivity, nextStep
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(asOf, forKey: .asOf)
    try container.encode(dayKey, forKey: .dayKey)
    try container.encode(completedToday, forKey: .completedToday)
    try container.encode(totalSteps, forKey: .totalSteps)
    try container.encode(completedTasks, forKey: .completedTasks)
    try container.encode(totalTasks, forKey: .totalTasks)
    try container.encode(recentActivity, forKey: .recentActivity)
    try container.encodeIfPresent(nextStep, forKey: .nextStep)
  }

  /// Decodes and checks every figure (see the checking initializer).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let dayKey = try container.decode(DayKey.self, forKey: .dayKey)
    let calendar = try calendarOfDecoded(dayKey, in: container, key: .dayKey)
    do {
      try self.init(
        asOf: try container.decode(Instant.self, forKey: .asOf), dayKey: dayKey,
        completedToday: try container.decode(Int.self, forKey: .completedToday),
        totalSteps: try container.decode(Int.self, forKey: .totalSteps),
        completedTasks: try container.decode(Int.self, forKey: .completedTasks),
        totalTasks: try container.decode(Int.self, forKey: .totalTasks),
        recentActivity: try container.decode([ActivityDay].self, forKey: .recentActivity),
        nextStep: try container.decodeIfPresent(NextStep.self, forKey: .nextStep), calendar: calendar)
    } catch let error as SnapshotError {
      throw DecodingError.dataCorruptedError(forKey: .recentActivity, in: container, debugDescription: error.description)
    }
  }
}

/// The calendar of a decoded day key's zone, or a `DecodingError` naming the unknown zone.
private func calendarOfDecoded<Key: CodingKey>(
  _ dayKey: DayKey, in container: KeyedDecodingContainer<Key>, key: Key
) throws -> ZoneCalendar {
  do {
    return try ZoneCalendar(identifier: dayKey.zoneIdentifier)
  } catch {
    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
  }
}
