/// The options of an exploration that change which schedules it plays, and so its figures:
/// written in its manifest, and equal in every shard a merge accepts.
///
/// The elapsed time and `--jobs` are not among them: the tree and its figures do not depend on
/// them (with ``maxSchedules``, each job stops after that many schedules of its own).
///
/// ## Laws
/// - ``fields`` lists every stored option once, by the name the manifest and the report show:
///   a merge compares shards by it, so an option added here is checked by adding it there.
public struct ExplorationOptions: Hashable, Sendable, Codable {
  /// Each shard (and each job) stopped at its first schedule that broke an invariant.
  public var firstViolation: Bool
  /// Each shard (and each job) stopped after this many schedules; `nil` for no limit.
  public var maxSchedules: Int?

  /// The options `firstViolation` and `maxSchedules`.
  public init(firstViolation: Bool, maxSchedules: Int?) {
    self.firstViolation = firstViolation
    self.maxSchedules = maxSchedules
  }

  /// Every option, as a name and its value in words (`none` for no limit), in a fixed order.
  public var fields: [(name: String, value: String)] {
    [
      ("first violation", firstViolation ? "yes" : "no"),
      ("max schedules", maxSchedules.map(String.init) ?? "none"),
    ]
  }
}
