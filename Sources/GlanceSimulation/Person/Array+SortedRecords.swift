extension Array where Element == Record {
  /// Inserts `record` in order, searching from the end: actions come in time order, so this is
  /// an append in the common case.
  mutating func insertSorted(_ record: Record) {
    var index = count
    while index > 0, record < self[index - 1] { index -= 1 }
    insert(record, at: index)
  }

  /// Removes `record`, which the sorted array holds.
  mutating func removeSorted(_ record: Record) {
    let index = partitionIndex { $0 >= record }
    precondition(index < count && self[index] == record, "\(record) is not live")
    remove(at: index)
  }
}
