/// Up to eight UTF-8 bytes in one integer, the first in the lowest byte: the pieces of a money
/// text (a separator, a currency, a spacing, a sign) copied into a buffer without a string.
struct PackedUTF8: Hashable, Sendable {
  /// The bytes, the first in bits 0–7.
  private(set) var bytes: UInt64
  /// How many bytes are held (0 to 8).
  private(set) var count: Int

  static let empty = PackedUTF8(bytes: 0, count: 0)

  private init(bytes: UInt64, count: Int) {
    self.bytes = bytes
    self.count = count
  }

  /// The UTF-8 bytes of `text`. - Precondition: at most eight bytes.
  init(_ text: StaticString) {
    precondition(text.utf8CodeUnitCount <= 8, "\(text) is longer than 8 UTF-8 bytes")
    // Checked once for all the bytes rather than once per byte: every formatting packs several.
    var bytes: UInt64 = 0
    text.withUTF8Buffer { buffer in
      for index in buffer.indices { bytes |= UInt64(buffer[index]) << UInt64(8 * index) }
    }
    self.init(bytes: bytes, count: text.utf8CodeUnitCount)
  }

  /// Appends one byte. - Precondition: fewer than eight bytes held.
  mutating func append(_ byte: UInt8) {
    precondition(count < 8, "a PackedUTF8 holds at most 8 bytes")
    bytes |= UInt64(byte) << UInt64(8 * count)
    count += 1
  }

  /// Appends the bytes of `other`. - Precondition: at most eight bytes in all.
  mutating func append(_ other: PackedUTF8) {
    precondition(count + other.count <= 8, "a PackedUTF8 holds at most 8 bytes")
    guard other.count > 0 else { return }
    bytes |= other.bytes << UInt64(8 * count)
    count += other.count
  }

  /// The byte at `index` (0 is the first).
  subscript(index: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: bytes >> UInt64(8 * index))
  }

  /// Writes the bytes at `buffer[offset...]` and returns the offset after them.
  func write(into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
    for index in 0..<count { buffer[offset + index] = self[index] }
    return offset + count
  }

  /// The bytes as a string.
  var text: String {
    String(decoding: (0..<count).map { self[$0] }, as: UTF8.self)
  }
}
