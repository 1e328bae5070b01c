public import GlanceKernel
import GRDB

extension EventStore {
  /// Records an event written on this device (an app tap, a delete, a widget intent's tap) and
  /// queues it in the ``outbox()`` for the peer device, in one transaction.
  ///
  /// Recording an event the store already holds, identical, does nothing (it is not queued
  /// again): a retried write is harmless.
  ///
  /// - Returns: `true` when the event was new.
  /// - Throws: ``StoreError/conflictingEvent(id:existing:incoming:path:)`` when the store holds a
  ///   different event with this id, ``StoreError/suspended(path:)`` while the store is
  ///   suspended, ``StoreError/busy(path:reason:)`` when another process holds the database
  ///   longer than ``busyRetry`` waits; nothing is written then.
  @discardableResult
  public func record(_ event: Event) throws(StoreError) -> Bool {
    try write { db in try Self.record(event, in: db, path: path) }
  }

  /// Records `event` as ``record(_:)`` does, and runs `body` inside the transaction after the
  /// event is written and before the commit: what a test makes happen while the store holds the
  /// write lock (another store's write, a suspension). `body` runs once per attempt.
  ///
  /// Test hook.
  @discardableResult
  package func record(_ event: Event, insideTransaction body: () -> Void) throws(StoreError) -> Bool {
    try write { db in
      let new = try Self.record(event, in: db, path: path)
      body()
      return new
    }
  }

  /// The widget intent's write: records `event` as ``record(_:)`` does and computes the widget's
  /// snapshot at `now` from the database as that same transaction left it, so the snapshot
  /// handed to WidgetKit includes the tap and anything any other process committed before it.
  ///
  /// One transaction: a kill at any point leaves neither the event nor its outbox entry, or
  /// both.
  ///
  /// - Throws: ``StoreError/conflictingEvent(id:existing:incoming:path:)``,
  ///   ``StoreError/suspended(path:)``, ``StoreError/busy(path:reason:)`` (nothing is written).
  public func record(
    _ event: Event, snapshotAt now: Instant, in calendar: ZoneCalendar
  ) throws(StoreError) -> TallySnapshot {
    // The day's slice, not the whole table: the write lock is held while it is read.
    try write { db in
      try Self.record(event, in: db, path: path)
      return try Self.tallySnapshot(at: now, in: calendar, of: db, path: path)
    }
  }

  /// The receiver's write: inserts a batch of events that came from the peer device (the watch
  /// through `transferUserInfo`, possibly repeated and out of order), de-duplicated by id, in
  /// one transaction. They are not queued for the peer (they came from it).
  ///
  /// - Returns: How many of the events were new (repeats inside `events` count once).
  /// - Throws: ``StoreError/conflictingEvent(id:existing:incoming:path:)`` for the first event
  ///   whose id the store (or an earlier event of the batch) holds with different content; the
  ///   whole batch is then rolled back, as the kernel's `Replica.merge` leaves its replica
  ///   unchanged; ``StoreError/suspended(path:)``, ``StoreError/busy(path:reason:)`` (nothing
  ///   is written).
  /// - Complexity: O(m log n) for m events into a store of n.
  @discardableResult
  public func receive(_ events: [Event]) throws(StoreError) -> Int {
    let inserted = try write { db in try Self.insert(events, in: db, path: path) }
    precondition((0...events.count).contains(inserted), "\(inserted) new of \(events.count) events")
    return inserted
  }

  /// Removes events from the ``outbox()`` once the peer was handed them.
  ///
  /// Ids that are not in the outbox are ignored (an acknowledgement repeated after a kill).
  ///
  /// - Returns: How many entries were removed.
  /// - Throws: ``StoreError/suspended(path:)``, ``StoreError/busy(path:reason:)`` (nothing is
  ///   removed; acknowledge again later).
  @discardableResult
  public func acknowledge(_ ids: [EventID]) throws(StoreError) -> Int {
    let removed = try write { db in
      var removed = 0
      for id in ids {
        try db.execute(
          sql: "DELETE FROM outbox WHERE event_id = ?", arguments: [EventRow.bytes(of: id.uuid)])
        removed += db.changesCount
      }
      return removed
    }
    precondition((0...ids.count).contains(removed), "removed \(removed) of \(ids.count) outbox entries")
    return removed
  }

  /// Merges another store's events and outbox into this one, in one transaction (the switch of a
  /// store move): every event is inserted as ``receive(_:)`` does, then every outbox entry not
  /// already queued is queued, in `outbox` order.
  ///
  /// - Returns: How many events were new.
  func merge(_ replica: Replica, outbox: [EventID]) throws(StoreError) -> Int {
    try write { db in
      let inserted = try Self.insert(replica.events, in: db, path: path)
      for id in outbox {
        precondition(replica.contains(id), "outbox entry \(id) names an event of the merged replica")
        try db.execute(
          sql: "INSERT INTO outbox (event_id) VALUES (?) ON CONFLICT (event_id) DO NOTHING",
          arguments: [EventRow.bytes(of: id.uuid)])
      }
      return inserted
    }
  }

