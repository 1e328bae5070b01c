import Foundation
import GRDB
import GlanceKernel
import GlanceStore
import Testing

/// Migration `v3-task-list`: a file of the previous release (v1-events and v2-slices, written
/// from a frozen copy of their SQL) is rebuilt with the task list's columns and loses nothing;
/// the new `CHECK` constraints refuse a row that does not match its kind; a legacy store of the
/// previous release still moves; rows that no constraint guards decode to typed errors.
@Suite("Task-list migration")
struct TaskListMigrationTests {
  static let now = Fixtures.utc("2024-06-14T21:59:00Z")

  /// The schema of the previous release, as it shipped (v1-events then v2-slices, word for word;
  /// a frozen copy: a migration never changes), with GRDB's record of both.
  static let shippedVersion2 = """
    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
    INSERT INTO grdb_migrations (identifier) VALUES ('v1-events');
    INSERT INTO grdb_migrations (identifier) VALUES ('v2-slices');

    CREATE TABLE event (
      id BLOB NOT NULL PRIMARY KEY CHECK (length(id) = 16),
      kind TEXT NOT NULL CHECK (kind IN ('add', 'remove', 'complete', 'uncomplete', 'expense')),
      instant_ms INTEGER NOT NULL,
      origin TEXT NOT NULL CHECK (origin IN ('app', 'widgetIntent', 'watch')),
      target_id BLOB CHECK (length(target_id) = 16),
      step_id BLOB CHECK (length(step_id) = 16),
      amount TEXT,
      currency TEXT,
      note TEXT,
      CHECK ((kind = 'remove') = (target_id IS NOT NULL)),
      CHECK ((kind IN ('complete', 'uncomplete')) = (step_id IS NOT NULL)),
      CHECK ((kind = 'expense') = (amount IS NOT NULL)),
      CHECK ((kind = 'expense') = (currency IS NOT NULL)),
      CHECK ((kind = 'expense') = (note IS NOT NULL))
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE outbox (
      sequence INTEGER PRIMARY KEY AUTOINCREMENT,
      event_id BLOB NOT NULL UNIQUE REFERENCES event(id)
    ) STRICT;

    CREATE TRIGGER event_is_immutable BEFORE UPDATE ON event
    BEGIN
      SELECT RAISE(ABORT, 'events are immutable: write a new event');
    END;

    CREATE TRIGGER event_is_never_deleted BEFORE DELETE ON event
    BEGIN
      SELECT RAISE(ABORT, 'events are never deleted: write a remove event');
    END;

    CREATE INDEX event_by_instant ON event (instant_ms);
    CREATE INDEX event_by_target ON event (target_id) WHERE target_id IS NOT NULL;
    """

  /// Every kind the previous release knew, from every origin: two adds (one removed), a
  /// dangling tombstone, a toggle pair, an expense beyond `Int64` with a quoted note, and
  /// instants at `Int64`'s ends.
  static func version2Events() throws -> [Event] {
    let expense = try Money(canonical: "-123456789012345678901234567.05", currency: .eur)
    let kinds: [EventKind] = [
      .add, .add, .remove(target: Fixtures.eventID(0x01)), .remove(target: Fixtures.eventID(0xEE)),
      .complete(step: Fixtures.stepID(1)), .uncomplete(step: Fixtures.stepID(1)),
      .expense(amount: expense, note: "quote ' and \" 🚲"),
    ]
    let instants: [Int64] = [.min, 0, 1, -1, now.millisecondsSince1970, .max, 1_711_800_000_000]
    return kinds.indices.map { index in
      Event(
        id: Fixtures.eventID(UInt8(index + 1)), kind: kinds[index],
        instant: Instant(millisecondsSince1970: instants[index]),
        origin: Origin.allCases[index % Origin.allCases.count])
    }
  }

