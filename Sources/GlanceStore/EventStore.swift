public import Foundation
import GlanceKernel
import GRDB

/// The kernel's replicated event log (GlanceKernel's `Replica`) on a SQLite database, shared by
/// the processes of one device: the app, the widget extension (its timeline provider and its
/// interactive intent), and on the watch the watch app.
///
/// The database is opened through a GRDB `DatabasePool` in WAL mode, so readers in one process
/// never wait for a writer in another; every write is one `IMMEDIATE` transaction (it takes the
/// write lock when it begins, so another process's lock is met before anything is written), and
/// a writer meeting another process's lock waits and tries again as its ``BusyRetry`` says,
/// then throws ``StoreError/busy(path:reason:)``. A commit
/// survives a process kill; with ``SynchronousMode/full`` (the default) it also survives a power
/// cut (``SynchronousMode`` argues the choice). Each process opens its own `EventStore` on the
/// same file (for an iOS app and its widget, a file in the App Group container).
///
/// Everything a surface shows is computed **by the kernel** from the events the database holds:
/// ``tallySnapshot(at:in:)`` reads the events into a `Replica` and asks it, given the instant and
/// the zone (the store never reads the clock or the device's zone).
///
/// ```swift
/// let store = try EventStore(at: appGroup.appendingPathComponent("glance.sqlite"), check: .quick)
/// let snapshot = try store.record(tap, snapshotAt: now, in: zurich)  // the widget's "+"
/// let fresh = try store.receive(watchEvents)                         // the watch receiver
/// ```
///
/// ## Laws
/// - Idempotence: writing an event that the store already holds, identical, changes nothing
///   (``record(_:)`` and ``receive(_:)`` report it as not new); at-least-once delivery is safe.
/// - At most once per id: the store never holds two events with one id. Writing a different
///   event under an existing id throws ``StoreError/conflictingEvent(id:existing:incoming:path:)``
///   and rolls the whole transaction back.
/// - Agreement with the kernel: after any sequence of writes, in any order and with any repeats,
///   ``replica()`` equals `Replica(events:)` of the events written, and every count equals the
///   kernel's count of that replica.
/// - All or nothing: each write method is one transaction; a kill in the middle leaves the store
///   as it was before it.
/// - Nothing is ever deleted: events are immutable (triggers refuse `UPDATE` and `DELETE`), and a
///   database that fails to open is reported, never recreated.
/// - No lock across a suspension: after ``suspendAll()`` no write takes a lock until
///   ``resumeAll()``; each throws ``StoreError/suspended(path:)`` having written nothing, and a
///   transaction running at the call is rolled back (see *Suspension and 0xDEAD10CC*).
public final class EventStore: Sendable {
  /// How long one attempt of a write waits for another process's transaction (SQLite's
  /// `busy_timeout`, in milliseconds) under ``BusyRetry/standard``.
  @available(*, deprecated, message: "a store waits as its BusyRetry says: use BusyRetry.standard.timeoutMilliseconds")
  public static let busyTimeoutMilliseconds = BusyRetry.standard.timeoutMilliseconds

  /// The database file.
  public let url: URL
  /// `url.path`: what errors name.
  let path: String
  /// The connections: one writer, several readers.
  let pool: DatabasePool
  /// How hard the writer's commits wait for the disk.
  public let synchronous: SynchronousMode
  /// How a write waits for, and tries again after, another process's lock.
  public let busyRetry: BusyRetry
  /// Whether the store takes no lock now (``suspendAll()``).
  let suspension: StoreSuspension

