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
    return migrator
  }()

  /// The table in which GRDB's migrator records applied migrations, as GRDB 7.10.0 creates it
  /// (`DatabaseMigrator`): created ahead of the migrator so that processes racing to open a new
  /// file never read it half-made.
  static let createMigrationsTable = "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"

  /// The identifier of every migration this version knows, in order.
  static let migrationIdentifiers = ["v1-events", "v2-slices"]

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
}
