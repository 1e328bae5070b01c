public import GlanceKernel

/// The simulator's pending events: a binary min-heap totally ordered by
/// `(time, sequence)`, where `sequence` is a counter assigned at ``push(_:at:)``.
///
/// Events at the same virtual time therefore pop in the order they were scheduled; the order
/// never depends on an event's identity, its hash or the heap's layout (CONTRIBUTING.md, Queue order). The queue
/// is bounded: pushing beyond ``capacityMax`` is a precondition failure, never unbounded growth
/// (CONTRIBUTING.md, Bounds: broken, not unlucky).
///
/// ```swift
/// var queue = EventQueue<String>(capacityMax: 1_000)
/// queue.push("reload", at: Instant(millisecondsSince1970: 60_000))
/// queue.push("write", at: Instant(millisecondsSince1970: 0))
/// queue.pop()?.event  // "write"
/// ```
///
/// ## Laws
/// - Pops come out in ascending `(time, sequence)` order: the same order as sorting every pushed
///   event by that key, for any sequence of pushes (and pops in between, relative to what is
///   pending).
/// - Events with equal times pop in push order.
/// - Sequences are `0, 1, 2, …` in push order, and are never reused (not even after `pop` or
///   `removeAll(where:)`).
/// - `removeAll(where:)` removes exactly the matching events and keeps the order of the rest.
/// - `count <= capacityMax`; a push at `count == capacityMax` is a precondition failure.
public struct EventQueue<Event: Sendable>: Sendable {
  /// One pending event's key and where its event is kept. Trivial (no reference counting), so
  /// the heap's swaps copy 24 bytes whatever the events hold.
  private struct Key: Sendable {
    var time: Instant
    var sequence: UInt64
    /// The event's index in `slots`.
    var slot: Int

    /// Whether `self` pops before `other`: by time, then by sequence (unique, so total).
    func precedes(_ other: Key) -> Bool {
      if time != other.time { return time < other.time }
      return sequence < other.sequence
    }
  }

  /// The most events that may be pending at once.
  public let capacityMax: Int

  /// The heap: `keys[i]` precedes neither of its children `2i + 1` and `2i + 2`.
  private var keys: [Key] = []
  /// The pending events, by slot; a popped event's slot is `nil` until reused.
  private var slots: [Event?] = []
  /// Slots free for reuse.
  private var freeSlots: [Int] = []

  /// The sequence the next push gets.
  private var nextSequence: UInt64 = 0

  /// An empty queue that holds at most `capacityMax` pending events.
  ///
  /// - Precondition: `capacityMax > 0`.
  public init(capacityMax: Int) {
    precondition(capacityMax > 0, "EventQueue capacityMax must be positive (got \(capacityMax))")
    self.capacityMax = capacityMax
  }

  /// The number of pending events.
  public var count: Int { keys.count }

  /// Whether no event is pending.
  public var isEmpty: Bool { keys.isEmpty }

  /// The time of the event ``pop()`` would return, or `nil` when the queue is empty.
  public var nextTime: Instant? { keys.first?.time }

  /// Feeds `hasher` the pending events in the order they pop, each with its time but not its
  /// sequence (which numbers pushes since the start: only the order it gives decides), each
  /// event fed by `feed`. For a fingerprint of a simulation's state.
  ///
  /// - Complexity: O(n log n).
  func fingerprint(into hasher: inout StateHasher, feeding feed: (Event, inout StateHasher) -> Void) {
    let order = keys.sorted { $0.precedes($1) }
    hasher.combine(order.count)
    for key in order {
      guard let event = slots[key.slot] else { preconditionFailure("the queue's slot \(key.slot) held no event") }
      hasher.combine(key.time)
      feed(event, &hasher)
    }
  }

