public import GlanceKernel

/// The store faults of one play, shared by the world, which arms them, and the run's stores,
/// which meet them: an armed write failure makes the next commit to a store on the phone fail
/// (disk full, or an I/O error), writing nothing, as a transaction that fails does.
///
/// It also keeps the App Group database's write lock (the store-locks family,
/// the store-locks fault family): whether another process holds it (a busy spell: a commit to the
/// App Group store meets `SQLITE_BUSY`), and which process of the design holds it in an open
/// transaction (the world kills a process suspended while it holds it, `0xDEAD10CC`).
///
/// ## Laws
/// - Each armed failure strikes at most one commit: `commitFails()` answers `true` once per
///   failure armed and not taken back, then `false`.
/// - At most one failure is pending at a time, so two commits in a row never both fail: a design
///   that tries a failed commit once more succeeds (the failures are transient I/O errors, not a
///   disk that stays full).
/// - The lock has one holder at a time: ``takeLock(for:store:)`` refuses while another process
///   holds it (busy, or a transaction of another store); each transaction it grants has a number
///   of its own, and a transaction is open only while ``holds(_:)`` says so (a rollback ends it).
/// - Nothing of the lock is counted or changed while no design takes it and no spell is on: a
///   run without the family's spells and without transactions meets exactly what it met before.
public final class StoreFaults {
  /// Failures armed and not yet struck, by number, oldest first.
  ///
  /// Read at every commit, as ``asks`` is written: both exempt from the dynamic exclusivity
  /// check, as ``deferredEvents`` is, for the same reason (one thread, no overlapping access).
  @exclusivity(unchecked) private(set) var armed: [Int] = []
  /// Failures that struck a commit (the report's `store-write-failure` count).
  public private(set) var struck = 0
  /// How many times a commit asked whether it fails (``commitFails()``): the engine tells a
  /// design that asked from one that did not.
  @exclusivity(unchecked) private(set) var asks = 0

  /// The store faults that struck since the world last took them for the coverage of the fault
  /// space (``takeUncovered()``): a commit failed, a commit met the busy lock.
  ///
  /// Read after every event: exempt from the dynamic exclusivity check, as ``deferredEvents``
  /// is, for the same reason (one thread, no overlapping access).
  @exclusivity(unchecked) private(set) var uncovered: (writeFailure: Bool, busy: Bool) = (false, false)

  /// Whether a store fault struck since ``takeUncovered()`` was last called: one read the world
  /// makes after each event.
  var hasUncovered: Bool { uncovered.writeFailure || uncovered.busy }

  /// The store faults that struck since the last call (``uncovered``), which it clears.
  func takeUncovered() -> (writeFailure: Bool, busy: Bool) {
    defer { uncovered = (false, false) }
    return uncovered
  }

  /// Whether a failure is armed: the next commit on the phone fails.
  var isArmed: Bool { !armed.isEmpty }

  /// How long iOS lets an app run after it went to the background before it suspends it:
  /// "approximately five seconds" (`applicationDidEnterBackground(_:)`'s documentation) for an
  /// app that asked for no background time.
  public static let suspensionMilliseconds: Int64 = 5_000

  /// Whether another process holds the App Group database's write lock (a busy spell).
  public private(set) var busy = false
  /// Commits that met the busy lock (the report's `store-busy` count).
  public private(set) var busyStruck = 0
  /// The open transaction that holds the App Group database's write lock: its number, the
  /// process it runs in and the store it writes; `nil` when none does.
  public private(set) var lock: (transaction: Int, process: Process, store: String)? = nil
  /// Numbers the transactions granted.
  private var transactions = 0
  /// The events of the writes a store deferred (busy or suspended) that no store has taken
  /// since: while any is left, a surface that reads the store cannot show them, and the world is
  /// not quiescent.
  ///
  /// Read after every event (by the world, and by the judge through the fault effects): exempt
  /// from the dynamic exclusivity check, whose thread-local lookup cost more than the read. Safe:
  /// a run's store faults are used by one thread, and no access to it overlaps another.
  @exclusivity(unchecked) public private(set) var deferredEvents: Set<EventID> = []

  init() {}

