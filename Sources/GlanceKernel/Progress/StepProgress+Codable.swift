extension StepProgress: Codable {
  private enum CodingKeys: String, CodingKey {
    case tasks, completions
  }

  /// One completed step, for the encoded form.
  private struct Completion: Codable {
    let step: StepID
    let completedAt: Instant
  }

  /// Encodes `tasks` (in list order) and `completions` as an array of `{step, completedAt}`
  /// sorted by step id, so that the bytes never depend on dictionary order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(tasks, forKey: .tasks)
    let sortedCompletions = completions.sorted { $0.key < $1.key }.map {
      Completion(step: $0.key, completedAt: $0.value)
    }
    try container.encode(sortedCompletions, forKey: .completions)
  }

  /// Decodes what ``encode(to:)`` writes, through ``init(tasks:completions:)``.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the tasks repeat an id (the
  ///   ``ProgressError`` is in the description), a step is listed twice in `completions`, or a
  ///   completion names no step of the tasks (an encoded progress never holds one).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let tasks = try container.decode([StepTask].self, forKey: .tasks)
    let list = try container.decode([Completion].self, forKey: .completions)
    var completions: [StepID: Instant] = [:]
    for completion in list {
      guard completions.updateValue(completion.completedAt, forKey: completion.step) == nil else {
        throw DecodingError.dataCorruptedError(
          forKey: .completions, in: container,
          debugDescription: "step \(completion.step) is completed twice")
      }
    }
    do {
      try self.init(tasks: tasks, completions: completions)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .tasks, in: container, debugDescription: error.description)
    }
    guard self.completions.count == completions.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .completions, in: container,
        debugDescription: "\(completions.count - self.completions.count) completions name no step"
          + " of the tasks")
    }
  }
}
