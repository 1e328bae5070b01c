import Foundation
import GlanceKernel
import GRDB

/// The steps of a store move; ``StoreMove/run(after:)`` sequences them and keeps the journal.
extension StoreMove {
  /// Checks the legacy store before the move writes anything: `PRAGMA integrity_check`, and a
  /// schema this version knows.
  ///
  /// - Throws: ``StoreError/corrupted(path:reason:)``, ``StoreError/newerSchema(path:migrations:)``,
  ///   or ``StoreError/moveVerificationFailed(path:step:reason:)`` for a file that is not an
  ///   event store. The legacy file is not modified.
  func checkLegacy() throws(StoreError) {
    let path = legacy.path
    try withLegacy(at: .began) { source throws(StoreError) in
      try EventStore.checkIntegrity(of: source, path: path, check: .full)
      try EventStore.refuseNewerSchema(source, path: path)
      let applied = try mappingErrors(path: path) {
        try source.read { try StoreSchema.migrator.appliedIdentifiers($0) }
      }
      guard let first = StoreSchema.migrationIdentifiers.first, applied.contains(first) else {
        throw .moveVerificationFailed(
          path: path, step: .began, reason: "not an event store (migration \"v1-events\" was never applied)")
      }
    }
  }

  /// Copies the legacy store into the staging file (an SQLite backup: a consistent snapshot,
  /// whatever its WAL holds), replacing a partial copy that a killed run left.
  ///
  /// - Returns: The `copied` journal, with the legacy store's row counts.
  func copy() throws(StoreError) -> MoveJournal {
    try deleteDatabaseFiles(at: staging, step: .copied)
    let stagingPath = staging.path
    let journal = try withLegacy(at: .copied) { source throws(StoreError) in
      let counts = try mappingErrors(path: legacy.path) {
        try source.read { db in
          (try EventStore.count(of: "event", in: db), try EventStore.count(of: "outbox", in: db))
        }
      }
      try mappingErrors(path: stagingPath) {
        let destination = try DatabaseQueue(path: stagingPath, configuration: EventStore.configuration())
        try source.backup(to: destination)
        try destination.close()
      }
      return MoveJournal(state: .copied, eventCount: counts.0, outboxCount: counts.1)
    }
    precondition(journal.state == .copied, "a copy is recorded in state copied")
    return journal
  }

  /// The staging store, once it passed `PRAGMA integrity_check` and has the row counts `journal`
  /// recorded; the reason otherwise (a missing or damaged staging file).
  func verifiedStaging(_ journal: MoveJournal) -> Result<EventStore, StoreError> {
    precondition(journal.state == .copied, "the staging file is verified in state copied, not \(journal.state)")
    guard exists(staging) else {
      return .failure(
        .moveVerificationFailed(path: staging.path, step: .verified, reason: "the staging file is missing"))
    }
    do {
      let store = try EventStore(at: staging, check: .full)
      let counts = (events: try store.eventCount(), outbox: try store.outboxCount())
      guard counts.events == journal.eventCount, counts.outbox == journal.outboxCount else {
        return .failure(
          .moveVerificationFailed(
            path: staging.path, step: .verified,
            reason: "\(counts.events) events and \(counts.outbox) outbox entries; the legacy store had"
              + " \(journal.eventCount ?? -1) and \(journal.outboxCount ?? -1)"))
      }
      return .success(store)
    } catch {
      return .failure(error)
    }
  }

  /// Merges the verified staging store into the target (created if no other process did), in one
  /// transaction, then checks that the target holds every staged event, equal.
  ///
  /// - Returns: How many events were new to the target.
  func merge(from stagingStore: EventStore) throws(StoreError) -> Int {
    let staged = try stagingStore.replica()
    let outbox = try stagingStore.outbox().map(\.id)
    let targetStore = try EventStore(at: target, check: .quick)
    let inserted = try targetStore.merge(staged, outbox: outbox)
    let merged = try targetStore.replica()
    if let missing = staged.events.first(where: { merged.event(withID: $0.id) != $0 }) {
      throw .moveVerificationFailed(
        path: target.path, step: .merged, reason: "staged event \(missing.id) is not in the target")
    }
    precondition(merged.count >= staged.count, "the target holds at least the \(staged.count) staged events")
    return inserted
  }

  /// The first legacy event that the target does not hold (with equal content), or `nil` when
  /// the target holds them all: the check before the legacy files are deleted.
  ///
  /// The legacy store is read as it is, never migrated: its `event` table may be an older
  /// schema's, whose missing columns read as NULL (``EventRow/columns(present:)``).
  func firstLegacyEventMissingFromTarget() throws(StoreError) -> Event? {
    let path = legacy.path
    let legacyReplica = try withLegacy(at: .sourceDeleted) { source throws(StoreError) in
      try mappingErrors(path: path) {
        try source.read { db in
          let present = Set(try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('event')"))
          let rows = try Row.fetchAll(
            db, sql: "SELECT \(EventRow.columns(present: present)) FROM event ORDER BY id")
          return try EventStore.replica(of: rows, path: path)
        }
      }
    }
    let targetReplica = try EventStore(at: target, check: .skipped).replica()
    return legacyReplica.events.first { targetReplica.event(withID: $0.id) != $0 }
  }

  /// Runs `body` with a connection to the legacy store, closed before returning (so that its
  /// files can be deleted afterwards).
  ///
  /// - Throws: ``StoreError/moveSourceMissing(path:step:)`` when the legacy store is gone (it
  ///   is never opened then: opening would create an empty one).
  private func withLegacy<Value>(
    at step: StoreMoveStep, _ body: (DatabaseQueue) throws(StoreError) -> Value
  ) throws(StoreError) -> Value {
    guard exists(legacy) else { throw .moveSourceMissing(path: legacy.path, step: step) }
    return try withDatabaseQueue(path: legacy.path, body)
  }

  /// Deletes the database file at `url` and its companions (`-wal`, `-shm`, `-journal`), the
  /// main file last: until it is gone the store still counts as present.
  func deleteDatabaseFiles(at url: URL, step: StoreMoveStep) throws(StoreError) {
    for suffix in ["-wal", "-shm", "-journal", ""] {
      let path = url.path + suffix
      guard FileManager.default.fileExists(atPath: path) else { continue }
      do {
        try FileManager.default.removeItem(atPath: path)
      } catch {
        throw .moveFileOperation(path: path, step: step, reason: "\(error)")
      }
    }
    guard !exists(url) else {
      throw .moveFileOperation(path: url.path, step: step, reason: "still present after deletion")
    }
  }
}
