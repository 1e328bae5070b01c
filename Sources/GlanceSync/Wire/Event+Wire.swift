import Foundation
import GlanceKernel

/// One ``Event`` in the binary wire format (see ``PeerMessage/encoded()`` for the layout): the
/// same bytes whether the event travels alone (``PeerMessage/event(_:)``) or in a digest.
///
/// ## Laws
/// - `Event(reading:)` of what `write(to:)` appends is the event, and consumes exactly
///   ``wireByteCount`` bytes.
/// - ``wireByteCount`` is computed without encoding, and equals the bytes `write(to:)` appends.
extension Event {
  /// The bytes of an event whose kind has no payload (`add`): id, instant, origin, kind tag.
  static let wireByteCountMin = WireWriter.uuidByteCount + WireWriter.int64ByteCount + 2

  /// The bytes this event takes in the wire format.
  var wireByteCount: Int {
    withUnsafePointer(to: self) { Self.wireByteCount(at: $0) }
  }

  /// The bytes the event at `event` takes in the wire format, read in place: a digest's loops
  /// measure its events through its buffer (passing a whole event copies it, and its payload's
  /// references are retained and released).
  static func wireByteCount(at event: UnsafePointer<Event>) -> Int {
    switch event.pointee.kind {
    case .add:
      return Self.wireByteCountMin
    case .remove, .complete, .uncomplete, .removeTask, .removeStep:
      return Self.wireByteCountMin + WireWriter.uuidByteCount
    case .expense(let amount, let note):
      return Self.wireByteCountMin
        + WireWriter.stringByteCount(length: amount.currency.code.utf8.count)
        + WireWriter.stringByteCount(length: Self.canonicalTextByteCount(of: amount))
        + WireWriter.stringByteCount(length: note.utf8.count)
    case .defineTask(_, let title, _):
      return Self.wireByteCountMin + WireWriter.uuidByteCount
        + WireWriter.stringByteCount(length: title.utf8.count) + WireWriter.int64ByteCount
    case .defineStep:
      return Self.wireByteCountMin + 2 * WireWriter.uuidByteCount + WireWriter.int64ByteCount
    }
  }

  /// Whether the event fits the format's bounds: an expense's note has at most
  /// ``PeerMessage/noteBytesMax`` UTF-8 bytes and its amount's canonical text at most
  /// ``PeerMessage/amountTextBytesMax``; a task definition's title at most
  /// ``PeerMessage/titleBytesMax``. Other kinds always fit (an order is any `Int`, and every
  /// `Int` is an `Int64`).
  var isWireEncodable: Bool {
    switch kind {
    case .expense(let amount, let note):
      return note.utf8.count <= PeerMessage.noteBytesMax
        && Self.canonicalTextByteCount(of: amount) <= PeerMessage.amountTextBytesMax
    case .defineTask(_, let title, _):
      return title.utf8.count <= PeerMessage.titleBytesMax
    case .add, .remove, .complete, .uncomplete, .removeTask, .defineStep, .removeStep:
      return true
    }
  }

  /// The UTF-8 bytes of `amount.description` (`-?digits.dd`), by arithmetic when the amount
  /// fits in `Int64` minor units; huge amounts (rare) are formatted and measured.
  static func canonicalTextByteCount(of amount: Money) -> Int {
    guard let units = amount.minorUnits(exactlyAs: Int64.self) else {
      return amount.description.utf8.count
    }
    var magnitude = units.magnitude
    var digitCount = 1
    while magnitude >= 10 {  // at most 19 turns: UInt64 has 20 decimal digits
      magnitude /= 10
      digitCount += 1
    }
    // The whole part has at least one digit ("0.05"), so the digits number at least decimals + 1.
    let decimals = amount.currency.minorUnitDigits
    return (units < 0 ? 1 : 0) + max(digitCount, decimals + 1) + 1
  }

  // MARK: - Tags

  /// The kind tags: 0 add, 1 remove, 2 complete, 3 uncomplete, 4 expense, 5 defineTask,
  /// 6 removeTask, 7 defineStep, 8 removeStep.
  static let addTag: UInt8 = 0
  static let removeTag: UInt8 = 1
  static let completeTag: UInt8 = 2
  static let uncompleteTag: UInt8 = 3
  static let expenseTag: UInt8 = 4
  static let defineTaskTag: UInt8 = 5
  static let removeTaskTag: UInt8 = 6
  static let defineStepTag: UInt8 = 7
  static let removeStepTag: UInt8 = 8

  /// The origin's byte: 0 app, 1 widget intent, 2 watch (fixed here, not derived from the
  /// declaration order, so that reordering `Origin`'s cases cannot change the format).
  static func wireByte(of origin: Origin) -> UInt8 {
    switch origin {
    case .app: return 0
    case .widgetIntent: return 1
    case .watch: return 2
    }
  }

  /// The origin of a byte that ``wireByte(of:)`` gives, or `nil` for any other byte.
  static func origin(wireByte: UInt8) -> Origin? {
    switch wireByte {
    case 0: return .app
    case 1: return .widgetIntent
    case 2: return .watch
    default: return nil
    }
  }

  // MARK: - Writing and reading

  /// Appends the event: id, instant, origin, kind tag, the kind's payload.
  ///
  /// - Precondition: ``isWireEncodable``.
  func write(to writer: inout WireWriter) {
    withUnsafePointer(to: self) { Self.write($0, to: &writer) }
  }