  /// Opens the store at `url`, creating an empty one (and its schema) when no file exists.
  ///
  /// The directory must exist: an App Group container that is not available is reported as
  /// ``StoreError/cannotOpen(path:reason:)``, never replaced by another location (BabySteps'
  /// widget silently had no store at all; see *The real apps Glance models*, BabySteps: the store move).
  ///
  /// Several processes may open the same file at the same time, even a file that does not exist
  /// yet: the schema is created once.
  ///
  /// - Parameters:
  ///   - url: A file URL.
  ///   - check: How much of the file to check before using it, through a connection that
  ///     writes nothing. `.quick` (SQLite's `quick_check`, linear in the file's size) is the
  ///     sensible choice for the app and the widget; `.full` also checks every index. With
  ///     `.skipped`, a file whose header is valid but whose pages are damaged is only found out
  ///     when a read reaches them, after the pool has switched the file to WAL mode.
  ///   - synchronous: ``SynchronousMode/full`` (the default) makes a commit survive a power cut;
  ///     ``SynchronousMode/normal`` only a process kill, for a file that can be rebuilt (see
  ///     ``SynchronousMode`` for the argument).
  ///   - busyRetry: How a write waits for another process's lock and tries again
  ///     (``BusyRetry/standard``: 3.3 s at most in all).
  /// - Throws: ``StoreError/corrupted(path:reason:)`` when the file is not a database or fails
  ///   the check, ``StoreError/cannotOpen(path:reason:)``, ``StoreError/newerSchema(path:migrations:)``,
  ///   ``StoreError/busy(path:reason:)`` when another process still holds the file after five
  ///   attempts (`openAttempts`), 50 to 200 ms apart.
  ///   With `.quick` or `.full`, a file refused for any of these reasons is not modified.
  public init(
    at url: URL, check: IntegrityCheck, synchronous: SynchronousMode = .full, busyRetry: BusyRetry = .standard
  ) throws(StoreError) {
    precondition(url.isFileURL, "an event store is a file; got \(url)")
    let path = url.path
    // Before the pool: its observers then run before the pool's (see `StoreSuspension`).
    let suspension = StoreSuspension()
    // Check first, through a plain connection: opening a pool already writes (it switches the
    // file to WAL and makes sure the WAL is not empty), and a damaged file must stay as it is.
    if check != .skipped {
      try withDatabaseQueue(path: path) { probe throws(StoreError) in
        try Self.checkIntegrity(of: probe, path: path, check: check)
        try Self.refuseNewerSchema(probe, path: path)
      }
    }
    // An app and its widget may open a new file at the same moment; switching it to WAL and
    // creating the schema need the lock, and SQLite may refuse to wait for it (a wait that could
    // deadlock). Opening again a moment later is safe: a failed attempt wrote nothing.
    var attempt = 1
    let pool: DatabasePool
    while true {
      do {
        pool = try Self.openPool(path: path, synchronous: synchronous, busyTimeoutMilliseconds: busyRetry.timeoutMilliseconds)
        break
      } catch StoreError.busy(_, _) where attempt < Self.openAttempts {
        usleep(useconds_t(50_000 * attempt))
        attempt += 1
      }
    }
    self.url = url
    self.path = path
    self.pool = pool
    self.synchronous = synchronous
    self.busyRetry = busyRetry
    self.suspension = suspension
  }

  /// How many times ``init(at:check:synchronous:busyRetry:)`` tries to open a database another process holds.
  static let openAttempts = 5

  /// A pool on `path`, in WAL mode with `synchronous` on its writer, its schema up to date.
  private static func openPool(
    path: String, synchronous: SynchronousMode, busyTimeoutMilliseconds: Int
  ) throws(StoreError) -> DatabasePool {
    let pool = try mappingErrors(path: path) {
      try DatabasePool(path: path, configuration: Self.configuration(busyTimeoutMilliseconds: busyTimeoutMilliseconds))
    }
    // GRDB sets `synchronous = NORMAL` with WAL; FULL makes a committed tap survive a power cut,
    // not only a process kill. It only matters on the writer connection.
    try mappingErrors(path: path) {
      try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = \(synchronous.rawValue)") }
    }
    try Self.migrate(pool, path: path)
    return pool
  }

