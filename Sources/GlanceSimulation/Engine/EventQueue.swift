public import GlanceKernel

/// The simulator's pending events: a binary min-heap totally ordered by
/// `(time, sequence)`, where `sequence` is a counter assigned at ``push(_:at:)``.
///
/// Events at the same virtual time therefore pop in the order they were scheduled; the order
/// never depends on an event's identity, its hash or the heap's layout (STYLE §35). The queue
/// is bounded: pushing beyond ``capacityMax`` is a precondition failure, never unbounded growth
/// (STYLE §44).
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
  /// One pending event and its key.
  private struct Entry: Sendable {
    var time: Instant
    var sequence: UInt64
    var event: Event

    /// Whether `self` pops before `other`: by time, then by sequence (unique, so total).
    func precedes(_ other: Entry) -> Bool {
      if time != other.time { return time < other.time }
      return sequence < other.sequence
    }
  }

  /// The most events that may be pending at once.
  public let capacityMax: Int

  /// The heap: `entries[i]` precedes neither of its children `2i + 1` and `2i + 2`.
  private var entries: [Entry] = []

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
  public var count: Int { entries.count }

  /// Whether no event is pending.
  public var isEmpty: Bool { entries.isEmpty }

  /// The time of the event ``pop()`` would return, or `nil` when the queue is empty.
  public var nextTime: Instant? { entries.first?.time }

  /// Schedules `event` at `time` and returns its sequence number (0 for the first push, then
  /// 1, 2, …).
  ///
  /// - Precondition: `count < capacityMax`.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func push(_ event: Event, at time: Instant) -> UInt64 {
    precondition(
      entries.count < capacityMax,
      "EventQueue is full: \(entries.count) events pending, capacityMax is \(capacityMax)")
    precondition(nextSequence < UInt64.max, "EventQueue sequence numbers are exhausted")
    let sequence = nextSequence
    nextSequence += 1
    entries.append(Entry(time: time, sequence: sequence, event: event))
    siftUp(from: entries.count - 1)
    return sequence
  }

  /// Removes and returns the earliest event by `(time, sequence)`, or `nil` when the queue is
  /// empty.
  ///
  /// - Complexity: O(log n).
  public mutating func pop() -> (time: Instant, sequence: UInt64, event: Event)? {
    guard !entries.isEmpty else { return nil }
    entries.swapAt(0, entries.count - 1)
    guard let first = entries.popLast() else { return nil }
    if !entries.isEmpty {
      siftDown(from: 0)
      precondition(
        first.precedes(entries[0]),
        "EventQueue popped (\(first.time), \(first.sequence)) after "
          + "(\(entries[0].time), \(entries[0].sequence)) was pending")
    }
    return (first.time, first.sequence, first.event)
  }

  /// Removes every pending event for which `shouldBeRemoved` is true; the rest keep their
  /// times, sequences and order. Used when a process is killed and its pending steps vanish.
  ///
  /// - Complexity: O(n).
  public mutating func removeAll(where shouldBeRemoved: (Event) -> Bool) {
    let countBefore = entries.count
    entries.removeAll { shouldBeRemoved($0.event) }
    precondition(entries.count <= countBefore, "removeAll(where:) added events")
    guard entries.count < countBefore else { return }
    // Floyd's bottom-up heap construction: sift down every parent, last first.
    for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) {
      siftDown(from: index)
    }
    #if GLANCE_INTERNAL_CHECKS
      _checkInvariants()
    #endif
  }

  /// Checks the heap order, the capacity and that every sequence was issued; O(n). A test hook,
  /// and run after `removeAll(where:)` when `GLANCE_INTERNAL_CHECKS` is on.
  package func _checkInvariants() {
    precondition(
      entries.count <= capacityMax,
      "EventQueue holds \(entries.count) events, above capacityMax \(capacityMax)")
    for index in entries.indices {
      precondition(
        entries[index].sequence < nextSequence,
        "EventQueue entry \(index) has sequence \(entries[index].sequence), never issued")
      let parent = (index - 1) / 2
      if index > 0 {
        precondition(
          entries[parent].precedes(entries[index]),
          "EventQueue heap order broken between positions \(parent) and \(index)")
      }
    }
  }

  private mutating func siftUp(from start: Int) {
    precondition(entries.indices.contains(start), "siftUp from \(start) outside the heap")
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[child].precedes(entries[parent]) else { break }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(from start: Int) {
    precondition(entries.indices.contains(start), "siftDown from \(start) outside the heap")
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < entries.count else { return }
      let right = left + 1
      var earliest = left
      if right < entries.count && entries[right].precedes(entries[left]) {
        earliest = right
      }
      guard entries[earliest].precedes(entries[parent]) else { return }
      entries.swapAt(parent, earliest)
      parent = earliest
    }
  }
}
