/// Why some bytes are not an encoded ``PeerMessage``, and where.
///
/// Every `offset` is a 0-based byte offset from the start of the bytes given to
/// ``PeerMessage/init(decoding:)``. A field that starts with a length prefix (a string) or a
/// varint is located by the offset of its first byte. Values read from the wire and carried in a
/// case (a currency code, an amount's text) are bounded by the format (at most 3 and 64 bytes),
/// so an error never carries an unbounded untrusted value; ``description`` escapes them.
///
/// The format is described byte by byte on ``PeerMessage/encoded()``.
///
/// ## Laws
/// - ``PeerMessage/init(decoding:)`` throws only this type, and never traps, for any bytes.
/// - Every truncation of a valid encoding throws (``truncated(offset:needed:)`` for most).
/// - Each case is thrown by at least one input (checked one example per case), and its
///   ``description`` is one non-empty sentence.
public enum PeerMessageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes end inside a field: the field (or the part of it being read: one byte of a
  /// varint, a string's text after its length) starts at `offset` and takes `needed` bytes,
  /// which run past the end (`offset + needed > bytes.count`).
  case truncated(offset: Int, needed: Int)
  /// The first byte is not the magic byte `0x47` (`G`).
  case badMagic(found: UInt8)
  /// The format version (byte 1) is not one this code reads (only ``PeerMessage/formatVersion``).
  case unsupportedVersion(found: UInt8)
  /// The message tag at `offset` is neither 1 (event) nor 2 (tally digest).
  case unknownMessage(tag: UInt8, offset: Int)
  /// An event's kind tag at `offset` is not 0 to 8.
  case unknownEventKind(tag: UInt8, offset: Int)
  /// An event's origin byte at `offset` is not 0 (app), 1 (widget intent) or 2 (watch).
  case unknownOrigin(tag: UInt8, offset: Int)
  /// An expense's currency code, whose field starts at `offset`, is not `CHF` or `EUR`
  /// (compared exactly, so `chf` is unknown too).
  case unknownCurrency(code: String, offset: Int)
  /// An expense's amount, whose field starts at `offset`, is not canonical decimal text:
  /// `reason` is the parser's complaint, or says which canonical text the amount has instead
  /// (`1.5` is refused because the sender writes `1.50`; only one spelling round-trips).
  case badAmount(text: String, offset: Int, reason: String)
  /// A task's or a step's order, whose 8 bytes start at `offset`, does not fit this platform's
  /// `Int`. Thrown only where `Int` has 32 bits (a watch's arm64_32); where it has 64 bits,
  /// every order fits.
  case orderOutOfRange(order: Int64, offset: Int)
  /// A string's bytes are not valid UTF-8; `offset` is the first byte of the first invalid
  /// sequence (an overlong form, a surrogate, a stray continuation byte, a cut sequence).
  case invalidUTF8(offset: Int)
  /// The length prefix at `offset` announces `length` bytes where at most `max` are allowed.
  case lengthTooLarge(length: UInt64, max: Int, offset: Int)
  /// The event count at `offset` announces `count` events where at most `max` are allowed.
  case countTooLarge(count: UInt64, max: Int, offset: Int)
  /// The digest's event at `index` (0-based) does not have a greater id than the one before
  /// it: events are strictly increasing by id, so no id appears twice.
  case eventsOutOfOrder(index: Int)
  /// The digest breaks one of its laws: `from` after `asOf`, an event (not a tombstone) dated
  /// before `from`, or a tombstone dated before `from` whose target is not in the digest (one
  /// dated at or after `from` may target an event the phone does not hold yet). `reason` says
  /// which, and names the event by its index.
  case digestInconsistent(reason: String)
  /// A whole message ends at `offset`, and `count` more bytes follow it.
  case trailingBytes(count: Int, offset: Int)
  /// The varint at `offset` is not in its shortest form (its last byte is `0x00` after a
  /// continuation byte), so one value would have two encodings.
  case overlongVarint(offset: Int)
  /// The varint at `offset` does not fit in 64 bits (a tenth byte above `0x01`).
  case varintOverflow(offset: Int)

  /// One sentence saying what is wrong and where.
  public var description: String {
    switch self {
    case .truncated(let offset, let needed):
      return "the message is truncated: a field of \(Self.bytes(needed)) at offset \(offset) "
        + "runs past its end."
    case .badMagic(let found):
      return "the message starts with \(Self.hex(found)), not the magic byte 0x47 ('G')."
    case .unsupportedVersion(let found):
      return "the message has format version \(found) at offset 1; "
        + "this code reads version \(PeerMessage.formatVersion) only."
    case .unknownMessage(let tag, let offset):
      return "the message tag \(tag) at offset \(offset) is neither 1 (event) nor 2 (digest)."
    case .unknownEventKind(let tag, let offset):
      return "the event kind tag \(tag) at offset \(offset) is not one of 0 (add) to 8 (removeStep)."
    case .unknownOrigin(let tag, let offset):
      return "the origin \(tag) at offset \(offset) is not 0 (app), 1 (widget) or 2 (watch)."
    case .unknownCurrency(let code, let offset):
      return "the currency \(code.debugDescription) at offset \(offset) is neither CHF nor EUR."
    case .badAmount(let text, let offset, let reason):
      return "the amount \(text.debugDescription) at offset \(offset) is not canonical: \(reason)."
    case .orderOutOfRange(let order, let offset):
      return "the order \(order) at offset \(offset) does not fit in this platform's \(Int.bitWidth)-bit Int."
    case .invalidUTF8(let offset):
      return "the string bytes are not valid UTF-8 from offset \(offset)."
    case .lengthTooLarge(let length, let max, let offset):
      return "the length \(length) at offset \(offset) is larger than the \(max) bytes allowed."
    case .countTooLarge(let count, let max, let offset):
      return "the event count \(count) at offset \(offset) is above the \(max) events allowed."
    case .eventsOutOfOrder(let index):
      return "the digest's event \(index) does not have a greater id than the event before it."
    case .digestInconsistent(let reason):
      return "the digest is inconsistent: \(reason)."
    case .trailingBytes(let count, let offset):
      return "the message ends at offset \(offset), followed by \(Self.bytes(count)) too many."
    case .overlongVarint(let offset):
      return "the varint at offset \(offset) is not in its shortest form."
    case .varintOverflow(let offset):
      return "the varint at offset \(offset) does not fit in 64 bits."
    }
  }

  /// `count` and the word byte, in the singular or the plural.
  static func bytes(_ count: Int) -> String {
    count == 1 ? "1 byte" : "\(count) bytes"
  }

  /// A byte as `0x` and two upper-case hexadecimal digits.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" + digits : digits)
  }
}
