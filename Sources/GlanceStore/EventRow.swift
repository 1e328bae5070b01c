import Foundation
import GRDB
import GlanceKernel

/// How one ``GlanceKernel/Event`` is laid out in the `event` table (see `EventStore+Schema.swift`).
///
/// - `id`, `target_id`, `step_id`: the UUID's 16 bytes as a BLOB, in `UUID.uuid` order. SQLite
///   compares BLOBs with `memcmp`, so `ORDER BY id` is exactly the kernel's id order (byte-wise
///   lexicographic, see `Identifier`): a replica read back needs no sort.
/// - `instant_ms`: `Instant.millisecondsSince1970` as an INTEGER. Never a floating-point number:
///   the table is `STRICT`, so SQLite refuses a REAL in that column.
/// - `kind`, `origin`: short text (`add`, `remove`, `complete`, `uncomplete`, `expense`;
///   `Origin.rawValue`).
/// - `amount`, `currency`, `note`: an expense's canonical amount text (`-1234.50`, any size),
///   ISO code and note; NULL for every other kind.
///
/// ## Laws
/// - `EventRow.decode(EventRow.arguments(of: e)) == e` for every event (property-tested through
///   the database).
enum EventRow {
  /// The column names, in the order ``arguments(of:)`` binds them and ``decode(_:path:)`` reads
  /// them.
  static let columnNames = ["id", "kind", "instant_ms", "origin", "target_id", "step_id", "amount", "currency", "note"]

  /// The columns as a select list.
  static let columns = columnNames.joined(separator: ", ")

  /// The columns of the table aliased `alias`, as a select list.
  static func columns(of alias: String) -> String {
    columnNames.map { "\(alias).\($0)" }.joined(separator: ", ")
  }

  /// The values of `event`'s columns, in ``columns`` order.
  static func arguments(of event: Event) -> StatementArguments {
    var kind = "add"
    var target: Data? = nil
    var step: Data? = nil
    var amount: String? = nil
    var currency: String? = nil
    var note: String? = nil
    switch event.kind {
    case .add:
      break
    case .remove(let targetID):
      kind = "remove"
      target = bytes(of: targetID.uuid)
    case .complete(let stepID):
      kind = "complete"
      step = bytes(of: stepID.uuid)
    case .uncomplete(let stepID):
      kind = "uncomplete"
      step = bytes(of: stepID.uuid)
    case .expense(let money, let text):
      kind = "expense"
      amount = money.description
      currency = money.currency.code
      note = text
    }
    return [
      bytes(of: event.id.uuid), kind, event.instant.millisecondsSince1970, event.origin.rawValue,
      target, step, amount, currency, note,
    ]
  }

  /// The event in `row` (selected with ``columns``).
  ///
  /// - Throws: ``StoreError/invalidRow(path:id:reason:)`` naming the column that does not
  ///   decode (a row another program wrote, or a damaged page that SQLite did not notice).
  static func decode(_ row: Row, path: String) throws(StoreError) -> Event {
    precondition(row.count == columnNames.count, "an event row has \(columnNames.count) columns, got \(row.count)")
    let idValue: DatabaseValue = row[0]
    let idText = hexadecimal(idValue)
    func invalid(_ reason: String) -> StoreError { .invalidRow(path: path, id: idText, reason: reason) }
    guard let id = uuid(idValue) else { throw invalid("id is not 16 bytes") }
    let instantValue: DatabaseValue = row[2]
    guard case .int64(let milliseconds) = instantValue.storage else {
      throw invalid("instant_ms is not an integer")
    }
    let originValue: DatabaseValue = row[3]
    guard case .string(let originText) = originValue.storage, let origin = Origin(rawValue: originText) else {
      throw invalid("origin is not one of app, widgetIntent, watch")
    }
    let kind = try decodeKind(row, invalid: invalid)
    let event = Event(
      id: EventID(id), kind: kind, instant: Instant(millisecondsSince1970: milliseconds), origin: origin)
    precondition(bytes(of: event.id.uuid) == Data.fromDatabaseValue(idValue), "the id decodes to its own bytes")
    return event
  }

  /// The kind columns of `row` (kind, target_id, step_id, amount, currency, note).
  private static func decodeKind(
    _ row: Row, invalid: (String) -> StoreError
  ) throws(StoreError) -> EventKind {
    let kindValue: DatabaseValue = row[1]
    guard case .string(let kind) = kindValue.storage else { throw invalid("kind is not text") }
    switch kind {
    case "add":
      return .add
    case "remove":
      guard let target = uuid(row[4]) else { throw invalid("remove has no 16-byte target_id") }
      return .remove(target: EventID(target))
    case "complete", "uncomplete":
      guard let step = uuid(row[5]) else { throw invalid("\(kind) has no 16-byte step_id") }
      return kind == "complete" ? .complete(step: StepID(step)) : .uncomplete(step: StepID(step))
    case "expense":
      let amountValue: DatabaseValue = row[6]
      let currencyValue: DatabaseValue = row[7]
      let noteValue: DatabaseValue = row[8]
      guard case .string(let amountText) = amountValue.storage,
        case .string(let code) = currencyValue.storage, let currency = Currency(rawValue: code),
        case .string(let note) = noteValue.storage
      else { throw invalid("expense needs amount, a known currency and a note") }
      do {
        return .expense(amount: try Money(canonical: amountText, currency: currency), note: note)
      } catch {
        throw invalid("amount \(amountText): \(error)")
      }
    default:
      throw invalid("unknown kind \(kind)")
    }
  }

  /// The 16 bytes of `uuid`, in `UUID.uuid` order.
  static func bytes(of uuid: UUID) -> Data {
    withUnsafeBytes(of: uuid.uuid) { Data($0) }
  }

  /// The UUID stored as a 16-byte BLOB in `value`, or `nil` for anything else.
  static func uuid(_ value: DatabaseValue) -> UUID? {
    guard case .blob(let data) = value.storage, data.count == 16 else { return nil }
    let b = [UInt8](data)
    return UUID(
      uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
  }

  /// A BLOB as hexadecimal text (for error messages), or `"?"`.
  private static func hexadecimal(_ value: DatabaseValue) -> String {
    guard case .blob(let data) = value.storage else { return "?" }
    let digits = Array("0123456789ABCDEF")
    var text = ""
    for byte in data {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return text
  }
}