  /// The configuration of every connection the store opens (the move's included), whose writes
  /// wait `busyTimeoutMilliseconds` for another process's lock.
  ///
  /// Every connection observes GRDB's suspension notifications (``suspendAll()``): once one is
  /// posted, GRDB interrupts the statement the writer is running, and rolls back the transaction
  /// of any later statement that could take a lock, until ``resumeAll()``. Reads go on (WAL).
  static func configuration(busyTimeoutMilliseconds: Int = BusyRetry.standard.timeoutMilliseconds) -> Configuration {
    var configuration = Configuration()
    configuration.label = "GlanceStore"
    configuration.observesSuspensionNotifications = true
    configuration.prepareDatabase { db in
      // An integer number of milliseconds (GRDB's own busy mode takes a TimeInterval).
      try db.execute(sql: "PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
    }
    return configuration
  }

  /// Brings the schema up to date, or refuses a database from a newer version.
  ///
  /// Every read of the schema here goes through the writer, inside a write transaction. Several
  /// processes may open a new file at once (an app and its widget after installation): a pool's
  /// reader connection may have cached the file's schema before another process created the
  /// tables, and SQLite then prepares a statement against that stale cache ("no such table:
  /// grdb_migrations", seen 1 time in 30 in the stress tool); a write transaction takes the lock
  /// and reloads a changed schema first. GRDB's migrator reads `grdb_migrations` and, when that
  /// fails, checks whether it exists, which leaves the same window: the table is created ahead
  /// of it, with GRDB's own statement.
  private static func migrate(_ pool: DatabasePool, path: String) throws(StoreError) {
    let migrator = StoreSchema.migrator
    let applied = try mappingErrors(path: path) {
      try pool.write { db in
        try db.execute(sql: StoreSchema.createMigrationsTable)
        return try migrator.appliedIdentifiers(db)
      }
    }
    try refuseNewer(applied, path: path)
    for attempt in 1...migrationAttempts {
      do {
        try migrator.migrate(pool)
        break
      } catch {
        // Another process may have migrated between our read and our write: then our migration
        // failed on the existing tables, and the schema is complete. It may also be between two
        // of its migrations ("table event already exists"), or our connection may have prepared
        // against the schema before them ("no such table: grdb_migrations"): then migrate
        // again, from what is applied now.
        let completed = try mappingErrors(path: path) { try pool.write { try migrator.hasCompletedMigrations($0) } }
        if completed { break }
        guard attempt < migrationAttempts, error is DatabaseError else { throw StoreError.wrapping(error, path: path) }
      }
    }
    let (completed, nowApplied) = try mappingErrors(path: path) {
      try pool.write { db in (try migrator.hasCompletedMigrations(db), try migrator.appliedIdentifiers(db)) }
    }
    guard completed else {
      // Only a newer version, migrating at the same moment, can leave the schema incomplete.
      try refuseNewer(nowApplied, path: path)
      throw .database(path: path, reason: "the schema is incomplete after migrating")
    }
  }

  /// How many times opening a new file migrates it when it loses a race with another process
  /// migrating it too.
  static let migrationAttempts = 5

  /// Whether `error` is SQLite's "no such table: grdb_migrations" (a race with another process
  /// creating the schema; see ``refuseNewerSchema(_:path:)``).
  static func isMissingMigrationsTable(_ error: DatabaseError) -> Bool {
    error.resultCode == .SQLITE_ERROR && error.message == "no such table: grdb_migrations"
  }

  /// Throws ``StoreError/newerSchema(path:migrations:)`` when `applied` holds a migration this
  /// version does not know.
  static func refuseNewer(_ applied: Set<String>, path: String) throws(StoreError) {
    let unknown = applied.filter { !StoreSchema.migrationIdentifiers.contains($0) }.sorted()
    guard unknown.isEmpty else { throw .newerSchema(path: path, migrations: unknown) }
  }

  /// Throws ``StoreError/newerSchema(path:migrations:)`` when the database records a migration
  /// this version does not know.
  static func refuseNewerSchema(_ reader: any DatabaseReader, path: String) throws(StoreError) {
    // A read-only probe cannot create GRDB's table first: when its read of `grdb_migrations`
    // fails and another process creates the table before GRDB checks that it is missing, GRDB
    // rethrows "no such table". Reading again then finds the table (a bounded retry).
    var attempt = 1
    while true {
      do {
        let applied = try reader.read { try StoreSchema.migrator.appliedIdentifiers($0) }
        return try refuseNewer(applied, path: path)
      } catch let error as DatabaseError where attempt < 3 && Self.isMissingMigrationsTable(error) {
        attempt += 1
      } catch {
        throw StoreError.wrapping(error, path: path)
      }
    }
  }

  /// Runs `check` on the database that `reader` reads.
  static func checkIntegrity(of reader: any DatabaseReader, path: String, check: IntegrityCheck) throws(StoreError) {
    let pragma: String
    switch check {
    case .skipped: return
    case .quick: pragma = "PRAGMA quick_check(5)"
    case .full: pragma = "PRAGMA integrity_check(5)"
    }
    let messages = try mappingErrors(path: path) { try reader.read { try String.fetchAll($0, sql: pragma) } }
    guard messages == ["ok"] else {
      throw .corrupted(path: path, reason: "\(pragma): \(messages.joined(separator: "; "))")
    }
  }

  /// Checks the whole file (`PRAGMA integrity_check`, or `quick_check`).
  ///
  /// - Throws: ``StoreError/corrupted(path:reason:)`` naming SQLite's first findings.
  public func checkIntegrity(_ check: IntegrityCheck) throws(StoreError) {
    try Self.checkIntegrity(of: pool, path: path, check: check)
  }
}

/// How much of a database file to check when opening it.
public enum IntegrityCheck: Sendable, Hashable, CaseIterable {
  /// No check: corruption is reported only when a read reaches a damaged page.
  case skipped
  /// SQLite's `PRAGMA quick_check`: every page and record, not the index contents.
  /// - Complexity: O(n) in the file's size.
  case quick
  /// SQLite's `PRAGMA integrity_check`: `quick_check` plus every index against its table.
  /// - Complexity: O(n log n) in the file's size.
  case full
}
