import Foundation
import GlanceKernel

/// Reads the primitive fields that ``WireWriter`` appends, front to back, from a byte array.
///
/// Every read checks its bounds first and throws a ``PeerMessageError`` naming the offset
/// instead of trapping or reading past the end. After a read throws, ``offset`` is unspecified:
/// a decoder drops the reader at its first error.
///
/// ## Laws
/// - Reading never traps and never touches a byte at or past `bytes.count`, for any bytes.
/// - A successful read advances ``offset`` by exactly the bytes the field occupies.
/// - Only shortest-form varints of at most 64 bits, and only valid UTF-8 within the stated
///   maximum, are accepted: every accepted field has exactly one encoding.
struct WireReader {
  /// The bytes being read.
  let bytes: [UInt8]
  /// The offset of the next byte to read.
  private(set) var offset: Int

  /// A reader at the start of `bytes`.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    self.offset = 0
  }

  /// The bytes not read yet.
  var remainingByteCount: Int { bytes.count - offset }

  /// Throws ``PeerMessageError/truncated(offset:needed:)`` unless `count` bytes remain.
  func require(_ count: Int) throws(PeerMessageError) {
    precondition(count >= 0, "a read needs a non-negative count, got \(count)")
    guard count <= remainingByteCount else {
      throw .truncated(offset: offset, needed: count)
    }
  }

  /// Reads one byte.
  mutating func readUInt8() throws(PeerMessageError) -> UInt8 {
    try require(1)
    let byte = bytes[offset]
    offset += 1
    return byte
  }

  /// Reads 8 bytes, most significant first, as a two's-complement `Int64`.
  mutating func readInt64() throws(PeerMessageError) -> Int64 {
    try require(WireWriter.int64ByteCount)
    let start = offset
    let bigEndian = bytes.withUnsafeBytes { raw in raw.loadUnaligned(fromByteOffset: start, as: UInt64.self) }
    offset += WireWriter.int64ByteCount
    return Int64(bitPattern: UInt64(bigEndian: bigEndian))
  }

  /// Reads 16 bytes as a UUID, in the order `UUID.uuid` lists them.
  mutating func readUUID() throws(PeerMessageError) -> UUID {
    try require(WireWriter.uuidByteCount)
    let start = offset
    let uuid = bytes.withUnsafeBytes { raw in raw.loadUnaligned(fromByteOffset: start, as: uuid_t.self) }
    offset += WireWriter.uuidByteCount
    return UUID(uuid: uuid)
  }

  /// Reads 16 bytes as ``readUUID()`` does, as the identifier of that UUID, straight from the
  /// bytes' two big-endian halves (making a UUID first cost more than reading it).
  mutating func readIdentifier<Kind>() throws(PeerMessageError) -> Identifier<Kind> {
    try require(WireWriter.uuidByteCount)
    let start = offset
    let (high, low) = bytes.withUnsafeBytes { raw in
      (raw.loadUnaligned(fromByteOffset: start, as: UInt64.self), raw.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
    }
    offset += WireWriter.uuidByteCount
    return Identifier(uuidHalves: (UInt64(bigEndian: high), UInt64(bigEndian: low)))
  }

  /// The most bytes a varint of 64 bits takes.
  static let varintByteCountMax = 10

  /// Reads an unsigned LEB128 varint.
  ///
  /// - Throws: ``PeerMessageError/overlongVarint(offset:)`` when a byte after the first ends the
  ///   varint with `0x00` (not the shortest form); ``PeerMessageError/varintOverflow(offset:)``
  ///   when the tenth byte is above `0x01` (more than 64 bits, or an eleventh byte announced);
  ///   ``PeerMessageError/truncated(offset:needed:)`` when the bytes end inside it.
  mutating func readVarint() throws(PeerMessageError) -> UInt64 {
    let start = offset
    var value: UInt64 = 0
    for index in 0..<Self.varintByteCountMax {
      let byte = try readUInt8()
      // The tenth byte holds bit 63 alone: 0x01 is the only value that neither overflows nor
      // announces an eleventh byte (0x00 there is overlong, caught below).
      guard index < Self.varintByteCountMax - 1 || byte <= 0x01 else {
        throw .varintOverflow(offset: start)
      }
      value |= UInt64(byte & 0x7F) << UInt64(7 * index)
      if byte & 0x80 == 0 {
        guard index == 0 || byte != 0 else { throw .overlongVarint(offset: start) }
        return value
      }
    }
    // Unreachable: the tenth byte either ended the varint or threw above.
    throw .varintOverflow(offset: start)
  }

  /// Reads a varint length, then that many bytes as UTF-8 text.
  ///
  /// - Throws: ``PeerMessageError/lengthTooLarge(length:max:offset:)`` (at the length's offset)
  ///   when the length is above `maxBytes`, before reading any text;
  ///   ``PeerMessageError/invalidUTF8(offset:)`` at the first byte of the first invalid
  ///   sequence; the varint's and truncation errors.
  mutating func readString(maxBytes: Int) throws(PeerMessageError) -> String {
    precondition(maxBytes >= 0, "a maximum length is not negative, got \(maxBytes)")
    let start = offset
    let length = try readVarint()
    guard length <= UInt64(maxBytes) else {
      throw .lengthTooLarge(length: length, max: maxBytes, offset: start)
    }
    let count = Int(length)
    try require(count)
    let text = bytes[offset..<(offset + count)]
    if let invalid = Self.firstInvalidUTF8(in: text) { throw .invalidUTF8(offset: invalid) }
    offset += count
    return String(decoding: text, as: UTF8.self)
  }

  /// The index of the first byte of the first ill-formed UTF-8 sequence in `text`, or `nil`
  /// when it is all valid (the standard's definition: no overlong forms, surrogates or values
  /// above U+10FFFF).
  static func firstInvalidUTF8(in text: ArraySlice<UInt8>) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = text.makeIterator()
    var position = text.startIndex
    // Each step consumes at least one byte, so at most `text.count` steps.
    for _ in 0...text.count {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): position += scalar.count
      case .error: return position
      case .emptyInput: return nil
      }
    }
    preconditionFailure("UTF-8 parsing of \(text.count) bytes did not end")
  }
}
