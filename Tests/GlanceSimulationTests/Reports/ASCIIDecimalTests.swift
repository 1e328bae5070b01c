import GlanceTestSupport
import Testing

@testable import GlanceSimulation

/// A chart's path is written byte by byte: its numbers must read exactly as Swift writes them.
@Suite("ASCII decimal")
struct ASCIIDecimalTests {
  @Test("appendDecimal writes what string interpolation writes, at the bounds and at random")
  func matchesInterpolation() {
    var random = GlanceTestSupport.SplitMix64(seed: 19)
    let bounds: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, Int64.max, Int64.min, Int64.min + 1, 1_000_000_000_000_000_000]
    let drawn = (0..<2_000).map { _ in Int64(bitPattern: random.next()) >> Int64(random.below(64)) }
    for value in bounds + drawn {
      var bytes: [UInt8] = Array("x".utf8)
      bytes.appendDecimal(value)
      #expect(String(decoding: bytes, as: UTF8.self) == "x\(value)")
    }
  }
}