  /// Arms failure `number`: the next commit on the phone fails. A failure armed while another
  /// is pending merges with it (the world's failures are transient: one commit each, never two
  /// in a row).
  func arm(_ number: Int) {
    if armed.isEmpty { armed.append(number) }
  }

  /// Feeds `hasher` what decides the next commits: the failures armed, the busy spell, the lock
  /// and the transactions' numbering, the deferred writes; not the counts kept for the report,
  /// nor ``asks`` (compared within one event) and ``uncovered`` (taken after each event). For a
  /// fingerprint of a play's state.
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(armed)
    hasher.combine(busy)
    hasher.combine(lock?.transaction)
    hasher.combine(lock?.process)
    hasher.combine(lock?.store)
    hasher.combine(transactions)
    hasher.combine(deferredEvents.sorted())
  }

  /// Takes failure `number` back if it is still pending (it met no commit in time).
  func disarm(_ number: Int) { armed.removeAll { $0 == number } }

  /// The armed failure strikes a commit that did not ask (a design that keeps its phone store in
  /// its own memory and never calls ``World/phoneCommitFails()``): used up, and counted.
  func strikeUnasked() {
    precondition(!armed.isEmpty, "no failure is armed")
    armed.removeFirst()
    struck += 1
    uncovered.writeFailure = true
  }

  /// Takes every pending failure back, and ends a busy spell (the liveness phase begins: faults
  /// are off).
  func disarmAll() {
    armed.removeAll()
    busy = false
  }

  // MARK: The App Group database's write lock

  /// Another process takes the App Group database's write lock (`true`), or releases it.
  func setBusy(_ held: Bool) { busy = held }

  /// Whether a commit made now to the App Group store outside a transaction meets the busy lock;
  /// counted when it does.
  public func commitMeetsBusyLock() -> Bool {
    guard busy else { return false }
    busyStruck += 1
    uncovered.busy = true
    return true
  }

  /// Opens a transaction of `process` on `store`: it takes the write lock (`BEGIN IMMEDIATE`);
  /// returns its number, or `nil` when another process holds the lock (busy, counted; or an open
  /// transaction of another store or process).
  public func takeLock(for process: Process, store: String) -> Int? {
    if let lock { return lock.process == process && lock.store == store ? lock.transaction : nil }
    guard !commitMeetsBusyLock() else { return nil }
    transactions += 1
    lock = (transactions, process, store)
    return transactions
  }

  /// A store deferred the write of `events`.
  public func noteDeferred(_ events: [Event]) {
    for event in events { deferredEvents.insert(event.id) }
  }

  /// A store took the write of `events`: those of them deferred before are deferred no more.
  public func noteStored(_ events: [Event]) {
    guard !deferredEvents.isEmpty else { return }
    for event in events { deferredEvents.remove(event.id) }
  }

  /// Whether transaction `number` is still open (it holds the lock).
  public func holds(_ number: Int) -> Bool { lock?.transaction == number }

  /// Transaction `number` ends (committed or rolled back by its store): the lock is released.
  public func releaseLock(_ number: Int) {
    precondition(lock?.transaction == number, "transaction \(number) does not hold the lock: \(String(describing: lock))")
    lock = nil
  }

  /// `process` ended (killed, or suspended holding the lock): the transaction it had open is
  /// rolled back, and the lock released. Returns whether it held the lock.
  @discardableResult
  func rollBack(of process: Process) -> Bool {
    guard lock?.process == process else { return false }
    lock = nil
    return true
  }

  /// Whether the commit being made now fails; a `true` uses up the oldest armed failure. Faults
  /// are off in the liveness phase (nothing is armed then).
  public func commitFails() -> Bool {
    asks += 1
    guard !armed.isEmpty else { return false }
    armed.removeFirst()
    struck += 1
    uncovered.writeFailure = true
    return true
  }

  // MARK: Resuming

  /// A copy of these faults as they stand, sharing nothing with them (an exploration resumes a
  /// play from a copy of it, ``RunStores/copy()``).
  func copy() -> StoreFaults {
    let copy = StoreFaults()
    copy.armed = armed
    copy.struck = struck
    copy.asks = asks
    copy.uncovered = uncovered
    copy.busy = busy
    copy.busyStruck = busyStruck
    copy.lock = lock
    copy.transactions = transactions
    copy.deferredEvents = deferredEvents
    return copy
  }
}