  /// Inserts `event` and queues it when it is new; `true` when it was new.
  @discardableResult
  static func record(_ event: Event, in db: Database, path: String) throws -> Bool {
    guard try insert(event, in: db, path: path) else { return false }
    try db.cachedStatement(sql: "INSERT INTO outbox (event_id) VALUES (?)").execute(arguments: [EventRow.bytes(of: event.id.uuid)])
    precondition(db.changesCount == 1, "event \(event.id) was queued once")
    return true
  }

  /// Inserts an event unless its id is present.
  static let insertQuery =
    "INSERT INTO event (\(EventRow.columns)) VALUES (\(Array(repeating: "?", count: EventRow.columnNames.count).joined(separator: ", ")))"
    + " ON CONFLICT (id) DO NOTHING"

  /// Inserts `event` unless its id is present; `true` when it was new.
  ///
  /// The id is looked up first, and only an absent one is inserted: a batch from the peer is
  /// mostly events the store holds (the watch re-sends, the phone's digest repeats), and SQLite's
  /// `INSERT … ON CONFLICT DO NOTHING` on a held id cost ten times a lookup (measured in
  /// `simulate --store sqlite`, where it was nine tenths of the run). The write transaction holds
  /// the lock, so no other process can insert the id in between; the insert keeps its
  /// `ON CONFLICT` clause all the same.
  ///
  /// - Throws: ``StoreError/conflictingEvent(id:existing:incoming:path:)`` when the present event
  ///   differs.
  static func insert(_ event: Event, in db: Database, path: String) throws -> Bool {
    let id = EventRow.bytes(of: event.id.uuid)
    // A cursor's row is read in place, not copied (`Row.fetchOne` copies it); the row reads the
    // statement, so the cursor must outlive the decoding (its end resets the statement).
    let cursor = try Row.fetchCursor(db.cachedStatement(sql: selectByIDQuery), arguments: [id])
    let found = try withExtendedLifetime(cursor) { () throws -> Event? in
      guard let row = try cursor.next() else { return nil }
      return try EventRow.decode(row, path: path)
    }
    if let existing = found {
      guard existing == event else {
        throw StoreError.conflictingEvent(id: event.id, existing: existing, incoming: event, path: path)
      }
      return false
    }
    try db.cachedStatement(sql: insertQuery).execute(arguments: EventRow.arguments(of: event))
    precondition(db.changesCount == 1, "event \(event.id) was absent, then not inserted")
    return true
  }

  /// The event with id `?`.
  static let selectByIDQuery = "SELECT \(EventRow.columns) FROM event WHERE id = ?"

  /// Inserts each of `events` whose id is absent, in order, as ``insert(_:in:path:)`` does one
  /// by one, and returns how many were new (a repeat inside `events` counts once).
  ///
  /// The ids present are looked up by one query per ``batchLookupMax`` events rather than one
  /// each: a batch from the peer is mostly events the store holds, and a lookup's statement and
  /// row cost more than the read itself.
  ///
  /// - Throws: ``StoreError/conflictingEvent(id:existing:incoming:path:)`` for the first event
  ///   whose id the store, or an earlier event of `events`, holds with different content.
  static func insert(_ events: [Event], in db: Database, path: String) throws -> Int {
    var held: [EventID: Event] = [:]
    var start = 0
    while start < events.count {
      let chunk = events[start..<min(start + batchLookupMax, events.count)]
      let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
      let statement = try db.cachedStatement(sql: "SELECT \(EventRow.columns) FROM event WHERE id IN (\(placeholders))")
      let cursor = try Row.fetchCursor(
        statement, arguments: StatementArguments(chunk.map { EventRow.bytes(of: $0.id.uuid) }))
      try withExtendedLifetime(cursor) {
        while let row = try cursor.next() {
          let event = try EventRow.decode(row, path: path)
          held[event.id] = event
        }
      }
      start += chunk.count
    }
    var inserted = 0
    for event in events {
      if let existing = held[event.id] {
        guard existing == event else {
          throw StoreError.conflictingEvent(id: event.id, existing: existing, incoming: event, path: path)
        }
        continue
      }
      try db.cachedStatement(sql: insertQuery).execute(arguments: EventRow.arguments(of: event))
      precondition(db.changesCount == 1, "event \(event.id) was absent, then not inserted")
      held[event.id] = event
      inserted += 1
    }
    return inserted
  }

  /// How many ids one lookup query of ``insert(_:in:path:)`` (the batch's) names at most.
  static let batchLookupMax = 64
}
