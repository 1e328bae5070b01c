import Foundation
import GRDB
import GlanceKernel
import GlanceStore
import Testing

/// Hand-worked examples of the event store.
@Suite("Event store")
struct EventStoreTests {
  // Zurich is UTC+2 in June: 2024-06-14T21:59Z is 23:59 local on 14 June.
  static let now = Fixtures.utc("2024-06-14T21:59:00Z")

  @Test("an empty store counts 0 and its snapshot is today's 0")
  func emptyStore() throws {
    let directory = try TemporaryDirectory("store-empty")
    defer { directory.remove() }
    let store = try EventStore(at: directory.file("glance.sqlite"), check: .full)
    #expect(try store.replica() == Replica())
    #expect(try store.todayCount(at: Self.now, in: Fixtures.zurich) == 0)
    let snapshot = try store.tallySnapshot(at: Self.now, in: Fixtures.zurich)
    #expect(snapshot.todayCount == 0)
    #expect(snapshot.dayKey == Fixtures.zurich.dayKey(containing: Self.now))
    #expect(try store.outbox().isEmpty)
  }

  @Test("today's count in Zurich: local midnight splits the days, a tombstone removes its target")
  func todayInZurich() throws {
    let directory = try TemporaryDirectory("store-today")
    defer { directory.remove() }
    let store = try EventStore(at: directory.file("glance.sqlite"), check: .quick)
    let events = [
      Fixtures.add(1, at: Fixtures.utc("2024-06-14T06:00:00Z")),  // 08:00 on the 14th, removed below
      Fixtures.add(2, at: Fixtures.utc("2024-06-14T21:30:00Z"), from: .widgetIntent),  // 23:30 on the 14th
      Fixtures.add(3, at: Fixtures.utc("2024-06-13T21:59:00Z"), from: .watch),  // 23:59 on the 13th
      Fixtures.add(4, at: Fixtures.utc("2024-06-14T22:01:00Z")),  // 00:01 on the 15th
      Event(
        id: Fixtures.eventID(5), kind: .remove(target: Fixtures.eventID(1)),
        instant: Fixtures.utc("2024-06-14T12:00:00Z"), origin: .app),
      Fixtures.add(6, at: Fixtures.utc("2024-06-13T22:00:00Z"), from: .watch),  // 00:00 on the 14th
    ]
    #expect(try store.receive(events) == 6)
    #expect(try store.todayCount(at: Self.now, in: Fixtures.zurich) == 2)  // events 2 and 6
    let afterMidnight = Fixtures.utc("2024-06-14T22:05:00Z")  // 00:05 on the 15th
    #expect(try store.todayCount(at: afterMidnight, in: Fixtures.zurich) == 1)  // event 4
    let snapshot = try store.tallySnapshot(at: Self.now, in: Fixtures.zurich)
    #expect(snapshot.todayCount == 2)
    #expect(snapshot.count(at: afterMidnight, in: Fixtures.zurich) == 0)
    // In UTC the 14th holds 06:00 (removed), 21:30 and 22:01; 21:59 and 22:00 are on the 13th.
    #expect(try store.todayCount(at: Self.now, in: Fixtures.calendar("UTC")) == 2)
  }

  @Test("inserting the same event again is a no-op; receive counts only new events, repeats once")
  func idempotentInsert() throws {
    let directory = try TemporaryDirectory("store-idempotent")
    defer { directory.remove() }
    let store = try EventStore(at: directory.file("glance.sqlite"), check: .quick)
    let a = Fixtures.add(1, at: Self.now, from: .watch)
    let b = Fixtures.add(2, at: Self.now, from: .watch)
    let c = Fixtures.add(3, at: Self.now, from: .watch)
    #expect(try store.receive([a]) == 1)
    #expect(try store.receive([a, b, a, c, b]) == 2)
    #expect(try store.receive([c, b, a]) == 0)
    #expect(try store.record(a) == false)
    #expect(try store.replica() == Replica(events: [c, b, a]))
    #expect(try store.todayCount(at: Self.now, in: Fixtures.zurich) == 3)
  }

  @Test("a batch longer than one lookup query: held, new and repeated events across its chunks count once each")
  func longBatch() throws {
    let directory = try TemporaryDirectory("store-long-batch")
    defer { directory.remove() }
    let store = try EventStore(at: directory.file("glance.sqlite"), check: .quick)
    let events = (0..<200).map { Fixtures.add(UInt8($0), at: Self.now.advanced(by: Int64($0)), from: .watch) }
    #expect(try store.receive(Array(events[50..<120])) == 70)
    // Held ones, new ones, and repeats of both, one chunk apart.
    let batch = events + Array(events[0..<80]) + Array(events[100..<170])
    #expect(batch.count > 3 * 64)
    #expect(try store.receive(batch) == 130)
    #expect(try store.replica() == Replica(events: events))
    #expect(try store.receive(batch.reversed()) == 0)
  }

