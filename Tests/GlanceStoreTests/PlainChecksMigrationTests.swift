import Foundation
import GRDB
import GlanceKernel
import GlanceStore
import Testing

/// Migration `v4-plain-checks`: v3's `CHECK` constraints with their value lists written as
/// comparisons. The reference is v3's table as it shipped (a frozen copy): on every row of a
/// grid of kinds, origins and optional columns, the migrated table accepts exactly what v3's
/// accepted.
@Suite("Plain-checks migration")
struct PlainChecksMigrationTests {
  /// v3's `event` table, word for word as it shipped (with its lists).
  static let shippedVersion3Table = """
    CREATE TABLE event (
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
    ) STRICT, WITHOUT ROWID
    """

  /// Whether `db`'s `event` table accepts the row (rolled back either way).
  static func accepts(_ db: Database, kind: String, origin: String, optional: [String: String]) throws -> Bool {
    let columns = ["id", "kind", "instant_ms", "origin"] + optional.keys.sorted()
    let values =
      ["x'00112233445566778899AABBCCDDEEFF'", "'\(kind)'", "1", "'\(origin)'"] + optional.keys.sorted().map { optional[$0] ?? "NULL" }
    var accepted = false
    try db.inSavepoint {
      do {
        try db.execute(sql: "INSERT INTO event (\(columns.joined(separator: ", "))) VALUES (\(values.joined(separator: ", ")))")
        accepted = true
      } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
        accepted = false
      }
      return .rollback
    }
    return accepted
  }

  @Test("the migrated table accepts exactly the rows v3's accepted, and its schema has no value list left")
  func sameRowsAsVersion3() throws {
    let directory = try TemporaryDirectory("migration-plain-checks")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    _ = try EventStore(at: url, check: .quick)
    let migrated = try DatabaseQueue(path: url.path)
    defer { try? migrated.close() }
    let reference = try DatabaseQueue()
    try reference.write { try $0.execute(sql: Self.shippedVersion3Table) }

    let definition = try migrated.read {
      try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'event'")
    }
    #expect(definition?.contains(" IN (") == false)
    #expect(definition?.contains("CHECK") == true)

    let full = "x'00112233445566778899AABBCCDDEEFF'"
    let kinds = [
      "add", "remove", "complete", "uncomplete", "expense", "defineTask", "removeTask", "defineStep", "removeStep", "bogus",
      "", "ADD", "add ",
    ]
    let origins = ["app", "widgetIntent", "watch", "phone", ""]
    // Every subset of the optional columns, each with a well-formed value.
    let optionalValues = [
      "target_id": full, "step_id": full, "amount": "'1.00'", "currency": "'CHF'", "note": "'x'", "task_id": full,
      "title": "'t'", "position": "0",
    ]
    let names = optionalValues.keys.sorted()
    var (compared, acceptedRows) = (0, 0)
    for kind in kinds {
      for origin in origins {
        for mask in 0..<(1 << names.count) {
          var optional: [String: String] = [:]
          for (bit, name) in names.enumerated() where mask & (1 << bit) != 0 { optional[name] = optionalValues[name] }
          let old = try reference.write { try Self.accepts($0, kind: kind, origin: origin, optional: optional) }
          let new = try migrated.write { try Self.accepts($0, kind: kind, origin: origin, optional: optional) }
          #expect(old == new, "kind \(kind), origin \(origin), columns \(optional.keys.sorted())")
          compared += 1
          if new { acceptedRows += 1 }
        }
      }
    }
    // The premise: the grid holds rows both tables accept (one per kind and origin).
    #expect(compared == kinds.count * origins.count * (1 << names.count))
    #expect(acceptedRows == 9 * 3)
  }
}
