import Foundation

/// Appends the primitive fields of Glance's binary wire format to a byte array: single bytes,
/// big-endian `Int64`s, 16-byte UUIDs, unsigned LEB128 varints and length-prefixed UTF-8.
///
/// Each `append` has a `…ByteCount` twin that says, by arithmetic alone, how many bytes it
/// appends, so a message's size is known without encoding it (``PeerMessage/encodedByteCount``).
/// ``WireReader`` reads exactly what this writes.
///
/// ## Laws
/// - Every `append` grows ``bytes`` by exactly its `…ByteCount`.
/// - ``WireReader`` reads back every value appended, and consumes exactly the bytes appended.
/// - A varint is always written in its shortest form (the only form ``WireReader`` accepts).
struct WireWriter {
  /// The bytes written so far.
  private(set) var bytes: [UInt8]

  /// An empty writer with room for `capacity` bytes.
  init(capacity: Int) {
    precondition(capacity >= 0, "a capacity is not negative, got \(capacity)")
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// Appends one byte.
  mutating func append(_ byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends `value` as 8 bytes, most significant first (two's complement).
  mutating func appendInt64(_ value: Int64) {
    let pattern = UInt64(bitPattern: value)
    var shift: UInt64 = 56
    for _ in 0..<Self.int64ByteCount {
      bytes.append(UInt8(truncatingIfNeeded: pattern >> shift))
      shift &-= 8
    }
  }

  /// Appends the 16 bytes of `uuid`, in the order `UUID.uuid` lists them (the order of its
  /// canonical text, which is also `Identifier`'s order).
  mutating func appendUUID(_ uuid: UUID) {
    let start = bytes.count
    withUnsafeBytes(of: uuid.uuid) { raw in bytes.append(contentsOf: raw) }
    assert(bytes.count - start == Self.uuidByteCount, "a UUID is 16 bytes")
  }

  /// Appends `value` as an unsigned LEB128 varint: 7 bits per byte, least significant group
  /// first, the high bit set on every byte but the last. Always the shortest form.
  mutating func appendVarint(_ value: UInt64) {
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  /// Appends `text`'s UTF-8 bytes, preceded by their count as a varint.
  ///
  /// - Precondition: `text` has at most `maxBytes` UTF-8 bytes (the bound the reader enforces).
  mutating func appendString(_ text: String, maxBytes: Int) {
    let length = text.utf8.count
    precondition(length <= maxBytes, "a wire string has at most \(maxBytes) bytes, got \(length)")
    appendVarint(UInt64(length))
    bytes.append(contentsOf: text.utf8)
  }

  // MARK: - Sizes

  /// The bytes of an `Int64`.
  static let int64ByteCount = 8
  /// The bytes of a UUID.
  static let uuidByteCount = 16

  /// The bytes ``appendVarint(_:)`` appends for `value`: 1 for 0 to 127, one more per further
  /// 7 bits, 10 at most.
  static func varintByteCount(_ value: UInt64) -> Int {
    let significantBits = UInt64.bitWidth - value.leadingZeroBitCount
    return max(1, (significantBits + 6) / 7)
  }

  /// The bytes ``appendString(_:maxBytes:)`` appends for a string of `length` UTF-8 bytes.
  static func stringByteCount(length: Int) -> Int {
    precondition(length >= 0, "a length is not negative, got \(length)")
    return varintByteCount(UInt64(length)) + length
  }
}