  /// Appends the event at `event`, read in place (a digest writes its events through its
  /// buffer: passing a whole event copies it).
  ///
  /// - Precondition: ``isWireEncodable``.
  static func write(_ event: UnsafePointer<Event>, to writer: inout WireWriter) {
    let start = writer.byteCount
    writer.appendIdentifier(
      event.pointee.id, int64: event.pointee.instant.millisecondsSince1970, byte: Self.wireByte(of: event.pointee.origin))
    switch event.pointee.kind {
    case .add:
      writer.append(Self.addTag)
    case .remove(let target):
      writer.append(Self.removeTag)
      writer.appendIdentifier(target)
    case .complete(let step):
      writer.append(Self.completeTag)
      writer.appendIdentifier(step)
    case .uncomplete(let step):
      writer.append(Self.uncompleteTag)
      writer.appendIdentifier(step)
    case .expense(let amount, let note):
      writer.append(Self.expenseTag)
      writer.appendString(amount.currency.code, maxBytes: PeerMessage.currencyCodeBytesMax)
      writer.appendString(amount.description, maxBytes: PeerMessage.amountTextBytesMax)
      writer.appendString(note, maxBytes: PeerMessage.noteBytesMax)
    case .defineTask(let task, let title, let order):
      writer.append(Self.defineTaskTag)
      writer.appendIdentifier(task)
      writer.appendString(title, maxBytes: PeerMessage.titleBytesMax)
      writer.appendInt64(Int64(order))
    case .removeTask(let task):
      writer.append(Self.removeTaskTag)
      writer.appendIdentifier(task)
    case .defineStep(let step, let task, let order):
      writer.append(Self.defineStepTag)
      writer.appendIdentifier(step)
      writer.appendIdentifier(task)
      writer.appendInt64(Int64(order))
    case .removeStep(let step):
      writer.append(Self.removeStepTag)
      writer.appendIdentifier(step)
    }
    let written = writer.byteCount - start
    let counted = wireByteCount(at: event)
    precondition(written == counted, "event \(event.pointee.id) took \(written) bytes, not the \(counted) counted")
  }

  /// Reads an event that ``write(to:)`` appended.
  ///
  /// - Throws: ``PeerMessageError`` naming the first malformed field.
  init(reading reader: inout WireReader) throws(PeerMessageError) {
    let id: EventID = try reader.readIdentifier()
    let instant = Instant(millisecondsSince1970: try reader.readInt64())
    let originOffset = reader.offset
    let originByte = try reader.readUInt8()
    guard let origin = Self.origin(wireByte: originByte) else {
      throw .unknownOrigin(tag: originByte, offset: originOffset)
    }
    let kind = try Self.readKind(from: &reader)
    self.init(id: id, kind: kind, instant: instant, origin: origin)
  }

  /// Reads a kind tag and its payload.
  static func readKind(from reader: inout WireReader) throws(PeerMessageError) -> EventKind {
    let tagOffset = reader.offset
    let tag = try reader.readUInt8()
    switch tag {
    case addTag: return .add
    case removeTag: return .remove(target: try reader.readIdentifier())
    case completeTag: return .complete(step: try reader.readIdentifier())
    case uncompleteTag: return .uncomplete(step: try reader.readIdentifier())
    case expenseTag: return try readExpense(from: &reader)
    case defineTaskTag:
      let task: TaskID = try reader.readIdentifier()
      let title = try reader.readString(maxBytes: PeerMessage.titleBytesMax)
      return .defineTask(task, title: title, order: try readOrder(from: &reader))
    case removeTaskTag: return .removeTask(try reader.readIdentifier())
    case defineStepTag:
      let step: StepID = try reader.readIdentifier()
      let task: TaskID = try reader.readIdentifier()
      return .defineStep(step, task: task, order: try readOrder(from: &reader))
    case removeStepTag: return .removeStep(try reader.readIdentifier())
    default: throw .unknownEventKind(tag: tag, offset: tagOffset)
    }
  }

  /// Reads a task's or a step's order: an `Int64`, which must fit this platform's `Int`.
  ///
  /// - Throws: ``PeerMessageError/orderOutOfRange(order:offset:)`` where `Int` has 32 bits (a
  ///   watch's arm64_32) and the order does not fit; never where `Int` has 64 bits.
  static func readOrder(from reader: inout WireReader) throws(PeerMessageError) -> Int {
    let offset = reader.offset
    let wide = try reader.readInt64()
    guard let order = Int(exactly: wide) else { throw .orderOutOfRange(order: wide, offset: offset) }
    return order
  }

  /// Reads an expense's currency code, amount text and note.
  ///
  /// The amount must be the canonical text of the amount it spells (`1.50`, never `1.5`,
  /// `01.50` or `-0.00`), so that every accepted message has exactly one encoding.
  static func readExpense(from reader: inout WireReader) throws(PeerMessageError) -> EventKind {
    let currencyOffset = reader.offset
    let code = try reader.readString(maxBytes: PeerMessage.currencyCodeBytesMax)
    guard let currency = Currency.allCases.first(where: { $0.code.utf8.elementsEqual(code.utf8) })
    else {
      throw .unknownCurrency(code: code, offset: currencyOffset)
    }
    let amountOffset = reader.offset
    let text = try reader.readString(maxBytes: PeerMessage.amountTextBytesMax)
    let amount: Money
    do throws(MoneyParseError) {
      amount = try Money(canonical: text, currency: currency)
    } catch {
      throw .badAmount(text: text, offset: amountOffset, reason: error.description)
    }
    let canonical = amount.description
    guard canonical.utf8.elementsEqual(text.utf8) else {
      throw .badAmount(
        text: text, offset: amountOffset, reason: "the amount is written \(canonical)")
    }
    let note = try reader.readString(maxBytes: PeerMessage.noteBytesMax)
    return .expense(amount: amount, note: note)
  }
}
