/// Staleness of one surface: the intervals during which it disagreed with the truth.
public struct StalenessFigures: Hashable, Sendable {
  public let surface: Surface
  /// Every interval's length in milliseconds, sorted.
  public let intervals: [Int64]

  public var count: Int { intervals.count }
  /// The nearest-rank percentile `p` (0…100) in milliseconds, 0 when there is none.
  public func percentile(_ p: Int) -> Int64 {
    guard !intervals.isEmpty else { return 0 }
    let rank = max(1, (p * intervals.count + 99) / 100)
    return intervals[min(rank, intervals.count) - 1]
  }
  public var maximum: Int64 { intervals.last ?? 0 }
}