  @Test("the same id with different content is a typed error naming the id; nothing is written")
  func conflictingEvent() throws {
    let directory = try TemporaryDirectory("store-conflict")
    defer { directory.remove() }
    let store = try EventStore(at: directory.file("glance.sqlite"), check: .quick)
    let original = Fixtures.add(7, at: Self.now, from: .widgetIntent)
    try store.record(original)
    let forged = Fixtures.add(7, at: Self.now, from: .watch)
    let fresh = Fixtures.add(8, at: Self.now, from: .watch)
    let expected = StoreError.conflictingEvent(id: original.id, existing: original, incoming: forged, path: store.url.path)
    #expect(throws: expected) { try store.receive([fresh, forged]) }
    #expect(throws: expected) { try store.record(forged, snapshotAt: Self.now, in: Fixtures.zurich) }
    #expect(try store.replica() == Replica(events: [original]))
    #expect(try store.outbox() == [original])
    #expect(expected.description.contains(original.id.description))
    #expect(expected.description.contains(store.url.path))
  }

  @Test("the widget intent writes the event and its outbox entry together and returns the new snapshot")
  func widgetIntent() throws {
    let directory = try TemporaryDirectory("store-intent")
    defer { directory.remove() }
    let store = try EventStore(at: directory.file("glance.sqlite"), check: .quick)
    let app = Fixtures.add(1, at: Self.now.advanced(by: -60_000))
    let tap = Fixtures.add(2, at: Self.now, from: .widgetIntent)
    let watch = Fixtures.add(3, at: Self.now.advanced(by: -120_000), from: .watch)
    try store.record(app)
    try store.receive([watch])
    let snapshot = try store.record(tap, snapshotAt: Self.now, in: Fixtures.zurich)
    #expect(snapshot.todayCount == 3)
    #expect(snapshot.asOf == Self.now)
    // A retried intent (the same tap) changes nothing.
    #expect(try store.record(tap, snapshotAt: Self.now, in: Fixtures.zurich) == snapshot)
    // The watch's event is not sent back to the watch.
    #expect(try store.outbox() == [app, tap])
    #expect(try store.acknowledge([app.id, watch.id]) == 1)
    #expect(try store.acknowledge([app.id]) == 0)
    #expect(try store.outbox() == [tap])
  }

  @Test("two stores on one file (two processes) see each other's writes")
  func twoProcesses() throws {
    let directory = try TemporaryDirectory("store-two-processes")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    let app = try EventStore(at: url, check: .quick)
    let widget = try EventStore(at: url, check: .quick)
    try app.record(Fixtures.add(1, at: Self.now))
    _ = try widget.record(Fixtures.add(2, at: Self.now, from: .widgetIntent), snapshotAt: Self.now, in: Fixtures.zurich)
    #expect(try app.todayCount(at: Self.now, in: Fixtures.zurich) == 2)
    #expect(try widget.replica() == app.replica())
    #expect(try widget.outboxCount() == 2)
  }

