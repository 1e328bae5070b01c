public import GlanceKernel

/// The writes an engine made that its event log deferred (it was suspended, or another process
/// held it too long: a `DeferrableWriteError`), kept in the order they were made until the log
/// takes them.
///
/// Every engine hands each of its writes to its log through its `PendingWrites`
/// (``write(_:to:counting:)``): while nothing waits, the write goes straight to the log, exactly as
/// without it; once the log defers one, that write and every later one wait, in order, and the
/// engine's next call (its next write, or its `retryPendingWrites`) hands them to the log again
/// before anything else.
///
/// What is guaranteed, and what is not: the waiting writes live in the engine's memory. They are
/// committed at the engine's next call after the log is resumed, in the order they were made,
/// each once. A process killed while writes wait loses them, unless the app saved
/// ``PendingWrites`` (it is `Codable`) somewhere a kill spares and that takes no lock on the
/// App Group database (the app's own container), and hands it to its next engine. A watch's
/// tap is also queued on `transferUserInfo` at once, so the phone's digest brings it back.
///
/// ## Laws
/// - Order: writes reach the log in the order they were made; no write is handed to the log
///   while an earlier one waits.
/// - Nothing lost: a write leaves only when the log took it, or refused it for good (its error
///   is thrown to the caller, as a write without `PendingWrites` would have been).
/// - Once: a write whose events all wait already is not kept again, and a log keeps an event
///   once by id, so a write handed twice counts once.
/// - No change where nothing defers: with a log that never defers (the kernel's `Replica`), the
///   log sees exactly the calls it would have seen without `PendingWrites`, and nothing waits.
/// - Bounded: never more than ``capacity`` writes wait; beyond that a deferred write throws
///   ``PendingWritesError/full(capacity:deferral:event:)``, kept nowhere.
public struct PendingWrites: Sendable, Hashable {
  /// The writes waiting, oldest first.
  public internal(set) var writes: [PendingWrite] = []

  /// How many writes may wait at most: far more than a person makes while an app goes to the
  /// background (or while another process holds the store a few seconds), far fewer than would
  /// weigh on memory. More means the log is never resumed (an app that forgot `EventStore.resumeAll()`),
  /// which the app must hear about rather than have the writes pile up.
  public static let capacity = 256

  /// Nothing waiting.
  public init() {}

  /// Whether no write waits.
  public var isEmpty: Bool { writes.isEmpty }

  /// The number of writes waiting.
  public var count: Int { writes.count }

  /// The events of the writes waiting, in order.
  public var events: [Event] { writes.flatMap(\.events) }

  /// Hands `write` to `log` behind the writes waiting: first those (``commit(to:counting:)``),
  /// then `write` when none waits any more; a write the log defers waits for the next call.
  ///
  /// `changes` grows by one for each write the log takes that adds an event it did not hold,
  /// as it is taken, so it is right even when a later write throws.
  ///
  /// - Returns: Why the log deferred the first write still waiting, or `nil` when none waits
  ///   (then `write` was taken).
  /// - Throws: what the log throws for a write it refuses for good (that write is dropped, the
  ///   ones after it still wait; `write` is then neither taken nor kept);
  ///   ``PendingWritesError/full(capacity:deferral:event:)`` when `write` must wait and
  ///   ``capacity`` writes already do.
  @discardableResult
  public mutating func write(
    _ write: PendingWrite, to log: inout some EventLog, counting changes: inout Int
  ) throws -> WriteDeferral? {
    if let deferral = try commit(to: &log, counting: &changes) {
      // The log defers still: `write` waits behind the others, without a vain call.
      try keep(write, deferral: deferral)
      return deferral
    }
    do {
      if try write.write(to: &log) > 0 { changes += 1 }
      return nil
    } catch {
      guard let deferral = WriteDeferral(error) else { throw error }
      try keep(write, deferral: deferral)
      return writes.isEmpty ? nil : deferral
    }
  }

  /// Hands the writes waiting to `log`, oldest first, until the log defers one (it and the later
  /// ones wait on) or none is left. Makes no call when none waits.
  ///
  /// `changes` grows by one for each write taken that adds an event the log did not hold.
  ///
  /// - Returns: Why the log deferred the first write still waiting, or `nil` when none waits.
  /// - Throws: what the log throws for a write it refuses for good: that write is dropped (as a
  ///   write made without `PendingWrites` would have failed), the later ones still wait.
  @discardableResult
  public mutating func commit(to log: inout some EventLog, counting changes: inout Int) throws -> WriteDeferral? {
    // Bounded: one turn per waiting write, at most `capacity`.
    while let first = writes.first {
      let added: Bool
      do {
        added = try first.write(to: &log) > 0
      } catch {
        guard let deferral = WriteDeferral(error) else {
          writes.removeFirst()
          throw error
        }
        return deferral
      }
      writes.removeFirst()
      if added { changes += 1 }
    }
    return nil
  }

  /// `replica` with the events waiting added, as the log will hold them once it takes them:
  /// what a surface of the engine shows meanwhile (the person sees the tap they just made).
  ///
  /// - Throws: `ReplicationError` when an event waiting conflicts with one of `replica` (the log
  ///   will refuse that write for good).
  /// - Complexity: O((n + k) log (n + k)) for n events and k waiting; `replica` itself when
  ///   none waits.
  public func applied(to replica: Replica) throws(ReplicationError) -> Replica {
    guard !writes.isEmpty else { return replica }
    var merged = replica
    _ = try merged.receive(events)
    return merged
  }

  /// Keeps `write` at the end, unless it has no event or all its events wait already.
  private mutating func keep(_ write: PendingWrite, deferral: WriteDeferral) throws(PendingWritesError) {
    let events = write.events
    guard let first = events.first else { return }  // nothing to lose
    let waiting = Set(self.events.map(\.id))
    guard !events.allSatisfy({ waiting.contains($0.id) }) else { return }
    guard writes.count < Self.capacity else { throw .full(capacity: Self.capacity, deferral: deferral, event: first.id) }
    writes.append(write)
    precondition(writes.count <= Self.capacity, "\(writes.count) writes wait, capacity \(Self.capacity)")
  }
}
