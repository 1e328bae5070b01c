public import GlanceKernel

/// The binary wire format of ``PeerMessage``: compact, versioned, with exactly one encoding per
/// message, and a size known by arithmetic before encoding.
///
/// ## Laws
/// - `try PeerMessage(decoding: m.encoded()) == m` for every encodable message `m`.
/// - `m.encodedByteCount == m.encoded().count`, and
///   `PeerMessage.event(e).encodedByteCount == headerByteCount + encodedByteCount(of: e)`.
/// - Re-encoding a decoded message gives back exactly the bytes decoded (one encoding per
///   message: shortest varints, canonical amounts, exact currency codes).
/// - Any bytes decode to a message or throw a ``PeerMessageError``; no input traps, and every
///   proper prefix of an encoding throws.
extension PeerMessage {
  /// Byte 0 of every message: `0x47`, ASCII `G`.
  public static let magic: UInt8 = 0x47
  /// Byte 1 of every message: the version of the format described on ``encoded()``.
  public static let formatVersion: UInt8 = 1
  /// The bytes before a message's body: magic, version, message tag.
  public static let headerByteCount = 3
  /// The most UTF-8 bytes an expense's note may have.
  public static let noteBytesMax = 4_096
  /// The most UTF-8 bytes a task's title may have (`EventKind.defineTask`): a title is a line
  /// in a list, and its length prefix takes at most 2 bytes.
  public static let titleBytesMax = 1_024
  /// The most bytes of an amount's canonical text (`Money.description`): 64 bytes hold any
  /// amount below 10^60 francs or euros.
  public static let amountTextBytesMax = 64
  /// The most bytes of a currency code (ISO 4217 codes have three letters).
  public static let currencyCodeBytesMax = 3
  /// The most events a digest may carry.
  public static let digestEventsMax = 100_000

  /// Byte 2 of a message: what follows.
  static let eventTag: UInt8 = 1
  static let tallyDigestTag: UInt8 = 2

  /// The message in the binary wire format, byte by byte (integers are big-endian; a *varint*
  /// is unsigned LEB128 in its shortest form: 7 bits per byte, least significant group first,
  /// high bit set on every byte but the last; a *string* is a varint byte count followed by
  /// that many bytes of UTF-8):
  ///
  /// | offset | bytes | field |
  /// |---|---|---|
  /// | 0 | 1 | magic `0x47` (`G`) |
  /// | 1 | 1 | format version, `0x01` |
  /// | 2 | 1 | message tag: `0x01` event, `0x02` tally digest |
  /// | 3 | … | the body |
  ///
  /// An **event** body (alone after the header, or one of a digest's events):
  ///
  /// | bytes | field |
  /// |---|---|
  /// | 16 | id: the UUID's bytes in `UUID.uuid` order (the order of its text) |
  /// | 8 | instant: milliseconds since 1970, two's complement |
  /// | 1 | origin: `0` app, `1` widget intent, `2` watch |
  /// | 1 | kind tag, `0` to `8` (below) |
  /// | … | the kind's payload (below; an add has none) |
  ///
  /// | tag | kind | bytes | payload field |
  /// |---|---|---|---|
  /// | 0 | add | 0 | — |
  /// | 1 | remove | 16 | the target's id |
  /// | 2, 3 | complete, uncomplete | 16 | the step's id |
  /// | 4 | expense | 1 + 3 | the currency code as a string (`CHF`, `EUR`; at most 3 bytes) |
  /// | | | 1 + n | the amount as a string: `Money.description` (`-?digits.dd`, ≤ 64 bytes) |
  /// | | | v + n | the note as a string (at most 4,096 bytes) |
  /// | 5 | defineTask | 16 | the task's id |
  /// | | | v + n | the title as a string (at most 1,024 bytes) |
  /// | | | 8 | the order, two's complement |
  /// | 6 | removeTask | 16 | the task's id |
  /// | 7 | defineStep | 16 | the step's id |
  /// | | | 16 | its task's id |
  /// | | | 8 | the order, two's complement |
  /// | 8 | removeStep | 16 | the step's id |
  ///
  /// An order is the kernel's `Int`, always written as 64 bits; a reader whose `Int` is
  /// narrower refuses one it cannot hold (``PeerMessageError/orderOutOfRange(order:offset:)``).
  /// Tags 5 to 8 (the task list) came within version 1: every message an earlier reader
  /// accepted is encoded as before, and such a reader refuses a message holding one of them as
  /// ``PeerMessageError/unknownEventKind(tag:offset:)``.
  ///
  /// A **tally digest** body:
  ///
  /// | bytes | field |
  /// |---|---|
  /// | 8 | `asOf`: milliseconds since 1970 |
  /// | 8 | `from`: milliseconds since 1970 |
  /// | 1 to 3 | the event count, a varint (at most 100,000) |
  /// | … | the events, each as above, in strictly increasing id order |
  ///
  /// For example, an `add` from the watch with id `00010203-0405-0607-0809-0A0B0C0D0E0F` at
  /// 1,000 ms after 1970 is the 29 bytes
  /// `47 01 01  00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F  00 00 00 00 00 00 03 E8  02 00`.
  ///
  /// - Precondition: the message is ``isEncodable``: notes, amounts and titles within their
  ///   bounds and, for a digest, at most ``digestEventsMax`` events that keep every law of
  ///   ``TallyDigest``.
  ///   A message that breaks them would not decode, so building one is a programmer error.
  /// - Complexity: O(n) in the bytes written, plus O(k log k) for a digest of k events (its
  ///   tombstones are checked).
  public func encoded() -> [UInt8] {
    let byteCount = encodedByteCount
    var writer = WireWriter(capacity: byteCount)
    writer.append(Self.magic)
    writer.append(Self.formatVersion)
    switch self {
    case .event(let event):
      writer.append(Self.eventTag)
      event.write(to: &writer)
    case .tallyDigest(let digest):
      writer.append(Self.tallyDigestTag)
      digest.write(to: &writer)
    }
    precondition(
      writer.byteCount == byteCount,
      "the message took \(writer.byteCount) bytes, not the \(byteCount) counted")
    return writer.bytes
  }

