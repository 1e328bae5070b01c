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

  /// The ids every `remove` among `events` targets, sorted (repeats kept).
  static func removalTargets(of events: [Event]) -> [EventID] {
    var targets: [EventID] = []
    for event in events {
      if case .remove(let target) = event.kind { targets.append(target) }
    }
    return targets.sorted()
  }

  /// Calls `body` with each of `events` (a replica's, in id order) that no id of `targets`
  /// (sorted) names, in order: the two are walked side by side, so no id is hashed.
  static func forEachUntargeted(_ events: [Event], targets: [EventID], _ body: (Event) -> Void) {
    var next = 0
    for event in events {
      while next < targets.count, targets[next] < event.id { next += 1 }
      if next < targets.count, targets[next] == event.id { continue }
      body(event)
    }
  }
}
