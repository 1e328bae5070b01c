import GlanceKernel

/// A multiset of instants kept sorted, so that "how many today" is two binary searches: what the
/// checker and the stores count after every event.
///
/// ## Laws
/// - `values` is sorted; inserting then removing an instant restores it.
/// - `count(in: day)` is the number of values `v` with `day.start <= v < day.end`.
struct SortedInstants: Hashable, Sendable {
  private(set) var values: [Instant] = []

  var count: Int { values.count }

  /// The first index whose value is not below `instant`.
  private func lowerBound(_ instant: Instant) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if values[middle] < instant { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Inserts `instant` (after any equal ones). Appending in order costs O(1).
  mutating func insert(_ instant: Instant) {
    if let last = values.last, last > instant {
      values.insert(instant, at: lowerBound(instant.advanced(by: 1)))
    } else {
      values.append(instant)
    }
  }

  mutating func insert(contentsOf instants: [Instant]) {
    for instant in instants { insert(instant) }
  }

  /// Removes one occurrence of `instant`; `false` when there is none.
  @discardableResult
  mutating func remove(_ instant: Instant) -> Bool {
    let index = lowerBound(instant)
    guard index < values.count, values[index] == instant else { return false }
    values.remove(at: index)
    return true
  }

  /// How many values fall in `day`.
  func count(in day: DayInterval) -> Int {
    lowerBound(day.end) - lowerBound(day.start)
  }

  /// The values in `day`, in order.
  func values(in day: DayInterval) -> ArraySlice<Instant> {
    values(in: day.start..<day.end)
  }

  /// The values in `range`, in order.
  func values(in range: Range<Instant>) -> ArraySlice<Instant> {
    values[lowerBound(range.lowerBound)..<lowerBound(range.upperBound)]
  }
}
