import GlanceKernel

/// What the folds of a change feed share (``LiveAddTally``, ``ExpenseSums``).
enum FeedFold {
  /// The event `target` as a fold has already counted it, when a removal at `position` of the
  /// feed `added` takes it out: the log's event with that id, unless it is still to come in
  /// `added` (the fold then skips it, as removed, when it comes) or the log does not hold it
  /// (a tombstone before its target). `replica` is the log read once for a whole feed.
  ///
  /// - Throws: what the log throws.
  static func folded(
    _ target: EventID, before position: Int, of added: [Event], in log: some EventLog, replica: inout Replica?
  ) throws -> Event? {
    if added[(position + 1)...].contains(where: { $0.id == target }) { return nil }
    if replica == nil { replica = try log.replica() }
    return replica?.event(withID: target)
  }

  /// Every id a `remove` of `replica` targets: what a fold made anew starts from.
  static func removalTargets(of replica: Replica) -> Set<EventID> {
    Set(replica.removalTargets)
  }
}
