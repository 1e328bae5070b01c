import GlanceKernel

/// What ``TallyDigestFold`` keeps of one log: the events of its digest window at a change count,
/// and every removal it holds, by target.
///
/// ## Laws
/// - ``events`` is `Replica.slice(from..<max).events` of the log at ``count``: strictly
///   increasing by id, every event dated at or after ``from`` and every removal of one of them.
/// - ``eventBytes`` is the sum of the `Event.wireByteCount` of ``events``.
/// - ``removals`` holds every removal of the log at ``count`` under its target (looked up,
///   never iterated).
/// - `fold(added, count: c, from: f)`, for the events `added` between ``count`` and `c` and
///   `f >= from`, gives the window of the log at `c` from `f`.
struct TallyDigestWindow {
  /// The log the window is of.
  let log: ObjectIdentifier
  /// The log's change count the window is of.
  private(set) var count: Int
  /// The window's start.
  private(set) var from: Instant
  /// The window's events, in id order.
  private(set) var events: [Event]
  /// The bytes the window's events take in the wire format (the sum of their
  /// `Event.wireByteCount`), kept as events come and go.
  private(set) var eventBytes = 0
  /// Every removal of the log, by target.
  private var removals: [EventID: [Event]] = [:]

  /// The window `window` from `from` (`Replica.slice(from..<max).events`) of a log (`log`, at
  /// `count`) whose events are `all`, both in id order.
  init(log: ObjectIdentifier, count: Int, from: Instant, window: [Event], all: [Event]) {
    assert(window == Replica.sliceEvents(all, from: from), "a window is the slice of its log")
    self.log = log
    self.count = count
    self.from = from
    self.events = window
    // Through the buffers, so that the events are read in place, not copied.
    eventBytes = window.withUnsafeBufferPointer { buffer in
      var sum = 0
      guard let first = buffer.baseAddress else { return sum }
      for index in buffer.indices { sum += Event.wireByteCount(at: first + index) }
      return sum
    }
    removals = all.withUnsafeBufferPointer { buffer in
      var removals: [EventID: [Event]] = [:]
      guard let first = buffer.baseAddress else { return removals }
      for index in buffer.indices {
        if case .remove(let target) = (first + index).pointee.kind { removals[target, default: []].append(buffer[index]) }
      }
      return removals
    }
  }

  /// Moves the window to start at `newFrom` and adds the events `added` to the log since
  /// ``count`` (each new to the log), which is now at `newCount`.
  ///
  /// - Complexity: O(n) for a window of n events, plus O(a log n) for `a` added.
  mutating func fold(_ added: [Event], count newCount: Int, from newFrom: Instant) {
    precondition(newFrom >= from, "a window moves forward only: \(newFrom) is before \(from)")
    precondition(newCount >= count, "a change count grows: \(newCount) is below \(count)")
    // The slice of a slice is the slice of the smaller range: every event of the new window the
    // log held before is in the old one (its own instant, or its target's, is inside).
    if newFrom > from { cut(from: newFrom) }
    for event in added {
      if case .remove(let target) = event.kind { removals[target, default: []].append(event) }
    }
    var arrivals: [Event] = []
    for event in added where event.instant >= newFrom {
      // Inside, with every removal that targets it, whenever it was written and dated.
      arrivals.append(event)
      arrivals += removals[event.id] ?? []
    }
    for event in added where event.instant < newFrom {
      // A removal dated before the window belongs to it when its target is inside.
      guard case .remove(let target) = event.kind else { continue }
      if let found = Self.event(target, in: events) ?? arrivals.first(where: { $0.id == target }),
        found.instant >= newFrom
      {
        arrivals.append(event)
      }
    }
    for event in arrivals { insert(event) }
    count = newCount
    from = newFrom
  }

  /// Inserts `event` in id order, unless an event with its id is there (a removal reached twice).
  private mutating func insert(_ event: Event) {
    let index = Self.insertionIndex(of: event.id, in: events)
    if index < events.count, events[index].id == event.id {
      precondition(events[index] == event, "two events with id \(event.id) in one log")
      return
    }
    events.insert(event, at: index)
    eventBytes += event.wireByteCount
  }

  /// Cuts ``events`` to `Replica.slice(from..<max).events`, when they are a slice from an
  /// earlier instant: keeps the events dated at or after `from`, and the removals whose target
  /// is one of them. Reads only the events' fields (no event is copied), and moves none when
  /// none leaves.
  private mutating func cut(from: Instant) {
    let leaving = events.withUnsafeBufferPointer { buffer in
      var leaving: [Int] = []
      for index in buffer.indices where buffer[index].instant < from {
        if case .remove(let target) = buffer[index].kind {
          let found = Replica.insertionIndex(of: target, in: buffer)
          if found < buffer.count, buffer[found].id == target, buffer[found].instant >= from { continue }
        }
        leaving.append(index)
      }
      return leaving
    }
    // From the last, so that the indices still to remove stay in place.
    for index in leaving.reversed() { eventBytes -= events.remove(at: index).wireByteCount }
  }

  /// The event of `events` (in strictly increasing id order) with id `id`, found by binary search.
  static func event(_ id: EventID, in events: [Event]) -> Event? {
    let index = insertionIndex(of: id, in: events)
    return index < events.count && events[index].id == id ? events[index] : nil
  }

  /// The index of the first event of `events` (in strictly increasing id order) whose id is not
  /// below `id`.
  static func insertionIndex(of id: EventID, in events: [Event]) -> Int {
    events.withUnsafeBufferPointer { Replica.insertionIndex(of: id, in: $0) }
  }
}