  @Test("processes opening a new file at the same time create the schema once", arguments: 0..<8)
  func concurrentFirstOpen(round: Int) async throws {
    let directory = try TemporaryDirectory("store-first-open-\(round)")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    let opened = await Fixtures.openConcurrently(url, receiving: (UInt8(1)...4).map { [Fixtures.add($0, at: Self.now)] })
    for result in opened { #expect(try result.get() == 1) }
    #expect(try EventStore(at: url, check: .full).eventCount() == 4)
  }

  @Test("the schema keeps integers, 16-byte ids, and refuses floating-point instants, updates and deletes")
  func schema() throws {
    let directory = try TemporaryDirectory("store-schema")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    try EventStore(at: url, check: .quick).record(Fixtures.add(1, at: Self.now))
    let raw = try DatabaseQueue(path: url.path)
    try raw.read { db in
      let row = try #require(try Row.fetchOne(db, sql: "SELECT typeof(id), length(id), typeof(instant_ms), instant_ms FROM event"))
      #expect(row[0] as String == "blob")
      #expect(row[1] as Int == 16)
      #expect(row[2] as String == "integer")
      #expect(row[3] as Int64 == Self.now.millisecondsSince1970)
    }
    let refusals = [
      "INSERT INTO event (id, kind, instant_ms, origin) VALUES (x'00112233445566778899AABBCCDDEEFF', 'add', 1.5, 'app')",
      "INSERT INTO event (id, kind, instant_ms, origin) VALUES (x'0011', 'add', 1, 'app')",
      "INSERT INTO event (id, kind, instant_ms, origin) VALUES (x'00112233445566778899AABBCCDDEEFF', 'remove', 1, 'app')",
      "UPDATE event SET instant_ms = 0",
      "DELETE FROM event",
    ]
    for sql in refusals {
      #expect(throws: DatabaseError.self, "\(sql)") { try raw.write { try $0.execute(sql: sql) } }
    }
    try raw.close()
  }

  /// The schema of the first release, as it shipped (a frozen copy: a migration never changes).
  static let shippedVersion1 = """
    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
    INSERT INTO grdb_migrations (identifier) VALUES ('v1-events');
    CREATE TABLE event (
      id BLOB NOT NULL PRIMARY KEY CHECK (length(id) = 16),
      kind TEXT NOT NULL CHECK (kind IN ('add', 'remove', 'complete', 'uncomplete', 'expense')),
      instant_ms INTEGER NOT NULL,
      origin TEXT NOT NULL CHECK (origin IN ('app', 'widgetIntent', 'watch')),
      target_id BLOB CHECK (length(target_id) = 16),
      step_id BLOB CHECK (length(step_id) = 16),
      amount TEXT, currency TEXT, note TEXT
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE outbox (
      sequence INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id BLOB NOT NULL UNIQUE REFERENCES event(id)
    ) STRICT;
    INSERT INTO event (id, kind, instant_ms, origin) VALUES (x'01000000000040008000000000000001', 'add', 1773100800000, 'app');
    INSERT INTO event (id, kind, instant_ms, origin, target_id)
      VALUES (x'01000000000040008000000000000002', 'remove', 1773104400000, 'app', x'01000000000040008000000000000001');
    INSERT INTO outbox (event_id) VALUES (x'01000000000040008000000000000002');
    """

  @Test("a file of the first release is migrated (v2-slices adds two indexes, v3-task-list rebuilds event) and keeps every event")
  func migratesVersion1() throws {
    let directory = try TemporaryDirectory("store-v1")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    let raw = try DatabaseQueue(path: url.path)
    try raw.write { try $0.execute(sql: Self.shippedVersion1) }
    try raw.close()
    let store = try EventStore(at: url, check: .full)
    let replica = try store.replica()
    #expect(replica.count == 2)
    #expect(replica.liveAdds.isEmpty)  // the add is removed
    #expect(try store.outbox().map(\.id) == [replica.events[1].id])
    let reopened = try DatabaseQueue(path: url.path)
    let (migrations, indexes) = try reopened.read { db in
      (
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'event_by_%' ORDER BY name")
      )
    }
    try reopened.close()
    #expect(migrations == ["v1-events", "v2-slices", "v3-task-list", "v4-plain-checks"])
    #expect(indexes == ["event_by_instant", "event_by_target"])
  }

  @Test("a database migrated by a newer version is refused, not written to")
  func newerSchema() throws {
    let directory = try TemporaryDirectory("store-newer")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    try EventStore(at: url, check: .quick).record(Fixtures.add(1, at: Self.now))
    let raw = try DatabaseQueue(path: url.path)
    try raw.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2-future')") }
    try raw.close()
    let bytes = try Data(contentsOf: url)
    #expect(throws: StoreError.newerSchema(path: url.path, migrations: ["v2-future"])) {
      try EventStore(at: url, check: .quick)
    }
    #expect(try Data(contentsOf: url) == bytes)
  }

  @Test("a row that is not an event is a typed error naming the row")
  func invalidRow() throws {
    let directory = try TemporaryDirectory("store-invalid-row")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    let store = try EventStore(at: url, check: .quick)
    let raw = try DatabaseQueue(path: url.path)
    try raw.write {
      try $0.execute(
        sql: "INSERT INTO event (id, kind, instant_ms, origin, amount, currency, note)"
          + " VALUES (x'00112233445566778899AABBCCDDEEFF', 'expense', 1, 'app', '1e3', 'CHF', '')")
    }
    try raw.close()
    #expect {
      try store.replica()
    } throws: { error in
      guard case .invalidRow(let path, let id, let reason) = error as? StoreError else { return false }
      return path == url.path && id == "00112233445566778899AABBCCDDEEFF" && reason.contains("1e3")
    }
  }
}
