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
/// - `kind`, `origin`: short text (`add`, `remove`, `complete`, `uncomplete`, `expense`,
///   `defineTask`, `removeTask`, `defineStep`, `removeStep`: the case's name; `Origin.rawValue`).
/// - `amount`, `currency`, `note`: an expense's canonical amount text (`-1234.50`, any size),
///   ISO code and note; NULL for every other kind.
/// - `step_id`: the step of `complete`, `uncomplete`, `defineStep` and `removeStep`.
/// - `task_id`: the task of `defineTask`, `removeTask` and `defineStep` (16 bytes, as ids are).
/// - `title`: a `defineTask`'s title. `position`: the `order` of a `defineTask` or a
///   `defineStep`, as an INTEGER (`ORDER` is an SQL keyword). NULL for every other kind.
///
/// Columns a kind does not use are NULL, and the schema's `CHECK` constraints refuse a row
/// where they are not (v3-task-list, `EventStore+Schema.swift`).
///
/// ## Laws
/// - `EventRow.decode(EventRow.arguments(of: e)) == e` for every event (property-tested through
///   the database).
enum EventRow {
  /// The column names, in the order ``arguments(of:)`` binds them and ``decode(_:path:)`` reads
  /// them.
  static let columnNames = [
    "id", "kind", "instant_ms", "origin", "target_id", "step_id", "amount", "currency", "note",
    "task_id", "title", "position",
  ]

  /// The columns as a select list.
  static let columns = columnNames.joined(separator: ", ")

  /// The columns of the table aliased `alias`, as a select list.
  static func columns(of alias: String) -> String {
    columnNames.map { "\(alias).\($0)" }.joined(separator: ", ")
  }

  /// The columns as a select list for an `event` table that has only the columns `present`: an
  /// older schema's table, read without migrating it (the legacy store of a ``StoreMove``). An
  /// absent column reads as NULL, which is what every row of that schema holds there: the
  /// kinds that use v3-task-list's columns did not exist before it.
  static func columns(present: Set<String>) -> String {
    columnNames.map { present.contains($0) ? $0 : "NULL AS \($0)" }.joined(separator: ", ")
  }

