import Foundation
import GlanceKernel
import GlanceTestSupport
import Testing

/// An identifier keeps only its UUID's sixteen bytes, and gives back the same UUID.
@Suite("Identifier")
struct IdentifierTests {
  /// A UUID of sixteen drawn bytes (any bits, not only a version 4's).
  static func uuid(_ random: inout GlanceTestSupport.SplitMix64) -> UUID {
    let (h, l) = (random.next(), random.next())
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<8 {
      bytes[index] = UInt8(truncatingIfNeeded: h >> (56 - 8 * UInt64(index)))
      bytes[8 + index] = UInt8(truncatingIfNeeded: l >> (56 - 8 * UInt64(index)))
    }
    return bytes.withUnsafeBytes { raw in
      UUID(uuid: raw.loadUnaligned(as: uuid_t.self))
    }
  }

  @Test("the UUID given back is the one given, byte for byte; order is the bytes' lexicographic order")
  func roundTrip() {
    var random = GlanceTestSupport.SplitMix64(seed: 0x1D)
    var previous: (UUID, Identifier<Int>)? = nil
    for _ in 0..<2_000 {
      let uuid = Self.uuid(&random)
      let identifier = Identifier<Int>(uuid)
      #expect(identifier.uuid == uuid)
      #expect(identifier.description == uuid.uuidString)
      if let (other, otherIdentifier) = previous {
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        let otherBytes = withUnsafeBytes(of: other.uuid) { Array($0) }
        #expect((identifier < otherIdentifier) == bytes.lexicographicallyPrecedes(otherBytes))
        #expect((identifier == otherIdentifier) == (bytes == otherBytes))
      }
      previous = (uuid, identifier)
    }
    // The extremes: every bit clear, every bit set.
    let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    let ones = UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))
    #expect(Identifier<Int>(zero).uuid == zero && Identifier<Int>(ones).uuid == ones)
    #expect(Identifier<Int>(zero) < Identifier<Int>(ones))
  }

  @Test("equal identifiers hash equal; drawn ones, and ones one bit apart in either half, hash apart")
  func hashing() {
    var random = GlanceTestSupport.SplitMix64(seed: 0x4A54)
    var hashes = Set<Int>()
    for _ in 0..<2_000 {
      let uuid = Self.uuid(&random)
      let identifier = Identifier<Int>(uuid)
      #expect(identifier.hashValue == Identifier<Int>(uuid).hashValue)
      hashes.insert(identifier.hashValue)
      // The same UUID with one bit flipped, in the high half and in the low half.
      for byte in [0, 7, 8, 15] {
        var bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        bytes[byte] ^= 0x10
        let flipped = bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        #expect(Identifier<Int>(flipped).hashValue != identifier.hashValue, "byte \(byte) of \(uuid)")
      }
    }
    // 2,000 drawn identifiers: a collision among 64-bit hashes would be a one-in-10^12 event.
    #expect(hashes.count == 2_000)
  }
}
