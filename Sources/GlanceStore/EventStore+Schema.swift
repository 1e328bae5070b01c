import GRDB

/// The store's schema, one named migration at a time. A migration, once shipped, never changes:
/// a new column or table is a new migration appended here.
///
/// ## v1-events
/// ```sql
/// event (                      -- the replicated log: append-only, one row per event
///   id          BLOB PRIMARY KEY,  -- 16 bytes, UUID.uuid order (memcmp order = kernel id order)
///   kind        TEXT,              -- add | remove | complete | uncomplete | expense
///   instant_ms  INTEGER,           -- Instant.millisecondsSince1970
///   origin      TEXT,              -- app | widgetIntent | watch
///   target_id   BLOB,              -- remove only: the tombstone's target
///   step_id     BLOB,              -- complete / uncomplete only
///   amount, currency, note TEXT    -- expense only: canonical amount, ISO code, note
/// ) STRICT, WITHOUT ROWID
/// outbox (                     -- events this device wrote and has not yet handed to its peer
///   sequence    INTEGER PRIMARY KEY AUTOINCREMENT,  -- the order they were recorded in
///   event_id    BLOB UNIQUE REFERENCES event(id)
/// ) STRICT
/// ```
///
/// ## v2-slices
/// ```sql
/// INDEX event_by_instant ON event (instant_ms)                     -- the events of a day
/// INDEX event_by_target  ON event (target_id) WHERE target_id NOT NULL  -- their tombstones
/// ```
/// So that a surface's figure for today reads today's events, not the whole log
/// (``EventStore/replica(in:)``).
///
/// ## v3-task-list
/// ```sql
/// event (                      -- rebuilt: v1's columns and rows, three columns more
///   kind        TEXT,              -- also defineTask | removeTask | defineStep | removeStep
///   step_id     BLOB,              -- also defineStep / removeStep
///   task_id     BLOB,              -- defineTask / removeTask / defineStep only: 16 bytes
///   title       TEXT,              -- defineTask only: the task's title
///   position    INTEGER            -- defineTask / defineStep only: the kernel's `order`
/// ) STRICT, WITHOUT ROWID          -- (`ORDER` is an SQL keyword, hence `position`)
/// ```
/// So that the task list BabySteps' app edits (the kernel's `Replica.stepTasks(startingWith:)`)
/// is replicated like every other figure. SQLite cannot change a `CHECK` in place, so the
/// migration rebuilds `event` by SQLite's twelve-step procedure
/// (<https://www.sqlite.org/lang_altertable.html#otheralter>): with foreign keys off (GRDB's
/// `foreignKeyChecks: .deferred`) and in one transaction, it creates `new_event`, copies every
/// row, drops `event`, renames `new_event` to `event`, recreates v1's two triggers and v2's two
/// indexes (dropped with the old table), and runs `PRAGMA foreign_key_check` before committing.
/// The new table is renamed, never the old one: renaming `event` away would rewrite
/// `outbox.event_id REFERENCES event(id)` to follow it. `DROP TABLE` fires no trigger, so the
/// triggers refusing `UPDATE` and `DELETE` do not stand in the way; `outbox` is not touched.
///
/// ## v4-plain-checks
/// The same table, rows, triggers and indexes, with every `CHECK` that tested `kind IN (…)` or
/// `origin IN (…)` written as the equivalent `kind = … OR kind = …` (both columns are `NOT
/// NULL`, so the two forms accept exactly the same rows). SQLite builds a temporary table for
/// a list of three or more values each time it evaluates the constraint, that is at every
/// insert: the lists made an insert cost five times what it costs with comparisons. Rebuilt by
/// the same procedure as v3, and only when the table has such a list: a table written by
/// another program without v3's constraints is left as it is (its rows are checked as they are
/// read, ``StoreError/invalidRow(path:id:reason:)``).
///
/// `CHECK` constraints tie the optional columns to the kind, `STRICT` refuses a value of the
/// wrong type (no REAL instant can be stored), and two triggers refuse `UPDATE` and `DELETE` on
/// `event`: events are immutable and corrections are tombstones.
enum StoreSchema {
  /// The migrations, in order.
  static let migrator: DatabaseMigrator = {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1-events") { db in
      try db.execute(sql: version1)
    }
    migrator.registerMigration("v2-slices") { db in
      try db.execute(sql: version2)
    }
    // Foreign keys off while `event` is dropped and replaced (they are checked before commit).
    migrator.registerMigration("v3-task-list", foreignKeyChecks: .deferred) { db in
      try refuseRebuildingTwice(db)
      let before = try Int.fetchOne(db, sql: "SELECT count(*) FROM event") ?? 0
      try db.execute(sql: version3)
      let after = try Int.fetchOne(db, sql: "SELECT count(*) FROM event") ?? 0
      precondition(after == before, "the rebuilt event table holds \(after) rows, not \(before)")
    }
    migrator.registerMigration("v4-plain-checks", foreignKeyChecks: .deferred) { db in
      let definition = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'event'")
      guard definition?.contains(" IN (") == true else { return }
      let before = try Int.fetchOne(db, sql: "SELECT count(*) FROM event") ?? 0
      try db.execute(sql: version4)
      let after = try Int.fetchOne(db, sql: "SELECT count(*) FROM event") ?? 0
      precondition(after == before, "the rebuilt event table holds \(after) rows, not \(before)")
    }
    return migrator
  }()

  /// The table in which GRDB's migrator records applied migrations, as GRDB 7.10.0 creates it
  /// (`DatabaseMigrator`): created ahead of the migrator so that processes racing to open a new
  /// file never read it half-made.
  static let createMigrationsTable = "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"

  /// The identifier of every migration this version knows, in order.
  static let migrationIdentifiers = ["v1-events", "v2-slices", "v3-task-list", "v4-plain-checks"]

  static let version1 = """
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

    """ + eventTriggers

  /// The triggers that refuse `UPDATE` and `DELETE` on `event` (v1's; v3 makes them again on
  /// the rebuilt table).
  static let eventTriggers = """
    CREATE TRIGGER event_is_immutable BEFORE UPDATE ON event
    BEGIN
      SELECT RAISE(ABORT, 'events are immutable: write a new event');
    END;

    CREATE TRIGGER event_is_never_deleted BEFORE DELETE ON event
    BEGIN
      SELECT RAISE(ABORT, 'events are never deleted: write a remove event');
    END;
    """

  static let version2 = """
    CREATE INDEX event_by_instant ON event (instant_ms);
    CREATE INDEX event_by_target ON event (target_id) WHERE target_id IS NOT NULL;
    """

  /// Throws when `event` already has v3's columns: another process migrated the file between
  /// this one's read of the applied migrations and its write lock. Rebuilding again would fail
  /// anyway (on the migrations table's key, after copying every row); failing first costs
  /// nothing, rolls back, and ``EventStore`` then finds the migrations complete.
  private static func refuseRebuildingTwice(_ db: Database) throws {
    let rebuilt =
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM pragma_table_info('event') WHERE name = 'task_id')") ?? false
    guard !rebuilt else {
      throw DatabaseError(
        resultCode: .SQLITE_ERROR, message: "v3-task-list: table event already has column task_id")
    }
  }

  /// Steps 4 to 8 of SQLite's procedure (see the type's documentation): the triggers and
  /// indexes are v1's and v2's, word for word.
  static let version3 = """
    CREATE TABLE new_event (
      id BLOB NOT NULL PRIMARY KEY CHECK (length(id) = 16),
      kind TEXT NOT NULL CHECK (kind IN (
        'add', 'remove', 'complete', 'uncomplete', 'expense',
        'defineTask', 'removeTask', 'defineStep', 'removeStep')),
      instant_ms INTEGER NOT NULL,
      origin TEXT NOT NULL CHECK (origin IN ('app', 'widgetIntent', 'watch')),
      target_id BLOB CHECK (length(target_id) = 16),
      step_id BLOB CHECK (length(step_id) = 16),
      amount TEXT,
      currency TEXT,
      note TEXT,
      task_id BLOB CHECK (length(task_id) = 16),
      title TEXT,
      position INTEGER,
      CHECK ((kind = 'remove') = (target_id IS NOT NULL)),
      CHECK ((kind IN ('complete', 'uncomplete', 'defineStep', 'removeStep')) = (step_id IS NOT NULL)),
      CHECK ((kind = 'expense') = (amount IS NOT NULL)),
      CHECK ((kind = 'expense') = (currency IS NOT NULL)),
      CHECK ((kind = 'expense') = (note IS NOT NULL)),
      CHECK ((kind IN ('defineTask', 'removeTask', 'defineStep')) = (task_id IS NOT NULL)),
      CHECK ((kind = 'defineTask') = (title IS NOT NULL)),
      CHECK ((kind IN ('defineTask', 'defineStep')) = (position IS NOT NULL))
    ) STRICT, WITHOUT ROWID;

    INSERT INTO new_event (id, kind, instant_ms, origin, target_id, step_id, amount, currency, note)
    SELECT id, kind, instant_ms, origin, target_id, step_id, amount, currency, note FROM event;

    DROP TABLE event;

    ALTER TABLE new_event RENAME TO event;

    """ + eventTriggers + "\n" + version2

  /// v3's table with its value lists written as comparisons (see the type's documentation);
  /// the triggers and indexes are v1's and v2's, word for word.
  static let version4 = """
    CREATE TABLE new_event (
      id BLOB NOT NULL PRIMARY KEY CHECK (length(id) = 16),
      kind TEXT NOT NULL CHECK (
        kind = 'add' OR kind = 'remove' OR kind = 'complete' OR kind = 'uncomplete' OR kind = 'expense'
        OR kind = 'defineTask' OR kind = 'removeTask' OR kind = 'defineStep' OR kind = 'removeStep'),
      instant_ms INTEGER NOT NULL,
      origin TEXT NOT NULL CHECK (origin = 'app' OR origin = 'widgetIntent' OR origin = 'watch'),
      target_id BLOB CHECK (length(target_id) = 16),
      step_id BLOB CHECK (length(step_id) = 16),
      amount TEXT,
      currency TEXT,
      note TEXT,
      task_id BLOB CHECK (length(task_id) = 16),
      title TEXT,
      position INTEGER,
      CHECK ((kind = 'remove') = (target_id IS NOT NULL)),
      CHECK ((kind = 'complete' OR kind = 'uncomplete' OR kind = 'defineStep' OR kind = 'removeStep') = (step_id IS NOT NULL)),
      CHECK ((kind = 'expense') = (amount IS NOT NULL)),
      CHECK ((kind = 'expense') = (currency IS NOT NULL)),
      CHECK ((kind = 'expense') = (note IS NOT NULL)),
      CHECK ((kind = 'defineTask' OR kind = 'removeTask' OR kind = 'defineStep') = (task_id IS NOT NULL)),
      CHECK ((kind = 'defineTask') = (title IS NOT NULL)),
      CHECK ((kind = 'defineTask' OR kind = 'defineStep') = (position IS NOT NULL))
    ) STRICT, WITHOUT ROWID;

    INSERT INTO new_event (\(EventRow.columns))
    SELECT \(EventRow.columns) FROM event;

    DROP TABLE event;

    ALTER TABLE new_event RENAME TO event;

    """ + eventTriggers + "\n" + version2
}