  /// The values of `event`'s columns, in ``columns`` order.
  static func arguments(of event: Event) -> StatementArguments {
    var kind = "add"
    var target: Data? = nil
    var step: Data? = nil
    var amount: String? = nil
    var currency: String? = nil
    var note: String? = nil
    var task: Data? = nil
    var title: String? = nil
    var position: Int64? = nil
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
    case .defineTask(let taskID, let taskTitle, let order):
      kind = "defineTask"
      task = bytes(of: taskID.uuid)
      title = taskTitle
      position = Int64(order)
    case .removeTask(let taskID):
      kind = "removeTask"
      task = bytes(of: taskID.uuid)
    case .defineStep(let stepID, let taskID, let order):
      kind = "defineStep"
      step = bytes(of: stepID.uuid)
      task = bytes(of: taskID.uuid)
      position = Int64(order)
    case .removeStep(let stepID):
      kind = "removeStep"
      step = bytes(of: stepID.uuid)
    }
    return [
      bytes(of: event.id.uuid), kind, event.instant.millisecondsSince1970, event.origin.rawValue,
      target, step, amount, currency, note, task, title, position,
    ]
  }

  /// The event in `row` (selected with ``columns``), read through a GRDB row or straight from
  /// the statement (``StatementColumns``): one decoder, so both name the same column.
  ///
  /// - Throws: ``StoreError/invalidRow(path:id:reason:)`` naming the column that does not
  ///   decode (a row another program wrote, or a damaged page that SQLite did not notice).
  static func decode(_ row: some EventColumns, path: String) throws(StoreError) -> Event {
    precondition(row.columnCount == columnNames.count, "an event row has \(columnNames.count) columns, got \(row.columnCount)")
    // The id's text only when a column does not decode: formatting it for every row cost a
    // third of a whole-log read.
    func invalid(_ reason: String) -> StoreError { .invalidRow(path: path, id: row.hexadecimal(at: 0), reason: reason) }
    guard let id = row.uuid(at: 0) else { throw invalid("id is not 16 bytes") }
    guard let milliseconds = row.int64(at: 2) else { throw invalid("instant_ms is not an integer") }
    guard let originText = row.text(at: 3), let origin = Origin(rawValue: originText) else {
      throw invalid("origin is not one of app, widgetIntent, watch")
    }
    let kind = try decodeKind(row, invalid: invalid)
    return Event(id: EventID(id), kind: kind, instant: Instant(millisecondsSince1970: milliseconds), origin: origin)
  }

  /// The kind columns of `row` (kind, target_id, step_id, amount, currency, note, task_id, title,
  /// position).
  private static func decodeKind(
    _ row: some EventColumns, invalid: (String) -> StoreError
  ) throws(StoreError) -> EventKind {
    guard let kind = row.text(at: 1) else { throw invalid("kind is not text") }
    switch kind {
    case "add":
      return .add
    case "remove":
      guard let target = row.uuid(at: 4) else { throw invalid("remove has no 16-byte target_id") }
      return .remove(target: EventID(target))
    case "complete", "uncomplete":
      guard let step = row.uuid(at: 5) else { throw invalid("\(kind) has no 16-byte step_id") }
      return kind == "complete" ? .complete(step: StepID(step)) : .uncomplete(step: StepID(step))
    case "expense":
      guard let amountText = row.text(at: 6), let code = row.text(at: 7), let currency = Currency(rawValue: code),
        let note = row.text(at: 8)
      else { throw invalid("expense needs amount, a known currency and a note") }
      do {
        return .expense(amount: try Money(canonical: amountText, currency: currency), note: note)
      } catch {
        throw invalid("amount \(amountText): \(error)")
      }
    case "defineTask", "removeTask", "defineStep", "removeStep":
      return try decodeTaskListKind(kind, row, invalid: invalid)
    default:
      throw invalid("unknown kind \(kind)")
    }
  }

  /// The kind columns of a task-list edit (`kind` is one of `defineTask`, `removeTask`,
  /// `defineStep`, `removeStep`).
  private static func decodeTaskListKind(
    _ kind: String, _ row: some EventColumns, invalid: (String) -> StoreError
  ) throws(StoreError) -> EventKind {
    let step = row.uuid(at: 5).map(StepID.init)
    let task = row.uuid(at: 9).map(TaskID.init)
    switch kind {
    case "defineTask":
      guard let task else { throw invalid("defineTask has no 16-byte task_id") }
      guard let title = row.text(at: 10) else { throw invalid("defineTask has no text title") }
      return .defineTask(task, title: title, order: try position(row, of: kind, invalid: invalid))
    case "removeTask":
      guard let task else { throw invalid("removeTask has no 16-byte task_id") }
      return .removeTask(task)
    case "defineStep":
      guard let step else { throw invalid("defineStep has no 16-byte step_id") }
      guard let task else { throw invalid("defineStep has no 16-byte task_id") }
      return .defineStep(step, task: task, order: try position(row, of: kind, invalid: invalid))
    default:
      precondition(kind == "removeStep", "\(kind) is not a task-list kind")
      guard let step else { throw invalid("removeStep has no 16-byte step_id") }
      return .removeStep(step)
    }
  }

  /// The `position` column of `row` as an `Int` (the kernel's `order`).
  private static func position(
    _ row: some EventColumns, of kind: String, invalid: (String) -> StoreError
  ) throws(StoreError) -> Int {
    guard let position = row.int64(at: 11) else { throw invalid("\(kind) has no integer position") }
    // Only where `Int` has 32 bits (a watch's arm64_32) can a stored position not fit.
    guard let order = Int(exactly: position) else {
      throw invalid("\(kind) position \(position) does not fit in this platform's Int")
    }
    return order
  }

  /// The 16 bytes of `uuid`, in `UUID.uuid` order.
  static func bytes(of uuid: UUID) -> Data {
    withUnsafeBytes(of: uuid.uuid) { Data($0) }
  }
}
