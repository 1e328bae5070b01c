extension SweepShard {
  /// Whether plan number `plan` (from 0, in the order an exploration meets its plans) is this
  /// shard's: an exploration stripes its plans as a sweep stripes its seeds, so shards `1/N …
  /// N/N` hold every plan once.
  func holds(plan: Int) -> Bool { plan % count == index - 1 }
}
