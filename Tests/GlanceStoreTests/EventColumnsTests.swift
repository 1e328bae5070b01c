import Foundation
import GRDB
import GlanceKernel
@testable import GlanceStore
import Testing

/// The two ways a row is read, through GRDB's `Row` and straight from the statement
/// (`StatementColumns`, the whole-log read), decode every row alike: the same event, or the same
/// error naming the same column.
@Suite("Event columns")
struct EventColumnsTests {
  /// Rows of a table without the schema's constraints: one valid row of each kind, then rows
  /// with a column of the wrong type or missing.
  static let rows = [
    "x'00112233445566778899AABBCCDDEE00', 'add', 1, 'app', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE01', 'remove', 2, 'watch', x'00112233445566778899AABBCCDDEE00', NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE02', 'complete', 3, 'widgetIntent', NULL, x'AA112233445566778899AABBCCDDEE00', NULL, NULL, NULL, NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE03', 'expense', -4, 'app', NULL, NULL, '-1234.50', 'CHF', 'lunch ☕️', NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE04', 'defineTask', 5, 'app', NULL, NULL, NULL, NULL, NULL, x'BB112233445566778899AABBCCDDEE00', 'Walk', -1",
    "x'00112233445566778899AABBCCDDEE05', 'defineStep', 6, 'app', NULL, x'AA112233445566778899AABBCCDDEE00', NULL, NULL, NULL, x'BB112233445566778899AABBCCDDEE00', NULL, 2",
    "x'00112233445566778899AABBCCDDEE06', 'removeStep', 7, 'app', NULL, x'AA112233445566778899AABBCCDDEE00', NULL, NULL, NULL, NULL, NULL, NULL",
    // Invalid: a 15-byte id, a text id, a real instant, a text instant, an unknown origin, an
    // integer kind, an unknown kind, a removal without target, a bad amount, an unknown
    // currency, a title that is a BLOB, a position that is text; and a note with a NUL, which
    // both read up to the NUL (as GRDB reads text).
    "x'001122334455667788', 'add', 1, 'app', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "'an id', 'add', 1, 'app', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE10', 'add', 1.5, 'app', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE11', 'add', '1', 'app', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE12', 'add', 1, 'phone', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE13', 7, 1, 'app', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE14', 'tap', 1, 'app', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE15', 'remove', 1, 'app', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE16', 'expense', 1, 'app', NULL, NULL, '1e3', 'CHF', '', NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE17', 'expense', 1, 'app', NULL, NULL, '1.00', 'XXX', '', NULL, NULL, NULL",
    "x'00112233445566778899AABBCCDDEE18', 'defineTask', 1, 'app', NULL, NULL, NULL, NULL, NULL, x'BB112233445566778899AABBCCDDEE00', x'00', 1",
    "x'00112233445566778899AABBCCDDEE19', 'defineTask', 1, 'app', NULL, NULL, NULL, NULL, NULL, x'BB112233445566778899AABBCCDDEE00', 'Walk', '1'",
    "x'00112233445566778899AABBCCDDEE1A', 'expense', 1, 'app', NULL, NULL, '1.00', 'CHF', 'a' || char(0) || 'b', NULL, NULL, NULL",
  ]

  @Test("every row, valid or not, decodes to the same event or the same error through either reader")
  func readersAgree() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE event (\(EventRow.columns))")
      for row in Self.rows { try db.execute(sql: "INSERT INTO event VALUES (\(row))") }
    }
    try queue.read { db in
      let statement = try db.makeStatement(sql: "SELECT \(EventRow.columns) FROM event ORDER BY rowid")
      let rows = try Row.fetchCursor(statement)
      let columns = StatementColumns(statement: statement.sqliteStatement)
      var (decoded, failed) = (0, 0)
      while let row = try rows.next() {
        let viaRow = Result { () throws(StoreError) -> GlanceKernel.Event in try EventRow.decode(row, path: "p") }
        let viaStatement = Result { () throws(StoreError) -> GlanceKernel.Event in try EventRow.decode(columns, path: "p") }
        #expect(viaRow == viaStatement, "row \(decoded + failed)")
        if case .success = viaRow { decoded += 1 } else { failed += 1 }
      }
      #expect(decoded == 8 && failed == Self.rows.count - 8, "\(decoded) decoded, \(failed) refused")
    }
  }
}
