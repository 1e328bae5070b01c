import Foundation
import GRDBSQLite
import GlanceKernel

/// The baseline: the store's own transactions, written with SQLite's C API and prepared
/// statements, on a file whose schema `EventStore` created (so the table, its columns, `CHECK`
/// constraints, indexes and triggers are the store's, byte for byte), with the pragmas the store
/// sets on its writer: WAL (kept in the file), `synchronous`, `busy_timeout`, and
/// `foreign_keys = ON` (GRDB's default).
final class RawSQLite {
  private var db: OpaquePointer?
  private var insertEvent: OpaquePointer?
  private var insertOutbox: OpaquePointer?
  private var begin: OpaquePointer?
  private var commit: OpaquePointer?

  /// The event insert of `EventStore`, word for word (`EventStore.insertQuery` is internal).
  static let insertEventSQL =
    "INSERT INTO event (id, kind, instant_ms, origin, target_id, step_id, amount, currency, note, task_id, title, position)"
    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING"

  init(path: String, synchronous: String) {
    guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
      fatalError("raw: cannot open \(path): \(String(cString: sqlite3_errmsg(db)))")
    }
    execute("PRAGMA busy_timeout = 5000")
    execute("PRAGMA foreign_keys = ON")
    execute("PRAGMA journal_mode = WAL")
    execute("PRAGMA synchronous = \(synchronous)")
    insertEvent = prepare(Self.insertEventSQL)
    insertOutbox = prepare("INSERT INTO outbox (event_id) VALUES (?)")
    begin = prepare("BEGIN IMMEDIATE")
    commit = prepare("COMMIT")
  }

  deinit {
    for statement in [insertEvent, insertOutbox, begin, commit] { sqlite3_finalize(statement) }
    sqlite3_close_v2(db)
  }

  func execute(_ sql: String) {
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
      fatalError("raw: \(sql): \(String(cString: sqlite3_errmsg(db)))")
    }
  }

  private func prepare(_ sql: String) -> OpaquePointer? {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK else {
      fatalError("raw: prepare \(sql): \(String(cString: sqlite3_errmsg(db)))")
    }
    return statement
  }

  private func step(_ statement: OpaquePointer?) {
    let code = sqlite3_step(statement)
    guard code == SQLITE_DONE else { fatalError("raw: step \(code): \(String(cString: sqlite3_errmsg(db)))") }
    sqlite3_reset(statement)
  }

  /// `EventStore.record(_:)` for an add: one IMMEDIATE transaction, the event, then its outbox
  /// entry when it was new.
  func record(_ event: BenchEvent) {
    step(begin)
    if insert(event) {
      sqlite3_bind_blob(insertOutbox, 1, event.idBytes, 16, nil)
      step(insertOutbox)
    }
    step(commit)
  }

  /// `EventStore.receive(_:)`: every event of `batch` in one IMMEDIATE transaction; how many were new.
  @discardableResult
  func receive(_ batch: ArraySlice<BenchEvent>) -> Int {
    step(begin)
    var inserted = 0
    for event in batch where insert(event) { inserted += 1 }
    step(commit)
    return inserted
  }

  /// Inserts an add; `true` when it was new.
  private func insert(_ event: BenchEvent) -> Bool {
    let statement = insertEvent
    sqlite3_bind_blob(statement, 1, event.idBytes, 16, nil)
    sqlite3_bind_text(statement, 2, "add", -1, nil)
    sqlite3_bind_int64(statement, 3, event.event.instant.millisecondsSince1970)
    event.origin.withCString { _ = sqlite3_bind_text(statement, 4, $0, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self)) }
    for column in Int32(5)...12 { sqlite3_bind_null(statement, column) }
    step(statement)
    return sqlite3_changes(db) == 1
  }
}
