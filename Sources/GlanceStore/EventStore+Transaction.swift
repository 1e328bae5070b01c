import Foundation
import GRDB

extension EventStore {
  /// Runs `body` in one write transaction and commits it: the one door of every write of the
  /// store, where the lock is taken, a suspension refused and a busy database waited for.
  ///
  /// - The transaction is `IMMEDIATE`: it takes the write lock when it begins, so another
  ///   process's lock is met (`SQLITE_BUSY`) before `body` has written anything, never halfway.
  /// - A suspended store (``suspendAll()``) refuses the write before it takes the lock; a store
  ///   suspended while `body` ran (or while the transaction waited for the lock) rolls the
  ///   transaction back instead of committing it. Either way ``StoreError/suspended(path:)``,
  ///   and nothing is stored.
  /// - A transaction that met another process's lock for longer than ``busyRetry``'s timeout
  ///   is tried again from the start, after a pause, up to its `attemptsMax` attempts; then
  ///   ``StoreError/busy(path:reason:)``, with nothing stored. `body` may therefore run more
  ///   than once, each time in a new transaction; only the last run's writes are committed.
  ///
  /// - Throws: ``StoreError``: what `body` throws, mapped (the transaction is rolled back).
  func write<Value>(_ body: (Database) throws -> Value) throws(StoreError) -> Value {
    var attempt = 1
    while true {
      try suspension.refuse(path: path)
      do {
        return try writeOnce(body)
      } catch .busy(_, _) where attempt < busyRetry.attemptsMax {
        // Nothing was written (the lock is taken first): the next attempt is the same write.
        attempt += 1
        usleep(useconds_t(busyRetry.pauseMilliseconds(beforeAttempt: attempt) * 1_000))
      } catch .busy(let busyPath, let reason) {
        throw .busy(path: busyPath, reason: "\(reason) (\(attempt) attempts, \(busyRetry.waitMillisecondsMax) ms at most)")
      }
    }
  }

  /// One attempt of ``write(_:)``: `body` in an `IMMEDIATE` transaction, checked for a
  /// suspension after the lock is taken and again before the commit.
  private func writeOnce<Value>(_ body: (Database) throws -> Value) throws(StoreError) -> Value {
    do {
      return try pool.writeWithoutTransaction { db in
        var value: Value?
        try db.inTransaction(.immediate) {
          // The lock may have come after a wait for another process, during a suspension.
          try suspension.refuse(path: path)
          value = try body(db)
          // Suspended while `body` ran: roll back rather than commit (no lock is kept).
          try suspension.refuse(path: path)
          return .commit
        }
        guard let value else { preconditionFailure("a committed transaction ran its body") }
        return value
      }
    } catch {
      throw StoreError.wrapping(error, path: path, suspended: suspension.isSuspended)
    }
  }
}
