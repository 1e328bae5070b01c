/// Where a device keeps its replica: the kernel's ``Replica`` in memory, or a durable store such
/// as GlanceStore's SQLite `EventStore`. Code written against `EventLog` (a sync design, a test)
/// runs unchanged on either, and every figure is still computed by the kernel, from a
/// ``Replica`` the log hands out.
///
/// ```swift
/// func tap(into log: inout some EventLog, _ event: Event, zurich: ZoneCalendar) throws -> Int {
///   _ = try log.record(event)
///   let today = zurich.dayInterval(containing: event.instant)
///   return try log.replica(in: today.start..<today.end).count(on: today.date, in: zurich)
/// }
/// ```
///
/// ## Laws (every conformer)
/// - `record` and `receive` are the replica's `insert`: after any sequence of them, in any order
///   and with any repeats, ``replica()`` equals `Replica(events:)` of the events written.
/// - Idempotence: writing an event the log holds, identical, changes nothing and is reported as
///   not new; a different event under a held id throws and changes nothing.
/// - Slices agree with the whole: `replica(in: r)` is ``Replica/slice(_:)`` of ``replica()``, so
///   every figure that only looks at events inside `r` (today's count when `r` holds today, the
///   completions made since `r.lowerBound`) is the same on the slice as on the whole log.
/// - A write that throws a ``DeferrableWriteError`` whose `deferral` is not `nil` (a store shared
///   by processes, suspended or busy) stored nothing, and the same write succeeds later.
public protocol EventLog {
  /// Records an event written on this device (an app tap, a widget intent's tap, a delete).
  ///
  /// - Returns: `true` when the event was new.
  mutating func record(_ event: Event) throws -> Bool

  /// Inserts events that came from the peer device, de-duplicated by id.
  ///
  /// - Returns: How many of them were new (a repeat inside `events` counts once).
  mutating func receive(_ events: [Event]) throws -> Int

  /// Every event the log holds.
  func replica() throws -> Replica

  /// The events whose instant lies in `instants`, with every tombstone that targets one of them
  /// (``Replica/slice(_:)``).
  func replica(in instants: Range<Instant>) throws -> Replica
}

extension Replica: EventLog {
  @discardableResult
  public mutating func record(_ event: Event) throws(ReplicationError) -> Bool {
    let before = count
    try insert(event)
    return count > before
  }

  @discardableResult
  public mutating func receive(_ events: [Event]) throws(ReplicationError) -> Int {
    let before = count
    var merged = self
    for event in events { try merged.insert(event) }
    self = merged  // all or nothing, as a store's transaction
    return count - before
  }

  public func replica() -> Replica { self }

  public func replica(in instants: Range<Instant>) -> Replica { slice(instants) }

  /// The events whose instant lies in `instants`, and every `remove` event that targets one of
  /// them (whatever its own instant).
  ///
  /// An event inside `instants` is live in the slice exactly when it is live in `self`, so:
  /// - `slice(r).liveAdds == liveAdds.filter { r.contains($0.instant) }`, hence
  ///   `slice(day).count(on: date, in: calendar) == count(on: date, in: calendar)` for the day's
  ///   own interval;
  /// - `slice(t..<.max).stepCompletions == stepCompletions.filter { $0.value >= t }` (a step's
  ///   latest toggle is in the slice exactly when it is at or after `t`).
  ///
  /// - Complexity: O(n + r log n) for n events and r removals dated outside `instants` (each
  ///   looks its target up by binary search over the events, which are in id order).
  public func slice(_ instants: Range<Instant>) -> Replica {
    let kept = events.filter { event in
      if instants.contains(event.instant) { return true }
      if case .remove(let target) = event.kind, let targeted = self.event(withID: target) {
        return instants.contains(targeted.instant)
      }
      return false
    }
    do {
      return try Replica(events: kept)  // a sub-list of a replica's events: O(n), never throws
    } catch {
      preconditionFailure("a replica's events have distinct ids: \(error)")
    }
  }
}
