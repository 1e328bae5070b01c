public import GlanceKernel
import GRDB

/// The kernel's `EventLog`: a sync design written against it runs on this store unchanged.
extension EventStore: EventLog {}

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

  /// The events whose instant lies in `instants`, with every tombstone that targets one of them:
  /// the kernel's `Replica.slice(_:)` of ``replica()``, read through two indexes
  /// (`event_by_instant`, `event_by_target`) instead of the whole table.
  ///
  /// Today's count is `replica(in: today.start..<today.end).count(on: today.date, in: zone)`;
  /// the completions made since `t` are `replica(in: t..<.max).stepCompletions` (see the kernel's
  /// laws for why the slice gives the same figures as the whole log).
  ///
  /// - Complexity: O(k log n) for k events in the slice, of n.
  public func replica(in instants: Range<Instant>) throws(StoreError) -> Replica {
    try mappingErrors(path: path) {
      try pool.read { db in try Self.replica(in: instants, of: db, path: path) }
    }
  }

  /// The slice of `db` (``replica(in:)``), inside whatever transaction `db` is in.
  static func replica(in instants: Range<Instant>, of db: Database, path: String) throws -> Replica {
    let bounds: StatementArguments = [instants.lowerBound.millisecondsSince1970, instants.upperBound.millisecondsSince1970]
    // Read after every change by a surface: the statement is prepared once per connection.
    return try replica(reading: db.cachedStatement(sql: sliceQuery), arguments: bounds, path: path)
  }

  /// The widget's snapshot at `now` from the day's slice of `db` (a snapshot only counts today).
  static func tallySnapshot(at now: Instant, in calendar: ZoneCalendar, of db: Database, path: String) throws -> TallySnapshot {
    let today = calendar.dayInterval(containing: now)
    let slice = try replica(in: today.start..<today.end, of: db, path: path)
    return TallySnapshot(tally: slice.tally, asOf: now, calendar: calendar)
  }

  /// The events of ``replica(in:)``: those inside `[?1, ?2)` by `event_by_instant`, then the
  /// tombstones of those by `event_by_target`; `UNION` drops a tombstone found both ways.
  static let sliceQuery =
    "SELECT \(EventRow.columns) FROM event WHERE instant_ms >= ?1 AND instant_ms < ?2"
    + " UNION SELECT \(EventRow.columns(of: "r")) FROM event t JOIN event r ON r.target_id = t.id"
    + " WHERE t.instant_ms >= ?1 AND t.instant_ms < ?2 ORDER BY id"

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
  /// - Complexity: O(k log n) for k events of the day, of n (it reads the day's slice).
  public func tallySnapshot(at now: Instant, in calendar: ZoneCalendar) throws(StoreError) -> TallySnapshot {
    let snapshot = try mappingErrors(path: path) {
      try pool.read { db in try Self.tallySnapshot(at: now, in: calendar, of: db, path: path) }
    }
    precondition(snapshot.asOf == now, "the snapshot is as of \(now)")
    return snapshot
  }

  /// The number of live adds on the local day of `now` in `calendar`'s zone: the kernel's
  /// `Replica.count(on:in:)` of the day's slice of the store (``replica(in:)``).
  ///
  /// - Complexity: O(k log n) for k events of the day, of n.
  public func todayCount(at now: Instant, in calendar: ZoneCalendar) throws(StoreError) -> Int {
    let today = calendar.dayInterval(containing: now)
    let count = try replica(in: today.start..<today.end).count(on: today.date, in: calendar)
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
    try replica(reading: db.cachedStatement(sql: wholeQuery), arguments: [], path: path)
  }

  /// Every event, in id order (``replica()``).
  static let wholeQuery = "SELECT \(EventRow.columns) FROM event ORDER BY id"

  /// The replica of the event rows `statement` selects (in id order, no id twice), decoded
  /// straight from the statement: no row is copied.
  static func replica(reading statement: Statement, arguments: StatementArguments, path: String) throws -> Replica {
    var events: [Event] = []
    let rows = try Row.fetchCursor(statement, arguments: arguments)
    // Each row is read from the statement the cursor steps (no `DatabaseValue` per column): the
    // cursor must live until the last one is decoded.
    let columns = StatementColumns(statement: statement.sqliteStatement)
    try withExtendedLifetime(rows) {
      while try rows.next() != nil { events.append(try EventRow.decode(columns, path: path)) }
    }
    return try replica(of: events, rowCount: events.count, path: path)
  }

  /// The replica of `rows` (event rows in id order, no id twice).
  static func replica(of rows: [Row], path: String) throws -> Replica {
    var events: [Event] = []
    events.reserveCapacity(rows.count)
    for row in rows { events.append(try EventRow.decode(row, path: path)) }
    return try replica(of: events, rowCount: rows.count, path: path)
  }

  /// The replica of `events`, decoded from `rowCount` rows in id order.
  private static func replica(of events: [Event], rowCount: Int, path: String) throws -> Replica {
    let replica: Replica
    do {
      replica = try Replica(events: events)
    } catch {
      // The primary key makes ids unique; two rows with one id mean a damaged index.
      throw StoreError.corrupted(path: path, reason: "the event table repeats an id: \(error)")
    }
    precondition(replica.count == rowCount, "\(rowCount) rows made a replica of \(replica.count)")
    return replica
  }

  /// The number of rows of `table` in `db`.
  static func count(of table: String, in db: Database) throws -> Int {
    let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
    precondition(count >= 0, "a row count is never negative")
    return count
  }
}
