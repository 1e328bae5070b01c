public import GlanceKernel
import GRDB

extension EventStore {
  /// Every event the store holds, as the kernel's replica (tombstones included).
  ///
  /// Read in one transaction, so a write by another process is either wholly in or wholly out.
  ///
  /// - Throws: ``StoreError/invalidRow(path:id:reason:)`` for a row that is not an event,
  ///   ``StoreError/corrupted(path:reason:)`` when SQLite finds a damaged page.
  /// - Complexity: O(n) for n events (rows come in id order, which is the replica's order).
  public func replica() throws(StoreError) -> Replica {
    try mappingErrors(path: path) { try pool.read { db in try Self.replica(in: db, path: path) } }
  }

  /// The number of events the store holds (tombstones included).
  public func eventCount() throws(StoreError) -> Int {
    try mappingErrors(path: path) { try pool.read { try Self.count(of: "event", in: $0) } }
  }

  /// The number of entries in the ``outbox()``.
  public func outboxCount() throws(StoreError) -> Int {
    try mappingErrors(path: path) { try pool.read { try Self.count(of: "outbox", in: $0) } }
  }

  /// The widget's snapshot: today's count at `now` in `calendar`'s zone, computed by the kernel
  /// (`TallySnapshot(tally:asOf:calendar:)`) from the replica the database holds.
  ///
  /// - Complexity: O(n log n) for n events.
  public func tallySnapshot(at now: Instant, in calendar: ZoneCalendar) throws(StoreError) -> TallySnapshot {
    let snapshot = TallySnapshot(tally: try replica().tally, asOf: now, calendar: calendar)
    precondition(snapshot.asOf == now, "the snapshot is as of \(now)")
    return snapshot
  }

  /// The number of live adds on the local day of `now` in `calendar`'s zone: the kernel's
  /// `Replica.count(on:in:)` of the stored replica.
  ///
  /// - Complexity: O(n) for n events.
  public func todayCount(at now: Instant, in calendar: ZoneCalendar) throws(StoreError) -> Int {
    let count = try replica().count(on: calendar.date(containing: now), in: calendar)
    precondition(count >= 0, "a count is never negative")
    return count
  }

  /// The events this device recorded and has not yet handed to its peer (the watch, or on the
  /// watch the phone), in the order they were recorded.
  ///
  /// Hand them to `transferUserInfo`, then ``acknowledge(_:)`` them; a kill in between hands
  /// them again, which the receiver's ``receive(_:)`` ignores.
  public func outbox() throws(StoreError) -> [Event] {
    try mappingErrors(path: path) {
      try pool.read { db in
        let rows = try Row.fetchAll(
          db,
          sql: "SELECT \(EventRow.columns(of: "e")) FROM outbox o JOIN event e ON e.id = o.event_id"
            + " ORDER BY o.sequence")
        var events: [Event] = []
        events.reserveCapacity(rows.count)
        for row in rows { events.append(try EventRow.decode(row, path: path)) }
        return events
      }
    }
  }

  /// The replica of the events in `db`.
  static func replica(in db: Database, path: String) throws -> Replica {
    let rows = try Row.fetchAll(db, sql: "SELECT \(EventRow.columns) FROM event ORDER BY id")
    var events: [Event] = []
    events.reserveCapacity(rows.count)
    for row in rows { events.append(try EventRow.decode(row, path: path)) }
    let replica: Replica
    do {
      replica = try Replica(events: events)
    } catch {
      // The primary key makes ids unique; two rows with one id mean a damaged index.
      throw StoreError.corrupted(path: path, reason: "the event table repeats an id: \(error)")
    }
    precondition(replica.count == rows.count, "\(rows.count) rows made a replica of \(replica.count)")
    return replica
  }

  /// The number of rows of `table` in `db`.
  static func count(of table: String, in db: Database) throws -> Int {
    let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
    precondition(count >= 0, "a row count is never negative")
    return count
  }
}
