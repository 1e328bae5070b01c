import GlanceTestSupport
import Testing

@testable import GlanceSimulation

/// A chart's elements are written as ``MarkupFragment``s: each must hold the bytes of the
/// `String` the same literal made before.
@Suite("MarkupFragment")
struct MarkupFragmentTests {
  static let integers: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, 800, -800, Int64.max, Int64.min, Int64.min + 1]
  static let texts = ["", "#D55E00", " stroke=\"#000000\" stroke-width=\"5\"", "a < b & 'c' \"d\"", "→ ’ × \u{85} \u{FFFF}"]

  @Test("a fragment holds the UTF-8 of the String interpolation it replaces, at the bounds and at random")
  func matchesStringInterpolation() {
    var random = GlanceTestSupport.SplitMix64(seed: 29)
    let drawn = (0..<500).map { _ in Int64(bitPattern: random.next()) >> Int64(random.below(64)) }
    for (index, value) in (Self.integers + drawn).enumerated() {
      let text = Self.texts[index % Self.texts.count]
      let small = Int(truncatingIfNeeded: value)
      let fragment: MarkupFragment = "<rect x=\"\(value)\" width=\"\(small)\" fill=\"\(text)\"\(text)>\(escaped: text)</rect>"
      let string = "<rect x=\"\(value)\" width=\"\(small)\" fill=\"\(text)\"\(text)>\(MarkupText.escaped(text))</rect>"
      #expect(fragment.bytes == Array(string.utf8), "\(value) \(text)")
    }
  }

  @Test("a literal alone, and a path's bytes, are copied as they are")
  func literalsAndBytes() {
    let literal: MarkupFragment = "</svg>"
    #expect(literal.bytes == Array("</svg>".utf8))
    let empty: MarkupFragment = ""
    #expect(empty.bytes.isEmpty)
    let path: [UInt8] = Array("M110 240H780V40".utf8)
    let fragment: MarkupFragment = "<path d=\"\(path)\"/>"
    #expect(fragment.bytes == Array("<path d=\"M110 240H780V40\"/>".utf8))
  }
}
