extension Array {
  /// The index of the first element for which `isInSecondPart` holds, in an array made of a run
  /// of elements for which it fails followed by a run for which it holds (`count` when none
  /// does): a binary search.
  ///
  /// In an array sorted by a key, `partitionIndex { $0.key > k }` is where an element with key
  /// `k` goes after its equals, and the index before it holds the last element with key `k`.
  ///
  /// - Complexity: O(log n).
  func partitionIndex(where isInSecondPart: (Element) -> Bool) -> Int {
    var (low, high) = (0, count)
    while low < high {
      let middle = low + (high - low) / 2
      if isInSecondPart(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
