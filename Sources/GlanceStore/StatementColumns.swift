import Foundation
import GRDBSQLite

/// The current row of a prepared statement, read through SQLite's column functions: a column's
/// type is asked first, and its value read in place (no `DatabaseValue`, no `Data` for a
/// 16-byte id). What a whole-log read decodes each row through.
struct StatementColumns: EventColumns {
  /// The statement, stepped to the row being read.
  let statement: OpaquePointer

  var columnCount: Int { Int(sqlite3_column_count(statement)) }

  private func type(at index: Int) -> Int32 { sqlite3_column_type(statement, Int32(index)) }

  func uuid(at index: Int) -> UUID? {
    guard type(at: index) == SQLITE_BLOB, sqlite3_column_bytes(statement, Int32(index)) == 16,
      let bytes = sqlite3_column_blob(statement, Int32(index))
    else { return nil }
    return UUID(uuid: UnsafeRawPointer(bytes).loadUnaligned(as: uuid_t.self))
  }

  func int64(at index: Int) -> Int64? {
    type(at: index) == SQLITE_INTEGER ? sqlite3_column_int64(statement, Int32(index)) : nil
  }

  func text(at index: Int) -> String? {
    guard type(at: index) == SQLITE_TEXT, let characters = sqlite3_column_text(statement, Int32(index)) else { return nil }
    // As GRDB reads it (so that both readers agree): up to the first NUL, invalid UTF-8 repaired.
    return String(cString: characters)
  }

  func hexadecimal(at index: Int) -> String {
    guard type(at: index) == SQLITE_BLOB, let bytes = sqlite3_column_blob(statement, Int32(index)) else { return "?" }
    let count = Int(sqlite3_column_bytes(statement, Int32(index)))
    return Self.hexadecimal(UnsafeRawBufferPointer(start: bytes, count: count))
  }
}