  /// The number of bytes ``encoded()`` returns, computed by arithmetic without encoding (only
  /// an amount beyond `Int64` minor units is formatted to be measured).
  ///
  /// - Complexity: O(k) for a digest of k events, O(1) for an event.
  public var encodedByteCount: Int {
    switch self {
    case .event(let event):
      return Self.headerByteCount + event.wireByteCount
    case .tallyDigest(let digest):
      return Self.headerByteCount + digest.wireBodyByteCount
    }
  }

  /// The bytes `event` takes in the format: a digest grows by exactly this much per event, and
  /// an ``event(_:)`` message is ``headerByteCount`` more.
  ///
  /// 26 for an add; 42 for a remove, complete, uncomplete, removeTask or removeStep; 66 for a
  /// defineStep; for an expense, 26 + 4 + (1 + the amount text's bytes) + (1 or 2 + the note's
  /// UTF-8 bytes); for a defineTask, 50 + (1 or 2 + the title's UTF-8 bytes).
  public static func encodedByteCount(of event: Event) -> Int {
    event.wireByteCount
  }

  /// The bytes of a ``tallyDigest(_:)`` message of `eventCount` events whose
  /// ``encodedByteCount(of:)`` add up to `eventBytes`: header, `asOf`, `from`, the count's
  /// varint (1 byte below 128 events, 2 below 16,384, else 3) and the events.
  ///
  /// An engine that fills a digest event by event can keep the running count and sum, and
  /// check this against ``PeerChannel/payloadBytesMax`` before adding each event.
  ///
  /// - Precondition: `eventCount` and `eventBytes` are not negative.
  public static func tallyDigestByteCount(eventCount: Int, eventBytes: Int) -> Int {
    headerByteCount + TallyDigest.wireBodyByteCount(eventCount: eventCount, eventBytes: eventBytes)
  }

  /// Whether ``encoded()`` accepts the message: every expense's note has at most
  /// ``noteBytesMax`` UTF-8 bytes and its amount's text at most ``amountTextBytesMax`` bytes;
  /// every task definition's title at most ``titleBytesMax`` bytes; a digest has at most
  /// ``digestEventsMax`` events, in strictly increasing id order, every one but a tombstone
  /// dated at or after `from`, and every tombstone dated before `from` targeting one of the
  /// digest's events (the laws of ``TallyDigest``).
  ///
  /// - Complexity: O(k log k) for a digest of k events.
  public var isEncodable: Bool {
    switch self {
    case .event(let event): return event.isWireEncodable
    case .tallyDigest(let digest): return digest.isWireEncodable
    }
  }

  /// Decodes the bytes that ``encoded()`` returns, validating every field and law.
  ///
  /// Takes any collection of bytes (`[UInt8]`, `Data`, a slice); it is copied into an array
  /// once (no copy for an array). Offsets in errors count from the collection's first byte.
  /// The whole collection must be one message: bytes after it are an error.
  ///
  /// - Throws: ``PeerMessageError`` naming what is wrong with the first malformed field, or the
  ///   first broken law of a digest, and its offset. Never traps.
  /// - Complexity: O(n) in the bytes, plus O(k log k) for a digest of k events.
  public init(decoding bytes: some Collection<UInt8>) throws(PeerMessageError) {
    var reader = WireReader(Array(bytes))
    let magic = try reader.readUInt8()
    guard magic == Self.magic else { throw .badMagic(found: magic) }
    let version = try reader.readUInt8()
    guard version == Self.formatVersion else { throw .unsupportedVersion(found: version) }
    let tagOffset = reader.offset
    let tag = try reader.readUInt8()
    let message: PeerMessage
    switch tag {
    case Self.eventTag: message = .event(try Event(reading: &reader))
    case Self.tallyDigestTag: message = .tallyDigest(try TallyDigest(reading: &reader))
    default: throw .unknownMessage(tag: tag, offset: tagOffset)
    }
    guard reader.remainingByteCount == 0 else {
      throw .trailingBytes(count: reader.remainingByteCount, offset: reader.offset)
    }
    self = message
  }
}