  /// Schedules `event` at `time` and returns its sequence number (0 for the first push, then
  /// 1, 2, …).
  ///
  /// - Precondition: `count < capacityMax`.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func push(_ event: consuming Event, at time: Instant) -> UInt64 {
    precondition(
      keys.count < capacityMax,
      "EventQueue is full: \(keys.count) events pending, capacityMax is \(capacityMax)")
    precondition(nextSequence < UInt64.max, "EventQueue sequence numbers are exhausted")
    let sequence = nextSequence
    nextSequence += 1
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      slots[slot] = event
    } else {
      slot = slots.count
      slots.append(event)
    }
    keys.append(Key(time: time, sequence: sequence, slot: slot))
    siftUp(keys.count - 1)
    return sequence
  }

  /// Removes and returns the earliest event by `(time, sequence)`, or `nil` when the queue is
  /// empty.
  ///
  /// - Complexity: O(log n).
  public mutating func pop() -> (time: Instant, sequence: UInt64, event: Event)? {
    guard let last = keys.popLast() else { return nil }
    var first = last
    if !keys.isEmpty {
      // The last key fills the root's place and sinks to where it belongs.
      first = keys[0]
      siftDown(last, from: 0)
    }
    guard let event = takeEvent(in: first.slot) else { return nil }
    if !keys.isEmpty {
      precondition(
        first.precedes(keys[0]),
        "EventQueue popped (\(first.time), \(first.sequence)) after "
          + "(\(keys[0].time), \(keys[0].sequence)) was pending")
    }
    return (first.time, first.sequence, event)
  }

  /// How many pending events are due at the earliest pending time (0 when the queue is empty):
  /// the events ``pop(position:)`` chooses among.
  ///
  /// - Complexity: O(k), where k is that count (only the heap's nodes due then are visited).
  public func simultaneousCount() -> Int {
    var count = 0
    _ = walkSimultaneous { _ in
      count += 1
      return true
    }
    return count
  }

  /// Whether `predicate` holds for every pending event due at the earliest pending time (the
  /// events ``simultaneousCount()`` counts; `true` when the queue is empty).
  ///
  /// - Complexity: O(k), where k is that count.
  public func simultaneous(allSatisfy predicate: (Event) -> Bool) -> Bool {
    walkSimultaneous { index in
      guard let event = slots[keys[index].slot] else { return false }
      return predicate(event)
    }
  }

  /// Visits the heap's indices of the pending events due at the earliest pending time (in no
  /// particular order) until `visit` answers `false`; whether it never did (`true` when the
  /// queue is empty). The root is visited first, and a worklist is made only when one of its
  /// children is due too: most instants hold one event.
  private func walkSimultaneous(_ visit: (Int) -> Bool) -> Bool {
    guard let time = keys.first?.time else { return true }
    guard visit(0) else { return false }
    var pending: [Int] = []
    var index = 0
    while true {
      for child in 2 * index + 1...2 * index + 2 where child < keys.count && keys[child].time == time {
        pending.append(child)
      }
      guard let next = pending.popLast() else { return true }
      guard visit(next) else { return false }
      index = next
    }
  }

  /// Removes and returns the event at `position` among those due at the earliest pending time,
  /// by sequence (position 0 is what ``pop()`` returns); the others stay pending with their
  /// times and sequences.
  ///
  /// - Precondition: `position < simultaneousCount()`.
  /// - Complexity: O((position + 1) log n).
  public mutating func pop(position: Int) -> (time: Instant, sequence: UInt64, event: Event)? {
    guard position > 0 else { return pop() }
    precondition(position < simultaneousCount(), "no event at position \(position) among those due first")
    var passed: [Key] = []
    for _ in 0..<position { passed.append(popKey()) }
    let chosen = popKey()
    precondition(chosen.time == passed[0].time, "the chosen event is due with those before it")
    for key in passed {
      keys.append(key)
      siftUp(keys.count - 1)
    }
    guard let event = takeEvent(in: chosen.slot) else { return nil }
    return (chosen.time, chosen.sequence, event)
  }

  /// Removes the earliest key from the heap, its event left in its slot.
  private mutating func popKey() -> Key {
    guard let last = keys.popLast() else { preconditionFailure("popKey on an empty EventQueue") }
    guard !keys.isEmpty else { return last }
    let first = keys[0]
    siftDown(last, from: 0)
    return first
  }

  /// The event in `slot`, which becomes free.
  private mutating func takeEvent(in slot: Int) -> Event? {
    let event = slots[slot].take()
    precondition(event != nil, "EventQueue slot \(slot) held no event")
    freeSlots.append(slot)
    return event
  }

  /// Removes every pending event for which `shouldBeRemoved` is true; the rest keep their
  /// times, sequences and order. Used when a process is killed and its pending steps vanish.
  ///
  /// - Complexity: O(n).
  public mutating func removeAll(where shouldBeRemoved: (Event) -> Bool) {
    let countBefore = keys.count
    var kept: [Key] = []
    kept.reserveCapacity(keys.count)
    for key in keys {
      guard let event = slots[key.slot] else { preconditionFailure("EventQueue slot \(key.slot) held no event") }
      if shouldBeRemoved(event) {
        _ = takeEvent(in: key.slot)
      } else {
        kept.append(key)
      }
    }
    keys = kept
    guard keys.count < countBefore else { return }
    // Floyd's bottom-up heap construction: sift down every parent, last first.
    for index in stride(from: keys.count / 2 - 1, through: 0, by: -1) {
      siftDown(keys[index], from: index)
    }
    #if GLANCE_INTERNAL_CHECKS
      _checkInvariants()
    #endif
  }

  /// Checks the heap order, the capacity, the slots and that every sequence was issued; O(n).
  /// A test hook, and run after `removeAll(where:)` when `GLANCE_INTERNAL_CHECKS` is on.
  package func _checkInvariants() {
    precondition(
      keys.count <= capacityMax,
      "EventQueue holds \(keys.count) events, above capacityMax \(capacityMax)")
    precondition(
      keys.count + freeSlots.count == slots.count,
      "EventQueue has \(keys.count) keys and \(freeSlots.count) free slots of \(slots.count)")
    for index in keys.indices {
      precondition(
        keys[index].sequence < nextSequence,
        "EventQueue entry \(index) has sequence \(keys[index].sequence), never issued")
      precondition(slots[keys[index].slot] != nil, "EventQueue entry \(index) has an empty slot")
      let parent = (index - 1) / 2
      if index > 0 {
        precondition(
          keys[parent].precedes(keys[index]),
          "EventQueue heap order broken between positions \(parent) and \(index)")
      }
    }
  }

  /// Moves the key at `start` up to where it belongs: its earlier ancestors move down one level
  /// each into the hole it leaves (a move per level, not a swap), in the keys' buffer.
  private mutating func siftUp(_ start: Int) {
    precondition(keys.indices.contains(start), "siftUp from \(start) outside the heap")
    keys.withUnsafeMutableBufferPointer { keys in
      let moving = keys[start]
      var hole = start
      while hole > 0 {
        let parent = (hole - 1) / 2
        guard moving.precedes(keys[parent]) else { break }
        keys[hole] = keys[parent]
        hole = parent
      }
      keys[hole] = moving
    }
  }

  /// Puts `moving` at `start` and lets it sink to where it belongs: the earlier child of the hole
  /// moves up one level each time (a move per level, not a swap), in the keys' buffer.
  private mutating func siftDown(_ moving: Key, from start: Int) {
    precondition(keys.indices.contains(start), "siftDown from \(start) outside the heap")
    keys.withUnsafeMutableBufferPointer { keys in
      var hole = start
      while true {
        let left = 2 * hole + 1
        guard left < keys.count else { break }
        let right = left + 1
        let earliest = right < keys.count && keys[right].precedes(keys[left]) ? right : left
        guard keys[earliest].precedes(moving) else { break }
        keys[hole] = keys[earliest]
        hole = earliest
      }
      keys[hole] = moving
    }
  }
}
