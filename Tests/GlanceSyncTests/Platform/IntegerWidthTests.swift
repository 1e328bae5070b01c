import Foundation
import Testing

/// What GlanceKernel and GlanceSync assume about integer width is written down: every bare `Int`
/// the ``IntegerWidthScanner`` finds (stored, named after a time, money, an id or bytes, or a
/// conversion in a wire format) is in ``IntegerWidthAllowList`` with why it stays below 2³¹ on a
/// watch whose `Int` has 32 bits. No public watchOS SDK copy exists to compile for arm64_32, so
/// this is what keeps a watch-sized overflow out (Scripts/apple/README.md).
@Suite("Integer width on a 32-bit watch")
struct IntegerWidthTests {
  static let modules = ["GlanceKernel", "GlanceSync"]

  static func sources() -> URL {
    // …/Tests/GlanceSyncTests/Platform/IntegerWidthTests.swift → …/Sources
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
  }

  @Test("every bare Int in the kernel and GlanceSync is allowed, with why it fits 32 bits")
  func everyBareIntIsAllowed() throws {
    let findings = try IntegerWidthScanner.findings(inModules: Self.modules, under: Self.sources())
    try #require(findings.count >= 50, "found only \(findings.count) bare Ints: is the scanner reading the sources?")
    for finding in findings where IntegerWidthAllowList.allowed[finding.key] == nil {
      Issue.record(
        """
        \(finding): a bare Int, 32 bits on a watch (arm64_32). Use Int64 for times, money and ids, a \
        fixed width for a wire field, Int(exactly:) for a decoded value; or add "\(finding.key)" to \
        IntegerWidthAllowList with why it stays below 2³¹.
        """)
    }
  }

  @Test("every allowed place still exists, so the list stays the truth")
  func everyAllowedPlaceExists() throws {
    let found = Set(try IntegerWidthScanner.findings(inModules: Self.modules, under: Self.sources()).map(\.key))
    for key in IntegerWidthAllowList.allowed.keys.sorted() where !found.contains(key) {
      Issue.record("IntegerWidthAllowList allows \(key), which the sources no longer have: remove it")
    }
  }

  @Test("every reason is a sentence of its own")
  func everyReasonSaysWhy() {
    for (why, places) in IntegerWidthAllowList.reasons {
      #expect(why.count >= 40, "too short a reason for \(places): \(why)")
      #expect(!places.isEmpty, "a reason with no place: \(why)")
    }
  }

  // MARK: - The scanner fires (hand-made sources)

  @Test("a stored Int in a wire type is found, and is not allowed")
  func plantedWireCountIsFound() {
    let text = """
      struct PeerReceipt {
        /// How many events the peer acknowledged.
        var count: Int
        let acknowledged: Int64
      }
      """
    let findings = IntegerWidthScanner.findings(in: text, file: "GlanceSync/Wire/PeerReceipt.swift")
    #expect(findings.map(\.name) == ["count"])
    #expect(findings.map(\.rule) == [.stored])
    #expect(findings.map(\.line) == [3])
    #expect(findings.allSatisfy { IntegerWidthAllowList.allowed[$0.key] == nil })
  }

  @Test("stored Ints of every shape are found; computed ones only when named after a time, money, an id or bytes")
  func shapesOfDeclarations() {
    let text = """
      public private(set) var a: Int = 0
      @usableFromInline let b: [String: Int]
      var c: (Int, String)?
      var d: Int64
      var e: UInt
      var f: TimeInterval
      public var count: Int { items.count }
      public var delayMilliseconds: Int { 5 }
      var sizeBytes: Int { get }
      """
    let names = IntegerWidthScanner.findings(in: text, file: "GlanceKernel/Example.swift").map(\.name)
    #expect(names == ["a", "b", "c", "delayMilliseconds", "sizeBytes"])
  }

  @Test("parameters, case labels and results named after a time, money, an id or bytes are found")
  func namedParametersAndResults() {
    let text = """
      func schedule(after delayMs: Int, times: Int64, index: Int) -> Int {
      case tooLarge(bytes: Int, limit: Int)
      static func byteCount(of value: UInt64) -> Int {
      func position(of x: Int) -> Int
      func mark(eventID: Int, valid: Int, id: Int, ids: [Int])
      """
    let names = IntegerWidthScanner.findings(in: text, file: "GlanceSync/Example.swift").map(\.name)
    #expect(names == ["delayMs", "bytes", "byteCount", "eventID", "id", "ids"])
  }

  @Test("in a wire format, Int(…) is found unless exact or truncating; elsewhere it is not")
  func conversionsInWireFormats() {
    let text = """
      let count = Int(try reader.readVarint())
      let order = Int(exactly: wide)
      let low = Int(truncatingIfNeeded: bits)
      """
    let wire = IntegerWidthScanner.findings(in: text, file: "GlanceSync/Wire/Reader.swift")
    #expect(wire.map(\.name) == ["Int(try reader.readVarint()"])
    #expect(wire.map(\.rule) == [.conversion])
    #expect(IntegerWidthScanner.findings(in: text, file: "GlanceSync/Tally/Reader.swift").isEmpty)
    #expect(IntegerWidthScanner.findings(in: text, file: "GlanceKernel/Money/Money+Codable.swift").count == 1)
  }

  @Test("a comment is not code")
  func commentsAreSkipped() {
    let text = """
      // var count: Int
      let total: Int64 // was: var total: Int
      """
    #expect(IntegerWidthScanner.findings(in: text, file: "GlanceSync/Wire/Example.swift").isEmpty)
  }
}
