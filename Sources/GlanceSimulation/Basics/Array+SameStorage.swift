extension Array {
  /// Whether `self` and `other` are the same buffer: the same number of elements at the same
  /// address. O(1), and implies equal contents (a buffer shared by two arrays is never written:
  /// a write first copies it); the converse does not hold.
  func hasSameStorage(as other: [Element]) -> Bool {
    count == other.count
      && withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress } }
  }
}