  /// Inserts `event` as the previous release's `EventRow` did (nine columns), written out here
  /// rather than by the code under test.
  static func insertVersion2(_ event: Event, in db: Database) throws {
    func blob(_ uuid: UUID) -> Data { withUnsafeBytes(of: uuid.uuid) { Data($0) } }
    var kind = "add"
    var target: Data? = nil
    var step: Data? = nil
    var amount: String? = nil
    var currency: String? = nil
    var note: String? = nil
    switch event.kind {
    case .add: break
    case .remove(let id): (kind, target) = ("remove", blob(id.uuid))
    case .complete(let id): (kind, step) = ("complete", blob(id.uuid))
    case .uncomplete(let id): (kind, step) = ("uncomplete", blob(id.uuid))
    case .expense(let money, let text):
      (kind, amount, currency, note) = ("expense", money.description, money.currency.code, text)
    case .defineTask, .removeTask, .defineStep, .removeStep: preconditionFailure("v2 has no kind \(event.kind)")
    }
    try db.execute(
      sql: "INSERT INTO event (id, kind, instant_ms, origin, target_id, step_id, amount, currency, note)"
        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      arguments: [
        blob(event.id.uuid), kind, event.instant.millisecondsSince1970, event.origin.rawValue, target, step,
        amount, currency, note,
      ])
  }

  /// A file of the previous release at `url` holding `events`, with `outboxed` queued in that
  /// order after a dropped entry (so the sequence numbers have a gap that must survive).
  static func writeVersion2(at url: URL, events: [Event], outboxed: [EventID]) throws {
    let raw = try DatabaseQueue(path: url.path)
    try raw.write { db in
      try db.execute(sql: shippedVersion2)
      for event in events { try insertVersion2(event, in: db) }
      let dropped = withUnsafeBytes(of: events[0].id.uuid) { Data($0) }
      try db.execute(sql: "INSERT INTO outbox (event_id) VALUES (?)", arguments: [dropped])
      try db.execute(sql: "DELETE FROM outbox WHERE event_id = ?", arguments: [dropped])
      for id in outboxed {
        try db.execute(
          sql: "INSERT INTO outbox (event_id) VALUES (?)", arguments: [withUnsafeBytes(of: id.uuid) { Data($0) }])
      }
    }
    try raw.close()
  }

  /// The outbox as stored: each entry's sequence number and event id, in sequence order.
  static func outboxRows(_ db: Database) throws -> [String] {
    try String.fetchAll(db, sql: "SELECT sequence || ' ' || hex(event_id) FROM outbox ORDER BY sequence")
  }

