import GRDB

extension StoreError {
  /// `error` as a store error about the database at `path` (`suspended`: whether the store was
  /// suspended when the error was caught).
  ///
  /// The one place where GRDB's and SQLite's errors become typed: a ``StoreError`` thrown inside
  /// a GRDB closure comes back as it was; SQLite's corruption codes become ``corrupted(path:reason:)``,
  /// its open and permission codes ``cannotOpen(path:reason:)``, its lock codes ``busy(path:reason:)``,
  /// `SQLITE_INTERRUPT` ``suspended(path:)`` (only a suspension interrupts the store's
  /// connections: GRDB interrupts the writer when `Database.suspendNotification` is posted),
  /// `SQLITE_ABORT` ``suspended(path:)`` when the store is suspended (GRDB's "Database is
  /// suspended": it rolled back the transaction rather than let a statement take a lock),
  /// anything else ``database(path:reason:)``.
  static func wrapping(_ error: any Error, path: String, suspended: Bool = false) -> StoreError {
    if let storeError = error as? StoreError { return storeError }
    guard let databaseError = error as? DatabaseError else {
      return .database(path: path, reason: "\(error)")
    }
    let reason = "SQLite error \(databaseError.resultCode.rawValue): \(databaseError.message ?? "no message")"
    switch databaseError.resultCode {
    case .SQLITE_CORRUPT, .SQLITE_NOTADB:
      return .corrupted(path: path, reason: reason)
    case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH, .SQLITE_READONLY:
      return .cannotOpen(path: path, reason: reason)
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      return .busy(path: path, reason: reason)
    case .SQLITE_INTERRUPT:
      return .suspended(path: path)
    case .SQLITE_ABORT where suspended:
      return .suspended(path: path)
    default:
      return .database(path: path, reason: reason)
    }
  }
}

/// Runs `body`, turning whatever it throws into a ``StoreError`` about `path`.
///
/// GRDB's closures throw untyped errors; the store's public API throws `StoreError` only, so
/// every GRDB call goes through here (the swift-system pattern: one conversion at the boundary).
func mappingErrors<Value>(path: String, _ body: () throws -> Value) throws(StoreError) -> Value {
  do {
    return try body()
  } catch {
    throw StoreError.wrapping(error, path: path)
  }
}

/// Runs `body` with a plain connection (a GRDB `DatabaseQueue`, which changes neither the
/// journal mode nor the content) to the database at `path`, closed before returning, so that
/// the file may be deleted or opened as a pool afterwards.
func withDatabaseQueue<Value>(
  path: String, _ body: (DatabaseQueue) throws(StoreError) -> Value
) throws(StoreError) -> Value {
  let queue = try mappingErrors(path: path) { try DatabaseQueue(path: path, configuration: EventStore.configuration()) }
  let value: Value
  do {
    value = try body(queue)
  } catch {
    // The body's error is the one to report; a failure to close on top of it adds nothing.
    _ = Result { try queue.close() }
    throw error
  }
  try mappingErrors(path: path) { try queue.close() }
  return value
}
