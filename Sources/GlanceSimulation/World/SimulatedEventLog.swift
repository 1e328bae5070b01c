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
/// The App Group database's write lock (the store-locks fault family): a commit to a store in the
/// App Group while another process holds the lock throws a ``StoreDeferral`` (`.busy`), as a
/// store suspended by ``suspend()`` does (`.suspended`) until ``resume()``, writing nothing. A
/// design that writes several steps in one transaction opens it with
/// ``beginTransaction(in:)``: the lock is then its process's (the world tracks it, and kills a
/// process suspended while it holds it, `0xDEAD10CC`) until ``commitTransaction()``; what is
/// written meanwhile is stored at the commit, or rolled back whole if the process ends first.
///
/// ## Laws
/// - Both backings answer alike for the same writes: `replica()` holds every event written,
///   `replica(in: r)` is its `slice(r)`.
/// - ``version`` counts the writes that added something.
/// - The audits answer from the events written, whichever the backing: with a durable log, what
///   its writes reported as new (checked write by write).
/// - A write that throws a ``StoreDeferral`` stores nothing; reads answer what was committed
///   (never a transaction's writes before its commit).
/// - With no busy spell, no suspension and no transaction, every write meets exactly the checks
///   it met before the store locks existed.
public final class SimulatedEventLog: ChangeCountingEventLog {
  /// The store's name within the design (`phone`, `watch`, `group`, `legacy`).
  public let name: String
  /// The store itself, in memory; or, with a durable log, its mirror (what the audits read).
  ///
  /// The log's state (this, ``durable``, ``version``, the feed, the transaction and the
  /// suspension) is read and written at every write and read of the store, and after most
  /// events: exempt from the dynamic exclusivity check, whose thread-local lookup cost more than
  /// most of those accesses. Safe: a run's store is used by one thread, and no access to its
  /// state overlaps another (no closure that reads it runs while it is being written).
  @exclusivity(unchecked) private var memory = CountedReplica()
  @exclusivity(unchecked) private var durable: (any EventLog)?
  private let stores: RunStores
  /// Counts the writes that added something: what a memo of a figure derived from the log keys on.
  @exclusivity(unchecked) public private(set) var version = 0
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
  @exclusivity(unchecked) private var feed: [Event] = []
  @exclusivity(unchecked) private var feedStarts: [Int] = [0]
  /// The first version the feed answers from.
  @exclusivity(unchecked) private var feedFrom = 0

  struct CopyFailure: Error, CustomStringConvertible {
    var description: String { "I/O error while copying (injected)" }
  }

  /// The device the store is on: the world's write failures strike the phone's stores.
  public let device: Device
  /// Whether the store is in the phone's App Group container, which other processes open too:
  /// their write lock (a busy spell) meets its commits. A store in the app's own container (a
  /// legacy store before a move) or on the watch meets none.
  public let inAppGroup: Bool
  /// Whether the store is suspended (``suspend()``): it takes no write until ``resume()``.
  @exclusivity(unchecked) public private(set) var isSuspended = false
  /// The transaction open on the store: its number (``StoreFaults/lock``) and the events written
  /// in it, not yet stored.
  @exclusivity(unchecked) private var transaction: (number: Int, events: [Event])? = nil

  /// A new, empty store named `name` (unique within the design: `phone`, `watch`), on `device`,
  /// in the run's backend; `appGroup: false` for a store on the phone that is not in the App
  /// Group container.
  public init(_ name: String, on device: Device = .phone, appGroup: Bool = true, stores: RunStores) {
    self.name = name
    self.device = device
    self.inAppGroup = appGroup && device == .phone
    self.stores = stores
    self.durable = stores.open(name)
  }

  /// A copy of `log` as it stands, over `stores` (a copy of its stores, ``RunStores/copy()``):
  /// for a play an exploration resumes from a snapshot. Its memo starts empty.
  ///
  /// - Precondition: `log` is in memory (a durable log is a file, never copied).
  private init(copying log: SimulatedEventLog, into stores: RunStores) {
    precondition(log.durable == nil, "only an in-memory log is copied")
    name = log.name
    device = log.device
    inAppGroup = log.inAppGroup
    self.stores = stores
    memory = log.memory
    version = log.version
    failNextReceive = log.failNextReceive
    feed = log.feed
    feedStarts = log.feedStarts
    feedFrom = log.feedFrom
    isSuspended = log.isSuspended
    transaction = log.transaction
  }

  /// A copy of this log as it stands, over `stores`, sharing nothing mutable with it
  /// (``init(copying:into:)``).
  func copy(into stores: RunStores) -> SimulatedEventLog { SimulatedEventLog(copying: self, into: stores) }

  /// The fingerprint of ``memory`` as of a ``version`` (the store changes only with it: every
  /// write that adds something counts), kept for the next fingerprint of an unchanged store.
  @exclusivity(unchecked) private var memoryFingerprint: (version: Int, value: StateFingerprint)? = nil

