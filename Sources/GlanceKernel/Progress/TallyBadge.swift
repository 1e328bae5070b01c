/// What the tally widget and the watch show: today's count and its status band (one band rule
/// for every surface, `StatusBand`).
///
/// ## Laws
/// - `band == StatusBand(count: count, limit: limit)` for the limit it was made with.
public struct TallyBadge: Hashable, Sendable {
  public let count: Int
  public let band: StatusBand

  /// The badge of `count` events against the daily `limit`.
  public init(count: Int, limit: Int) {
    self.count = count
    self.band = StatusBand(count: count, limit: limit)
  }
}
