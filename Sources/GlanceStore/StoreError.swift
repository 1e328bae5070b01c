public import GlanceKernel

/// Why the store refused an operation. Every case names what was wrong and where: the database
/// file's path, and where relevant the event id or the step of a store move.
///
/// Nothing the store throws deletes, truncates or recreates a file: a corrupted or unreadable
/// database stays exactly as it was, for the user (or a support engineer) to recover. BabySteps
/// deleted its store when opening failed (see *The real apps Glance models*,
/// BabySteps: the store move); Glance never
/// does.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file at `path` is not a database, or SQLite found a malformed page
  /// (`SQLITE_NOTADB`, `SQLITE_CORRUPT`, or a failed `PRAGMA integrity_check`). The file is left
  /// untouched.
  case corrupted(path: String, reason: String)
  /// The file at `path` cannot be opened: a missing directory (an App Group container that is
  /// not available), a directory in the way, or no permission. Nothing is created elsewhere
  /// instead.
  case cannotOpen(path: String, reason: String)
  /// The database at `path` was migrated by a newer version of Glance (`migrations` are the
  /// identifiers this version does not know); no migration and no event is written to it.
  case newerSchema(path: String, migrations: [String])
  /// Two different events carry the same id (`existing` is in the database at `path`, `incoming`
  /// was being written). Ids are idempotency keys, so this is corrupt or forged data, never a
  /// retry; the transaction is rolled back. Mirrors the kernel's
  /// `ReplicationError.conflictingEvent(id:existing:incoming:)`.
  case conflictingEvent(id: EventID, existing: Event, incoming: Event, path: String)
  /// A row of the database at `path` does not decode into an event (`id` is the row's id as
  /// hexadecimal text, or `"?"` when the id itself is unreadable).
  case invalidRow(path: String, id: String, reason: String)
  /// Another process held the database at `path` for longer than the store waits (every
  /// attempt of its ``BusyRetry`` met the lock), or SQLite refused to wait because waiting could
  /// deadlock (`SQLITE_BUSY`, `SQLITE_LOCKED`): nothing was written, and the same write tried
  /// again later succeeds and counts once (events are keyed by id).
  case busy(path: String, reason: String)
  /// The store at `path` is suspended (``EventStore/suspendAll()``: its process is about to be
  /// suspended, and iOS kills a suspended process that holds a lock on an App Group database,
  /// `0xDEAD10CC`), so it took no lock: the write was refused before it began, or the
  /// transaction it was running was rolled back. Nothing was written; the same write tried
  /// again after ``EventStore/resumeAll()`` succeeds and counts once. Reads still work.
  case suspended(path: String)
  /// Any other SQLite failure at `path` (disk full, I/O error).
  case database(path: String, reason: String)
  /// A file operation of a store move failed at `step` on `path`; nothing was deleted that had
  /// not been verified first, so running the move again resumes it.
  case moveFileOperation(path: String, step: StoreMoveStep, reason: String)
  /// A store move's check failed at `step`: the file at `path` does not hold what it must.
  /// Nothing is deleted.
  case moveVerificationFailed(path: String, step: StoreMoveStep, reason: String)
  /// The legacy store at `path` disappeared before the move had a verified copy of it (it was
  /// deleted by something other than the move). The move stops and deletes nothing.
  case moveSourceMissing(path: String, step: StoreMoveStep)
  /// The move journal at `path` cannot be read. The move stops and deletes nothing.
  case moveJournalUnreadable(path: String, reason: String)

  /// A sentence naming the problem and where it is.
  public var description: String {
    switch self {
    case .corrupted(let path, let reason):
      return "database \(path) is corrupted (\(reason)); the file was left untouched"
    case .cannotOpen(let path, let reason):
      return "database \(path) cannot be opened (\(reason))"
    case .newerSchema(let path, let migrations):
      return "database \(path) was migrated by a newer version (unknown migrations: "
        + "\(migrations.joined(separator: ", "))); nothing was written to it"
    case .conflictingEvent(let id, let existing, let incoming, let path):
      return "event \(id) in \(path) arrived with different content: existing "
        + "\(existing.kind) at \(existing.instant) from \(existing.origin.rawValue), incoming "
        + "\(incoming.kind) at \(incoming.instant) from \(incoming.origin.rawValue)"
    case .invalidRow(let path, let id, let reason):
      return "row \(id) of \(path) is not a valid event: \(reason)"
    case .busy(let path, let reason):
      return "database \(path) is busy (another process holds it): \(reason)"
    case .suspended(let path):
      return "database \(path) is suspended (its process is about to be suspended): nothing was written; write again after the resume"
    case .database(let path, let reason):
      return "database \(path) failed: \(reason)"
    case .moveFileOperation(let path, let step, let reason):
      return "store move: a file operation on \(path) failed at step \(step.rawValue) (\(reason))"
    case .moveVerificationFailed(let path, let step, let reason):
      return "store move: verification of \(path) failed at step \(step.rawValue): \(reason);"
        + " nothing was deleted"
    case .moveSourceMissing(let path, let step):
      return "store move: the legacy store \(path) vanished at step \(step.rawValue) before it"
        + " was copied; nothing was deleted"
    case .moveJournalUnreadable(let path, let reason):
      return "store move: the journal \(path) cannot be read (\(reason)); nothing was deleted"
    }
  }
}
