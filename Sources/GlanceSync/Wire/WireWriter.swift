import Foundation
import GlanceKernel

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
  /// The buffer: its first ``byteCount`` bytes are written, the rest are zeros waiting for the
  /// next appends. Fields are stored through one pointer each, not appended byte by byte.
  private var storage: [UInt8]
  /// The number of bytes written so far.
  private(set) var byteCount = 0

  /// The bytes written so far (the buffer itself, uncopied, once it is full, as it is when the
  /// capacity was the exact size: ``PeerMessage/encoded()`` sizes it by arithmetic).
  var bytes: [UInt8] {
    byteCount == storage.count ? storage : Array(storage[..<byteCount])
  }

  /// An empty writer with room for `capacity` bytes.
  init(capacity: Int) {
    precondition(capacity >= 0, "a capacity is not negative, got \(capacity)")
    storage = [UInt8](repeating: 0, count: capacity)
  }

  /// Claims the next `count` bytes (growing the buffer when they do not fit) and returns the
  /// offset of the first.
  private mutating func claim(_ count: Int) -> Int {
    precondition(count >= 0, "a field takes a non-negative number of bytes, got \(count)")
    let offset = byteCount
    let needed = offset + count
    if needed > storage.count {
      storage.append(contentsOf: repeatElement(0, count: max(needed, 2 * storage.count) - storage.count))
    }
    byteCount = needed
    assert(byteCount <= storage.count, "\(byteCount) bytes written in a buffer of \(storage.count)")
    return offset
  }

  /// Appends one byte.
  mutating func append(_ byte: UInt8) {
    let offset = claim(1)
    storage[offset] = byte
  }

  /// Appends `value` as 8 bytes, most significant first (two's complement).
  mutating func appendInt64(_ value: Int64) {
    let offset = claim(Self.int64ByteCount)
    storage.withUnsafeMutableBytes { raw in
      raw.storeBytes(of: UInt64(bitPattern: value).bigEndian, toByteOffset: offset, as: UInt64.self)
    }
  }

  /// Appends the 16 bytes of `uuid`, in the order `UUID.uuid` lists them (the order of its
  /// canonical text, which is also `Identifier`'s order).
  mutating func appendUUID(_ uuid: UUID) {
    let offset = claim(Self.uuidByteCount)
    assert(MemoryLayout<uuid_t>.size == Self.uuidByteCount, "a UUID is 16 bytes")
    storage.withUnsafeMutableBytes { raw in raw.storeBytes(of: uuid.uuid, toByteOffset: offset, as: uuid_t.self) }
  }

  /// Appends `uuid`, `value` and `byte`, as ``appendUUID(_:)``, ``appendInt64(_:)`` and
  /// ``append(_:)`` do one after the other, with one claim: what every event begins with (its id,
  /// instant and origin), written once per event of every digest.
  mutating func appendUUID(_ uuid: UUID, int64 value: Int64, byte: UInt8) {
    appendIdentifier(EventID(uuid), int64: value, byte: byte)
  }

  /// Appends the 16 bytes of `identifier`'s UUID, as ``appendUUID(_:)`` does, from the two
  /// halves the identifier keeps (making its UUID again cost more than writing it).
  mutating func appendIdentifier<Kind>(_ identifier: Identifier<Kind>) {
    let offset = claim(Self.uuidByteCount)
    let halves = identifier.uuidHalves
    storage.withUnsafeMutableBytes { raw in
      raw.storeBytes(of: halves.high.bigEndian, toByteOffset: offset, as: UInt64.self)
      raw.storeBytes(of: halves.low.bigEndian, toByteOffset: offset + 8, as: UInt64.self)
    }
  }

  /// Appends `identifier`, `value` and `byte`, as ``appendIdentifier(_:)``, ``appendInt64(_:)``
  /// and ``append(_:)`` do one after the other, with one claim: what every event begins with (its
  /// id, instant and origin), written once per event of every digest.
  mutating func appendIdentifier<Kind>(_ identifier: Identifier<Kind>, int64 value: Int64, byte: UInt8) {
    let offset = claim(Self.uuidByteCount + Self.int64ByteCount + 1)
    let halves = identifier.uuidHalves
    storage.withUnsafeMutableBytes { raw in
      raw.storeBytes(of: halves.high.bigEndian, toByteOffset: offset, as: UInt64.self)
      raw.storeBytes(of: halves.low.bigEndian, toByteOffset: offset + 8, as: UInt64.self)
      raw.storeBytes(of: UInt64(bitPattern: value).bigEndian, toByteOffset: offset + Self.uuidByteCount, as: UInt64.self)
      raw[offset + Self.uuidByteCount + Self.int64ByteCount] = byte
    }
  }

  /// Appends `value` as an unsigned LEB128 varint: 7 bits per byte, least significant group
  /// first, the high bit set on every byte but the last. Always the shortest form.
  mutating func appendVarint(_ value: UInt64) {
    let count = Self.varintByteCount(value)
    var offset = claim(count)
    var rest = value
    // One turn per byte but the last: at most 9.
    while rest >= 0x80 {
      storage[offset] = UInt8(truncatingIfNeeded: rest) | 0x80
      offset += 1
      rest >>= 7
    }
    storage[offset] = UInt8(rest)
    precondition(offset + 1 == byteCount, "a varint of \(value) took other than its \(count) bytes")
  }

  /// Appends `text`'s UTF-8 bytes, preceded by their count as a varint.
  ///
  /// - Precondition: `text` has at most `maxBytes` UTF-8 bytes (the bound the reader enforces).
  mutating func appendString(_ text: String, maxBytes: Int) {
    let length = text.utf8.count
    precondition(length <= maxBytes, "a wire string has at most \(maxBytes) bytes, got \(length)")
    appendVarint(UInt64(length))
    let offset = claim(length)
    storage.withUnsafeMutableBytes { raw in
      UnsafeMutableRawBufferPointer(rebasing: raw[offset..<(offset + length)]).copyBytes(from: text.utf8)
    }
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
