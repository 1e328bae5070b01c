extension RandomAccessCollection {
  /// The index of the first element for which `isInSecondPart` holds, in a collection made of a
  /// run of elements for which it fails followed by a run for which it holds (`endIndex` when
  /// none does): a binary search.
  ///
  /// In an array sorted by a key, `partitionIndex { $0.key > k }` is where an element with key
  /// `k` goes after its equals, and the index before it holds the last element with key `k`.
  ///
  /// - Complexity: O(log n).
  func partitionIndex(where isInSecondPart: (Element) -> Bool) -> Index {
    var (low, high) = (startIndex, endIndex)
    while low < high {
      let middle = index(low, offsetBy: distance(from: low, to: high) / 2)
      if isInSecondPart(self[middle]) { high = middle } else { low = index(after: middle) }
    }
    return low
  }
}