  @Test("a v2 file is rebuilt to v3: every event, outbox entry, trigger and index is kept")
  func migratesVersion2() throws {
    let directory = try TemporaryDirectory("migration-v2")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    let events = try Self.version2Events()
    let outboxed = [events[4].id, events[2].id, events[6].id]
    try Self.writeVersion2(at: url, events: events, outboxed: outboxed)
    let raw = try DatabaseQueue(path: url.path)
    let outboxBefore = try raw.read(Self.outboxRows)
    #expect(outboxBefore.map { $0.prefix(2) } == ["2 ", "3 ", "4 "])

    let store = try EventStore(at: url, check: .full)
    #expect(try store.replica() == Replica(events: events))
    #expect(try store.outbox().map(\.id) == outboxed)
    try raw.read { db in
      #expect(try Self.outboxRows(db) == outboxBefore)
      #expect(
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
          == ["v1-events", "v2-slices", "v3-task-list", "v4-plain-checks"])
      #expect(
        try String.fetchAll(
          db, sql: "SELECT type || ' ' || name FROM sqlite_master WHERE tbl_name = 'event' ORDER BY name")
          == [
            "table event", "index event_by_instant", "index event_by_target", "trigger event_is_immutable",
            "trigger event_is_never_deleted",
          ])
      #expect(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE '%new_event%'") == [])
      // The outbox still points at `event` (renaming the old table away would have moved it).
      #expect(try String.fetchAll(db, sql: "SELECT \"table\" FROM pragma_foreign_key_list('outbox')") == ["event"])
      #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
      let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info('event') ORDER BY cid")
      #expect(columns.suffix(3) == ["task_id", "title", "position"])
    }
    try expectImmutable(raw)
    // A foreign key is still enforced: no outbox entry for an event the store does not hold.
    #expect(throws: DatabaseError.self) {
      try raw.write {
        try $0.execute(sql: "INSERT INTO outbox (event_id) VALUES (?)", arguments: [Data(repeating: 0, count: 16)])
      }
    }
    try raw.close()

    // The task list's kinds are written and read back after the migration.
    let defineTask = Event(
      id: Fixtures.eventID(0x40), kind: .defineTask(StoreGen.taskID(1), title: "Lire", order: 2), instant: Self.now,
      origin: .app)
    let defineStep = Event(
      id: Fixtures.eventID(0x41), kind: .defineStep(Fixtures.stepID(1), task: StoreGen.taskID(1), order: 0),
      instant: Self.now, origin: .app)
    #expect(try store.receive([defineTask, defineStep]) == 2)
    let replica = try store.replica()
    #expect(replica == (try Replica(events: events + [defineTask, defineStep])))
    #expect(
      replica.stepTasks(startingWith: [])
        == [StepTask(id: StoreGen.taskID(1), title: "Lire", order: 2, steps: [Fixtures.stepID(1)])])
  }

  /// Checks that `event` refuses `UPDATE` and `DELETE` with the triggers' messages (row
  /// triggers: the table must hold a row for them to fire).
  func expectImmutable(_ raw: DatabaseQueue, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let count = try raw.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM event") ?? 0 }
    try #require(count > 0, "an empty table fires no row trigger", sourceLocation: sourceLocation)
    for (sql, message) in [
      ("UPDATE event SET instant_ms = 0", "events are immutable: write a new event"),
      ("DELETE FROM event", "events are never deleted: write a remove event"),
      ("DELETE FROM event WHERE id = (SELECT max(id) FROM event)", "events are never deleted: write a remove event"),
    ] {
      #expect(sourceLocation: sourceLocation) {
        try raw.write { try $0.execute(sql: sql) }
      } throws: { error in
        (error as? DatabaseError)?.message == message
      }
    }
  }

  @Test("several processes opening a v2 file at once rebuild it once", arguments: 0..<4)
  func concurrentMigration(round: Int) async throws {
    let directory = try TemporaryDirectory("migration-concurrent-\(round)")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    let events = try Self.version2Events()
    try Self.writeVersion2(at: url, events: events, outboxed: [events[1].id])
    let definitions = (UInt8(0)..<4).map { index in
      Event(
        id: Fixtures.eventID(0x50 + index), kind: .defineTask(StoreGen.taskID(index), title: "T\(index)", order: 0),
        instant: Self.now, origin: .widgetIntent)
    }
    let opened = await Fixtures.openConcurrently(url, receiving: definitions.map { [$0] })
    for result in opened { #expect(try result.get() == 1) }
    let store = try EventStore(at: url, check: .full)
    #expect(try store.replica() == Replica(events: events + definitions))
    #expect(try store.outbox().map(\.id) == [events[1].id])
  }

  @Test("the v3 CHECK constraints refuse a row whose columns do not match its kind")
  func checksRefuseMismatchedRows() throws {
    let directory = try TemporaryDirectory("migration-checks")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    _ = try EventStore(at: url, check: .quick)
    let raw = try DatabaseQueue(path: url.path)
    defer { try? raw.close() }
    let id = "x'00112233445566778899AABBCCDDEEFF'"
    let other = "x'FFEEDDCCBBAA99887766554433221100'"
    let insert = "INSERT INTO event (id, kind, instant_ms, origin"
    let refusals = [
      // defineTask: task_id, title and position, nothing else.
      "\(insert), task_id, position) VALUES (\(id), 'defineTask', 1, 'app', \(other), 0)",
      "\(insert), task_id, title) VALUES (\(id), 'defineTask', 1, 'app', \(other), 'Lire')",
      "\(insert), title, position) VALUES (\(id), 'defineTask', 1, 'app', 'Lire', 0)",
      "\(insert), task_id, title, position, step_id)"
        + " VALUES (\(id), 'defineTask', 1, 'app', \(other), 'Lire', 0, \(other))",
      "\(insert), task_id, title, position) VALUES (\(id), 'defineTask', 1, 'app', x'0011', 'Lire', 0)",
      "\(insert), task_id, title, position) VALUES (\(id), 'defineTask', 1, 'app', \(other), 'Lire', 1.5)",
      "\(insert), task_id, title, position) VALUES (\(id), 'defineTask', 1, 'app', \(other), x'00', 0)",
      // removeTask: task_id only.
      "\(insert)) VALUES (\(id), 'removeTask', 1, 'app')",
      "\(insert), task_id, title) VALUES (\(id), 'removeTask', 1, 'app', \(other), 'Lire')",
      // defineStep: step_id, task_id and position.
      "\(insert), step_id, position) VALUES (\(id), 'defineStep', 1, 'app', \(other), 0)",
      "\(insert), step_id, task_id) VALUES (\(id), 'defineStep', 1, 'app', \(other), \(other))",
      "\(insert), step_id, task_id, position, title) VALUES (\(id), 'defineStep', 1, 'app', \(other), \(other), 0, '')",
      // removeStep: step_id only.
      "\(insert), task_id) VALUES (\(id), 'removeStep', 1, 'app', \(other))",
      "\(insert), step_id, position) VALUES (\(id), 'removeStep', 1, 'app', \(other), 0)",
      // The earlier kinds take none of the new columns.
      "\(insert), position) VALUES (\(id), 'add', 1, 'app', 0)",
      "\(insert), step_id, task_id) VALUES (\(id), 'complete', 1, 'app', \(other), \(other))",
      "\(insert), target_id, title) VALUES (\(id), 'remove', 1, 'app', \(other), 'x')",
      // Not a kind.
      "\(insert)) VALUES (\(id), 'renameTask', 1, 'app')",
    ]
    for sql in refusals {
      do {
        try raw.write { try $0.execute(sql: sql) }
        Issue.record("accepted: \(sql)")
      } catch {
        #expect(error is DatabaseError, "\(sql): \(error)")
      }
    }
    #expect(try raw.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM event") } == 0)
    // The same rows, completed, are accepted (the refusals are not refusing everything).
    let zeros = String(repeating: "0", count: 30)
    let accepted = [
      "\(insert), task_id, title, position) VALUES (x'\(zeros)01', 'defineTask', 1, 'app', \(other), '', -1)",
      "\(insert), task_id) VALUES (x'\(zeros)02', 'removeTask', 1, 'app', \(other))",
      "\(insert), step_id, task_id, position) VALUES (x'\(zeros)03', 'defineStep', 1, 'app', \(other), \(other), 0)",
      "\(insert), step_id) VALUES (x'\(zeros)04', 'removeStep', 1, 'app', \(other))",
    ]
    for sql in accepted {
      try raw.write { try $0.execute(sql: sql) }
    }
    try expectImmutable(raw)
    let replica = try EventStore(at: url, check: .full).replica()
    let task = TaskID(
      UUID(uuid: (0xFF, 0xEE, 0xDD, 0xCC, 0xBB, 0xAA, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00)))
    #expect(
      replica.events.map(\.kind) == [
        .defineTask(task, title: "", order: -1), .removeTask(task),
        .defineStep(StepID(task.uuid), task: task, order: 0), .removeStep(StepID(task.uuid)),
      ])
  }

  /// A row of one kind with some of its columns, and the reason its decoding must give.
  struct UnguardedRow: Sendable, CustomTestStringConvertible {
    let kind: String
    let columns: String
    let values: String
    let reason: String
    var testDescription: String { reason }
  }

  static let full = "x'FFEEDDCCBBAA99887766554433221100'"

  static let unguardedRows = [
    UnguardedRow(
      kind: "defineTask", columns: "task_id, position", values: "\(full), 0", reason: "defineTask has no text title"),
    UnguardedRow(
      kind: "defineTask", columns: "title, position", values: "'Lire', 0", reason: "defineTask has no 16-byte task_id"),
    UnguardedRow(
      kind: "defineTask", columns: "task_id, title", values: "\(full), 'Lire'",
      reason: "defineTask has no integer position"),
    UnguardedRow(
      kind: "removeTask", columns: "task_id", values: "x'0011'", reason: "removeTask has no 16-byte task_id"),
    UnguardedRow(
      kind: "defineStep", columns: "step_id, position", values: "\(full), 3",
      reason: "defineStep has no 16-byte task_id"),
    UnguardedRow(
      kind: "defineStep", columns: "task_id, position", values: "\(full), 3",
      reason: "defineStep has no 16-byte step_id"),
    UnguardedRow(
      kind: "defineStep", columns: "step_id, task_id, position", values: "\(full), \(full), 'x'",
      reason: "defineStep has no integer position"),
    UnguardedRow(kind: "removeStep", columns: "task_id", values: full, reason: "removeStep has no 16-byte step_id"),
  ]

  @Test("a row no constraint guards is a typed error naming what is wrong", arguments: unguardedRows)
  func unguardedRowsAreTypedErrors(row: UnguardedRow) throws {
    let (kind, columns, values, reason) = (row.kind, row.columns, row.values, row.reason)
    let directory = try TemporaryDirectory("migration-unguarded-\(kind)-\(reason)")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    // A v3 file written by another program: v3's columns, none of its constraints.
    let raw = try DatabaseQueue(path: url.path)
    try raw.write { db in
      try db.execute(
        sql: """
          CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
          INSERT INTO grdb_migrations (identifier) VALUES ('v1-events'), ('v2-slices'), ('v3-task-list');
          CREATE TABLE event (
            id BLOB PRIMARY KEY, kind TEXT, instant_ms INTEGER, origin TEXT, target_id BLOB, step_id BLOB,
            amount TEXT, currency TEXT, note TEXT, task_id BLOB, title TEXT, position INTEGER);
          CREATE TABLE outbox (sequence INTEGER PRIMARY KEY AUTOINCREMENT, event_id BLOB UNIQUE REFERENCES event(id));
          INSERT INTO event (id, kind, instant_ms, origin, \(columns))
            VALUES (x'00112233445566778899AABBCCDDEEFF', '\(kind)', 1, 'app', \(values));
          """)
    }
    try raw.close()
    let store = try EventStore(at: url, check: .quick)
    #expect(throws: StoreError.invalidRow(path: url.path, id: "00112233445566778899AABBCCDDEEFF", reason: reason)) {
      try store.replica()
    }
  }

  @Test("a legacy store of the previous release moves without being migrated first")
  func movesVersion2Legacy() throws {
    let directory = try TemporaryDirectory("migration-move-v2")
    defer { directory.remove() }
    let support = directory.file("ApplicationSupport")
    let group = directory.file("AppGroup")
    for folder in [support, group] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    }
    let move = StoreMove(
      from: support.appendingPathComponent("glance.sqlite"), to: group.appendingPathComponent("glance.sqlite"))
    let events = try Self.version2Events()
    let outboxed = [events[3].id, events[0].id]
    try Self.writeVersion2(at: move.legacy, events: events, outboxed: outboxed)
    // The widget wrote a task definition to the new location first.
    let widget = Event(
      id: Fixtures.eventID(0x60), kind: .defineTask(StoreGen.taskID(0), title: "Courir", order: 1),
      instant: Self.now, origin: .widgetIntent)
    try EventStore(at: move.target, check: .quick).record(widget)

    #expect(try move.run() == .moved(legacyEventCount: events.count, insertedCount: events.count))
    let target = try EventStore(at: move.target, check: .full)
    #expect(try target.replica() == Replica(events: events + [widget]))
    #expect(Set(try target.outbox().map(\.id)) == Set(outboxed + [widget.id]))
    #expect(try FileManager.default.contentsOfDirectory(atPath: support.path) == [])
    #expect(try move.run() == .nothingToMove)
  }
}
