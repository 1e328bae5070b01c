import Foundation
import GRDB

/// The typed columns of one `event` row, as ``EventRow/decode(_:path:)`` reads them: each
/// accessor answers `nil` when the column holds another type or NULL, so that one decoder
/// names the column that does not decode whatever the row is read through.
///
/// ## Laws
/// - A `Row` and a ``StatementColumns`` over the statement that row was read from answer alike
///   for every column (the decoder is property-tested through both).
protocol EventColumns {
  /// The number of columns.
  var columnCount: Int { get }
  /// The UUID stored as a 16-byte BLOB at `index`.
  func uuid(at index: Int) -> UUID?
  /// The INTEGER at `index`.
  func int64(at index: Int) -> Int64?
  /// The TEXT at `index`.
  func text(at index: Int) -> String?
  /// The BLOB at `index` as hexadecimal text (for error messages), or `"?"`.
  func hexadecimal(at index: Int) -> String
}

extension EventColumns {
  /// `bytes` as hexadecimal text.
  static func hexadecimal(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789ABCDEF")
    var text = ""
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return text
  }
}

/// A GRDB row (a copied one, or the current row of a cursor), read through its `DatabaseValue`s.
extension Row: EventColumns {
  var columnCount: Int { count }

  func uuid(at index: Int) -> UUID? {
    let value: DatabaseValue = self[index]
    guard case .blob(let data) = value.storage, data.count == 16 else { return nil }
    // One unaligned load of the 16 bytes (`copyBytes(to:)` took thousands of instructions).
    return UUID(uuid: data.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) })
  }

  func int64(at index: Int) -> Int64? {
    let value: DatabaseValue = self[index]
    guard case .int64(let integer) = value.storage else { return nil }
    return integer
  }

  func text(at index: Int) -> String? {
    let value: DatabaseValue = self[index]
    guard case .string(let text) = value.storage else { return nil }
    return text
  }

  func hexadecimal(at index: Int) -> String {
    let value: DatabaseValue = self[index]
    guard case .blob(let data) = value.storage else { return "?" }
    return Self.hexadecimal(data)
  }
}