  /// Feeds `hasher` what this log holds and what decides its next writes: its events (and the
  /// order the live expenses arrived in), the injected copy failure, the suspension and the open
  /// transaction; not its version, its change feed or its memo, which only serve caches (DocC:
  /// Exploring small worlds, Counting states). Law: two in-memory logs that feed the same answer
  /// every read and write alike.
  func fingerprint(into hasher: inout StateHasher) {
    if let kept = memoryFingerprint, kept.version == version {
      hasher.combine(kept.value)
    } else {
      var own = StateHasher()
      memory.fingerprint(into: &own)
      let value = own.finalize()
      memoryFingerprint = (version, value)
      hasher.combine(value)
    }
    hasher.combine(failNextReceive)
    hasher.combine(isSuspended)
    hasher.combine(transaction != nil)
    if let transaction {
      hasher.combine(transaction.number)
      hasher.combine(transaction.events)
    }
  }

  /// Throws ``StoreWriteFailure`` when the world's armed write failure strikes this commit
  /// (``StoreFaults``), a ``StoreDeferral`` when the store is suspended or, in the App Group,
  /// another process holds the write lock: nothing is written.
  private func commit(_ events: [Event]) throws {
    if device == .phone, stores.faults.commitFails() { throw StoreWriteFailure(store: name) }
    var deferral: WriteDeferral? = nil
    if isSuspended {
      deferral = .suspended
    } else if inAppGroup, stores.faults.commitMeetsBusyLock() {
      deferral = .busy
    }
    guard let deferral else { return }
    stores.faults.noteDeferred(events)
    throw StoreDeferral(store: name, reason: deferral)
  }

  // MARK: Suspension and transactions

  /// Suspends the store, as GlanceStore's `EventStore.suspendAll()` does before iOS suspends the
  /// process: a transaction open now is rolled back whole (it releases the lock), and every
  /// write is refused with a ``StoreDeferral`` (`.suspended`) until ``resume()``. Reads go on.
  public func suspend() {
    isSuspended = true
    rollBack()
  }

  /// Resumes the store (`EventStore.resumeAll()`): writes are taken again.
  public func resume() { isSuspended = false }

  /// Whether a transaction is open on the store (one the world rolled back is not).
  public var hasOpenTransaction: Bool {
    if let open = transaction, !stores.faults.holds(open.number) { transaction = nil }
    return transaction != nil
  }

  /// Opens a write transaction of `process` on the store (`BEGIN IMMEDIATE`): it takes the App
  /// Group database's write lock and holds it until ``commitTransaction()`` or
  /// ``rollBack()``, across steps and callbacks if the design lets it. Every write meanwhile
  /// goes into the transaction, stored at the commit. The world tracks the lock: a process that
  /// ends holding it (killed, or suspended, `0xDEAD10CC`) has its transaction rolled back.
  ///
  /// - Throws: a ``StoreDeferral``: `.suspended` when the store is suspended, `.busy` when another
  ///   process holds the lock. No transaction is open then.
  public func beginTransaction(in process: Process) throws {
    precondition(!hasOpenTransaction, "store \(name) has a transaction open already")
    if isSuspended { throw StoreDeferral(store: name, reason: .suspended) }
    guard let number = stores.faults.takeLock(for: process, store: name) else { throw StoreDeferral(store: name, reason: .busy) }
    transaction = (number, [])
  }

  /// Commits the open transaction (`COMMIT`): its writes are stored together, and the lock is
  /// released. Returns how many of its events were new.
  ///
  /// - Throws: ``StoreWriteFailure`` when the world's armed write failure strikes the commit: the
  ///   transaction is rolled back, nothing stored.
  public func commitTransaction() throws -> Int {
    precondition(hasOpenTransaction, "store \(name) has no transaction open to commit")
    guard let open = transaction else { return 0 }
    transaction = nil
    stores.faults.releaseLock(open.number)
    if device == .phone, stores.faults.commitFails() { throw StoreWriteFailure(store: name) }
    return stored(open.events)
  }

  /// Rolls the open transaction back, if one is open: nothing of it is stored, and the lock is
  /// released.
  public func rollBack() {
    guard hasOpenTransaction, let open = transaction else { return }
    transaction = nil
    stores.faults.releaseLock(open.number)
  }

  /// Adds `events` to the open transaction; returns how many it did not hold.
  private func written(inTransaction events: [Event]) -> Int {
    guard var open = transaction else { preconditionFailure("no transaction is open on store \(name)") }
    var added = 0
    for event in events where !open.events.contains(where: { $0.id == event.id }) {
      open.events.append(event)
      added += 1
    }
    transaction = open
    return added
  }

  // MARK: Writes

  public func record(_ event: Event) throws -> Bool {
    if hasOpenTransaction {
      // A write inside the transaction can meet the disk's failure too; it holds the lock.
      if device == .phone, stores.faults.commitFails() { throw StoreWriteFailure(store: name) }
      return written(inTransaction: [event]) > 0
    }
    try commit([event])
    stores.faults.noteStored([event])
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
    if hasOpenTransaction {
      if device == .phone, stores.faults.commitFails() { throw StoreWriteFailure(store: name) }
      return written(inTransaction: events)
    }
    try commit(events)
    if failNextReceive {
      failNextReceive = false
      throw CopyFailure()
    }
    return stored(events)
  }

  /// Stores `events` in one commit; returns how many were new.
  private func stored(_ events: [Event]) -> Int {
    stores.faults.noteStored(events)
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

extension SimulatedEventLog: StateFingerprinted {}
