extension Array where Element: Comparable {
  /// Whether the elements are in non-decreasing order.
  var isInIncreasingOrder: Bool {
    for index in indices.dropFirst() where self[index] < self[index - 1] { return false }
    return true
  }

  /// Whether this array, in non-decreasing order, holds `element`: a binary search.
  func sortedContains(_ element: Element) -> Bool {
    let index = partitionIndex { $0 >= element }
    return index < count && self[index] == element
  }
}
