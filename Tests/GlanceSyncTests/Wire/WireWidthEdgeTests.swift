import GlanceKernel
import Testing

@testable import GlanceSync

/// Lengths, counts and orders at the edges of a 32-bit `Int`, the width of a watch's (arm64_32):
/// a value read off the wire is a `UInt64` varint or an `Int64`, and must be refused with a typed
/// error (never a trap) before it would become an `Int` that does not fit. The varints are worked
/// out by hand below (7 bits a byte, least significant group first, the high bit on all but the
/// last), not by the code under test.
@Suite("Wire at 32-bit edges")
struct WireWidthEdgeTests {
  typealias Examples = WireExamples

  /// Each edge, its shortest varint, and its value.
  static let edges: [(name: String, varint: [UInt8], value: UInt64)] = [
    // 2^31 - 1 = 0x7FFF_FFFF: four groups of 7 ones (FF with the high bit), then 0b111 (07).
    ("2^31 - 1", [0xFF, 0xFF, 0xFF, 0xFF, 0x07], 2_147_483_647),
    // 2^31: four groups of 7 zeros (80), then bit 31 is bit 3 of the fifth group (08).
    ("2^31", [0x80, 0x80, 0x80, 0x80, 0x08], 2_147_483_648),
    // 2^32 - 1: four groups of 7 ones, then 0b1111 (0F).
    ("2^32 - 1", [0xFF, 0xFF, 0xFF, 0xFF, 0x0F], 4_294_967_295),
    // 2^32: four groups of zeros, then bit 32 is bit 4 of the fifth group (10).
    ("2^32", [0x80, 0x80, 0x80, 0x80, 0x10], 4_294_967_296),
  ]

  static let eur = Examples.field(Array("EUR".utf8))
  static let amount = Examples.field(Array("-12.50".utf8))  // the note field starts at offset 40

  @Test("a string length at a 32-bit edge throws lengthTooLarge with the exact length, before any text")
  func stringLengthsAtTheEdges() {
    for edge in Self.edges {
      let bytes = Examples.expenseMessage(currency: Self.eur, amount: Self.amount, note: edge.varint)
      #expect(throws: PeerMessageError.lengthTooLarge(length: edge.value, max: 4_096, offset: 40), "\(edge.name)") {
        try PeerMessage(decoding: bytes)
      }
    }
  }

  @Test("a digest's event count at a 32-bit edge throws countTooLarge with the exact count")
  func digestCountsAtTheEdges() {
    for edge in Self.edges {
      let bytes = Examples.digestMessage(asOf: 0, from: 0, count: edge.varint, events: [])
      #expect(throws: PeerMessageError.countTooLarge(count: edge.value, max: 100_000, offset: 19), "\(edge.name)") {
        try PeerMessage(decoding: bytes)
      }
    }
  }

  @Test("the reader reads each edge's varint back whole, in 5 bytes")
  func varintsAtTheEdges() throws {
    for edge in Self.edges {
      var reader = WireReader(edge.varint)
      #expect(try reader.readVarint() == edge.value, "\(edge.name)")
      #expect(reader.offset == 5, "\(edge.name)")
      #expect(WireWriter.varintByteCount(edge.value) == 5, "\(edge.name)")
    }
    // Around the edges: 2^28 - 1 is the largest 4-byte varint, 2^35 - 1 the largest of 5.
    #expect(WireWriter.varintByteCount(268_435_455) == 4)
    #expect(WireWriter.varintByteCount(268_435_456) == 5)
    #expect(WireWriter.varintByteCount(34_359_738_367) == 5)
    #expect(WireWriter.varintByteCount(34_359_738_368) == 6)
    #expect(WireWriter.varintByteCount(.max) == 10)
  }

  /// Orders at the edges of `Int32`, where a watch's `Int` ends.
  static let int32Edges: [Int64] = [Int64(Int32.min) - 1, Int64(Int32.min), Int64(Int32.max), Int64(Int32.max) + 1]

  @Test("an order at a 32-bit edge decodes exactly where Int has 64 bits", .enabled(if: Int.bitWidth == 64))
  func ordersAtTheEdgesOnWideInts() throws {
    for order in Self.int32Edges {
      let decoded = try PeerMessage(decoding: PeerMessageErrorTests.defineTaskMessage(title: [0x00], order: order))
      guard case .event(let event) = decoded, case .defineTask(_, _, let read) = event.kind else {
        Issue.record("not a defineTask: \(decoded)")
        continue
      }
      #expect(Int64(read) == order)
    }
  }

  @Test("where Int has 32 bits, an order inside Int32 decodes and one outside throws orderOutOfRange", .enabled(if: Int.bitWidth == 32))
  func ordersAtTheEdgesOnNarrowInts() throws {
    for order in Self.int32Edges {
      let bytes = PeerMessageErrorTests.defineTaskMessage(title: [0x00], order: order)
      if (Int64(Int32.min)...Int64(Int32.max)).contains(order) {
        #expect(throws: Never.self) { try PeerMessage(decoding: bytes) }
      } else {
        // The empty title (00 at 45) puts the order at 46.
        #expect(throws: PeerMessageError.orderOutOfRange(order: order, offset: 46)) { try PeerMessage(decoding: bytes) }
      }
    }
  }
}
