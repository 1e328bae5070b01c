public import GlanceKernel
public import GlanceSync

/// One store of a simulated device, as a GlanceSync engine sees it: the kernel's `EventLog`,
/// kept in memory (a `CountedReplica`) or in a durable log from the run's ``StoreBackend``.
///
/// The engine reads and writes it only through `EventLog`; the judge audits what it holds
/// (``liveAddIDs()``, ``stepCompletions()``, ``liveExpenseIDs()``) without asking the engine, and
/// the wiring memoises displays on ``version``. A durable log is mirrored in memory: every write
/// goes to it first, and the mirror must answer each write as the log did (a disagreement is a
/// store failure), so the judge's audits read the mirror instead of the whole log again after
/// every change. A store failure never throws into the engine:
/// the first one is kept in the run's ``RunStores`` (the run then stops with
/// ``SimulationError/storeFailed(strategy:domain:store:reason:)``) and reads return nothing.
///
/// A fault the world injects lives here too: `failNextReceive` makes the next bulk write fail
/// as an I/O error would, writing nothing (a store's transaction is all or nothing).
///
/// ## Laws
/// - Both backings answer alike for the same writes: `replica()` holds every event written,
///   `replica(in: r)` is its `slice(r)`.
/// - ``version`` counts the writes that added something.
/// - The audits answer from the events written, whichever the backing: with a durable log, what
///   its writes reported as new (checked write by write).
public final class SimulatedEventLog: ChangeCountingEventLog {
  /// The store's name within the design (`phone`, `watch`, `group`, `legacy`).
  public let name: String
  /// The store itself, in memory; or, with a durable log, its mirror (what the audits read).
  private var memory = CountedReplica()
  private var durable: (any EventLog)?
  private let stores: RunStores
  /// Counts the writes that added something: what a memo of a figure derived from the log keys on.
  public private(set) var version = 0
  public var changeCount: Int { version }
  /// Whether the next `receive` fails (the scenario's store-copy failure).
  var failNextReceive = false
  /// What is derived from a durable log, per version: read after every event, changed by few.
  private let replicaMemo = Memo<Int, Replica>()
  /// The change feed: every event added, in the order written, and where each version's writes
  /// begin (`feedStarts[v]` is the number written when `version` was `v`). Every write goes
  /// through this log (a store's name is unique within its design), so it knows what each added;
  /// a durable log's bulk write that repeated some of its events says how many were new, not
  /// which, and the feed then starts again after it (`feedFrom`).
  private var feed: [Event] = []
  private var feedStarts: [Int] = [0]
  /// The first version the feed answers from.
  private var feedFrom = 0

  struct CopyFailure: Error, CustomStringConvertible {
    var description: String { "I/O error while copying (injected)" }
  }

  /// The device the store is on: the world's write failures strike the phone's stores.
  public let device: Device

  /// A new, empty store named `name` (unique within the design: `phone`, `watch`), on `device`,
  /// in the run's backend.
  public init(_ name: String, on device: Device = .phone, stores: RunStores) {
    self.name = name
    self.device = device
    self.stores = stores
    self.durable = stores.open(name)
  }

  /// Throws ``StoreWriteFailure`` when the world's armed write failure strikes this commit
  /// (``StoreFaults``): nothing is written.
  private func commit() throws(StoreWriteFailure) {
    if device == .phone, stores.faults.commitFails() { throw StoreWriteFailure(store: name) }
  }

  public func record(_ event: Event) throws -> Bool {
    try commit()
    let new: Bool
    if var log = durable {
      new = attempt(false) { try log.record(event) }
      durable = log
      mirror([event], new: new ? 1 : 0)
    } else {
      new = memory.insert(event)
    }
    if new {
      feed.append(event)
      noteWrite()
    }
    return new
  }

  public func receive(_ events: [Event]) throws -> Int {
    try commit()
    if failNextReceive {
      failNextReceive = false
      throw CopyFailure()
    }
    let new: Int
    if var log = durable {
      new = attempt(0) { try log.receive(events) }
      durable = log
      mirror(events, new: new)
      if new == events.count {
        feed += events
      } else if new > 0 {
        // Some were repeats, and the store does not say which: the feed starts again after this.
        feedFrom = version + 1
      }
    } else {
      var added = 0
      for event in events where memory.insert(event) {
        feed.append(event)
        added += 1
      }
      new = added
    }
    if new > 0 { noteWrite() }
    return new
  }

  /// Writes `events` into the mirror of a durable log, which must find `new` of them new, as
  /// the log did; a disagreement fails the store. Nothing once the store failed: its writes
  /// then report nothing, and the run stops.
  private func mirror(_ events: [Event], new: Int) {
    guard stores.failure == nil else { return }
    var added = 0
    for event in events where memory.insert(event) { added += 1 }
    if added != new {
      stores.fail(
        name, StoreCopyDisagreement(description: "the store found \(new) of \(events.count) events new, its mirror \(added)"))
    }
  }

  /// A write added something: the next version, whose feed begins where the writes so far end.
  private func noteWrite() {
    version += 1
    feedStarts.append(feed.count)
  }

  /// The events added since `version` was `count`, in the order written; `nil` for a count
  /// before the feed's start (after a durable bulk write with repeats), and the engine then
  /// reads the log whole.
  public func events(sinceChangeCount count: Int) -> [Event]? {
    guard count >= feedFrom, count <= version else { return nil }
    return Array(feed[feedStarts[count]...])
  }

  public func replica() -> Replica {
    guard let log = durable else { return memory.replica }
    return replicaMemo.value(for: version) { attempt(Replica()) { try log.replica() } }
  }

  public func replica(in instants: Range<Instant>) -> Replica {
    guard let log = durable else { return memory.slice(instants) }
    return attempt(Replica()) { try log.replica(in: instants) }
  }

  // MARK: What the judge audits

  /// The ids of the live adds, in id order.
  public func liveAddIDs() -> [EventID] {
    memory.liveAddIDs
  }

  /// The replica's step completions (`Replica.stepCompletions`).
  public func stepCompletions() -> [StepID: Instant] {
    memory.togglesRemoved ? memory.replica.stepCompletions : memory.stepCompletions
  }

  /// The ids of the live expenses, in id order.
  public func liveExpenseIDs() -> [EventID] {
    memory.liveExpenseIDs
  }

  /// `body`'s value, or `fallback` once the store failed (the failure is kept for the run).
  private func attempt<Value>(_ fallback: Value, _ body: () throws -> Value) -> Value {
    guard stores.failure == nil else { return fallback }
    do {
      return try body()
    } catch {
      stores.fail(name, error)
      return fallback
    }
  }
}
