import GlanceKernel
import GlanceSync
import Testing

/// Every ``PeerMessageError`` case, thrown by a hand-made input with the offset worked out by
/// hand: an event message's origin is byte 27 and its kind tag byte 28; an expense's currency
/// field starts at 29 and (for `EUR`) its amount field at 33; a defineTask's title field at 45
/// (after the task's 16 bytes); a digest's count is at 19.
@Suite("PeerMessageError")
struct PeerMessageErrorTests {
  typealias Examples = WireExamples

  static let eur = Examples.field(Array("EUR".utf8))
  static let amount = Examples.field(Array("-12.50".utf8))  // 7 bytes: the note field is at 40
  static let note = Examples.field(Array("ok".utf8))

  @Test("empty bytes, and bytes cut inside a field, throw truncated with the field's offset and width")
  func truncationNamesTheMissingBytes() {
    #expect(throws: PeerMessageError.truncated(offset: 0, needed: 1)) {
      try PeerMessage(decoding: [UInt8]())
    }
    #expect(throws: PeerMessageError.truncated(offset: 28, needed: 1)) {
      try PeerMessage(decoding: Examples.addBytes.dropLast())
    }
    #expect(throws: PeerMessageError.truncated(offset: 19, needed: 8)) {
      try PeerMessage(decoding: Examples.addBytes.prefix(22))
    }
    #expect(throws: PeerMessageError.truncated(offset: 41, needed: 4)) {
      try PeerMessage(decoding: Examples.expenseMessage(currency: Self.eur, amount: Self.amount, note: [0x04, 0x61, 0x62]))
    }
    #expect(throws: PeerMessageError.truncated(offset: 20, needed: 1)) {
      try PeerMessage(decoding: Examples.digestMessage(asOf: 0, from: 0, count: [0x80], events: []))
    }
  }

  @Test("a first byte other than 0x47 throws badMagic")
  func badMagicIsRefused() {
    #expect(throws: PeerMessageError.badMagic(found: 0x48)) {
      try PeerMessage(decoding: [0x48] + Examples.addBytes.dropFirst())
    }
  }

  @Test("a format version other than 1 throws unsupportedVersion")
  func otherVersionsAreRefused() {
    #expect(throws: PeerMessageError.unsupportedVersion(found: 2)) {
      try PeerMessage(decoding: [0x47, 0x02, 0x01])
    }
    #expect(throws: PeerMessageError.unsupportedVersion(found: 0)) {
      try PeerMessage(decoding: [0x47, 0x00])
    }
  }

  @Test("a message tag other than 1 and 2 throws unknownMessage at offset 2")
  func unknownMessageTagsAreRefused() {
    #expect(throws: PeerMessageError.unknownMessage(tag: 3, offset: 2)) {
      try PeerMessage(decoding: [0x47, 0x01, 0x03])
    }
    #expect(throws: PeerMessageError.unknownMessage(tag: 0, offset: 2)) {
      try PeerMessage(decoding: [0x47, 0x01, 0x00] + Examples.addBytes.dropFirst(3))
    }
  }

  @Test("a kind tag above 8 throws unknownEventKind at its offset")
  func unknownKindsAreRefused() {
    #expect(throws: PeerMessageError.unknownEventKind(tag: 9, offset: 28)) {
      try PeerMessage(decoding: Examples.addBytes.dropLast() + [0x09])
    }
    let digest = Examples.digestMessage(
      asOf: 0, from: 0, count: [0x01], events: [Array(Examples.addBody(0, instant: 0).dropLast()) + [0xFF]])
    #expect(throws: PeerMessageError.unknownEventKind(tag: 0xFF, offset: 45)) {
      try PeerMessage(decoding: digest)
    }
  }

  @Test("an origin above 2 throws unknownOrigin at its offset")
  func unknownOriginsAreRefused() {
    var bytes = Examples.addBytes
    bytes[27] = 3
    #expect(throws: PeerMessageError.unknownOrigin(tag: 3, offset: 27)) {
      try PeerMessage(decoding: bytes)
    }
  }

  @Test("a currency code other than exactly CHF or EUR throws unknownCurrency")
  func unknownCurrenciesAreRefused() {
    for code in ["USD", "eur", "", "EU"] {
      let bytes = Examples.expenseMessage(
        currency: Examples.field(Array(code.utf8)), amount: Self.amount, note: Self.note)
      #expect(throws: PeerMessageError.unknownCurrency(code: code, offset: 29)) {
        try PeerMessage(decoding: bytes)
      }
    }
  }

  @Test("an amount that is not canonical text throws badAmount with the parser's reason")
  func malformedAmountsAreRefused() {
    let cases: [(String, MoneyParseError)] = [
      ("12,50", .unexpectedCharacter(",", position: 2)),
      ("", .empty),
      ("1.", .missingDigits(position: 2)),
      ("1.234", .tooManyFractionDigits(position: 4, count: 3)),
      ("+1.00", .unexpectedCharacter("+", position: 0)),
    ]
    for (text, parseError) in cases {
      let bytes = Examples.expenseMessage(
        currency: Self.eur, amount: Examples.field(Array(text.utf8)), note: Self.note)
      #expect(
        throws: PeerMessageError.badAmount(text: text, offset: 33, reason: parseError.description)
      ) {
        try PeerMessage(decoding: bytes)
      }
    }
  }

  @Test("an amount in another spelling than its canonical one throws badAmount (one encoding per amount)")
  func nonCanonicalAmountsAreRefused() {
    for (text, canonical) in [("-12.5", "-12.50"), ("-0.00", "0.00"), ("007.00", "7.00"), ("3", "3.00")] {
      let bytes = Examples.expenseMessage(
        currency: Self.eur, amount: Examples.field(Array(text.utf8)), note: Self.note)
      #expect(
        throws: PeerMessageError.badAmount(
          text: text, offset: 33, reason: "the amount is written \(canonical)")
      ) {
        try PeerMessage(decoding: bytes)
      }
    }
  }

  @Test("ill-formed UTF-8 throws invalidUTF8 at the first byte of the bad sequence")
  func invalidUTF8IsRefused() {
    let cases: [([UInt8], Int)] = [
      ([0x61, 0xFF], 42),  // a byte that never occurs in UTF-8
      ([0xED, 0xA0, 0x80], 41),  // an encoded surrogate
      ([0x61, 0x62, 0xC0, 0x80], 43),  // an overlong NUL
      ([0xC3], 41),  // a sequence cut by the end of the field
      ([0x80, 0x61], 41),  // a lone continuation byte
      ([0xF4, 0x90, 0x80, 0x80], 41),  // above U+10FFFF
    ]
    for (note, offset) in cases {
      let bytes = Examples.expenseMessage(
        currency: Self.eur, amount: Self.amount, note: Examples.field(note))
      #expect(throws: PeerMessageError.invalidUTF8(offset: offset)) {
        try PeerMessage(decoding: bytes)
      }
    }
    let badCurrency = Examples.expenseMessage(
      currency: Examples.field([0x45, 0xFF, 0x52]), amount: Self.amount, note: Self.note)
    #expect(throws: PeerMessageError.invalidUTF8(offset: 31)) {
      try PeerMessage(decoding: badCurrency)
    }
  }

  @Test("a length above the field's maximum throws lengthTooLarge before any text is read")
  func longFieldsAreRefused() {
    // 4,097 = 0b10_0000_0000001: 0x81, then 0x20. No note bytes follow: the length alone fails.
    let longNote = Examples.expenseMessage(currency: Self.eur, amount: Self.amount, note: [0x81, 0x20])
    #expect(throws: PeerMessageError.lengthTooLarge(length: 4_097, max: 4_096, offset: 40)) {
      try PeerMessage(decoding: longNote)
    }
    let longCurrency = Examples.expenseMessage(
      currency: Examples.field(Array("EURO".utf8)), amount: Self.amount, note: Self.note)
    #expect(throws: PeerMessageError.lengthTooLarge(length: 4, max: 3, offset: 29)) {
      try PeerMessage(decoding: longCurrency)
    }
    let longAmount = Examples.expenseMessage(
      currency: Self.eur, amount: Examples.field(Array(repeating: 0x31, count: 65)), note: Self.note)
    #expect(throws: PeerMessageError.lengthTooLarge(length: 65, max: 64, offset: 33)) {
      try PeerMessage(decoding: longAmount)
    }
    let huge = Examples.expenseMessage(
      currency: Self.eur, amount: Self.amount,
      note: Array(repeating: 0xFF, count: 9) + [0x01])  // 2^64 - 1
    #expect(throws: PeerMessageError.lengthTooLarge(length: .max, max: 4_096, offset: 40)) {
      try PeerMessage(decoding: huge)
    }
  }

  /// A defineTask message (id `ascendingID`, instant 0, origin app, task `taskID`) whose title
  /// field is given whole, length prefix included, at offset 45, then `order`'s 8 bytes.
  static func defineTaskMessage(title: [UInt8], order: Int64) -> [UInt8] {
    [0x47, 0x01, 0x01] + Examples.ascendingBytes + Examples.int64Bytes(0) + [0x00, 0x05] + Examples.taskBytes
      + title + Examples.int64Bytes(order)
  }

  @Test("a task's title above 1,024 bytes, not UTF-8, or cut before its order is refused at its offset")
  func malformedTitlesAreRefused() {
    // 1,025 = 8 * 128 + 1: 0x81, then 0x08. No title bytes follow: the length alone fails.
    #expect(throws: PeerMessageError.lengthTooLarge(length: 1_025, max: 1_024, offset: 45)) {
      try PeerMessage(decoding: Self.defineTaskMessage(title: [0x81, 0x08], order: 0))
    }
    #expect(throws: PeerMessageError.invalidUTF8(offset: 47)) {
      try PeerMessage(decoding: Self.defineTaskMessage(title: Examples.field([0x61, 0xC0, 0x80]), order: 0))
    }
    // The title "ok" ends at 47; the order's 8 bytes would start at 48.
    #expect(throws: PeerMessageError.truncated(offset: 48, needed: 8)) {
      try PeerMessage(decoding: Self.defineTaskMessage(title: Examples.field(Array("ok".utf8)), order: 0).dropLast())
    }
  }

  @Test("an order beyond a 32-bit Int throws orderOutOfRange at its first byte", .enabled(if: Int.bitWidth < 64))
  func wideOrdersAreRefusedOnNarrowInts() {
    // 2^32, in a defineTask whose empty title (00 at 45) puts the order at 46.
    #expect(throws: PeerMessageError.orderOutOfRange(order: 1 << 32, offset: 46)) {
      try PeerMessage(decoding: Self.defineTaskMessage(title: [0x00], order: 1 << 32))
    }
  }

  @Test("every order decodes where Int has 64 bits: orderOutOfRange cannot occur", .enabled(if: Int.bitWidth == 64))
  func everyOrderFitsWideInts() throws {
    for order in [Int64.min, -1, 1 << 32, Int64.max] {
      let decoded = try PeerMessage(decoding: Self.defineTaskMessage(title: [0x00], order: order))
      guard case .event(let event) = decoded, case .defineTask(_, let title, let read) = event.kind else {
        Issue.record("not a defineTask: \(decoded)")
        continue
      }
      #expect(title == "")
      #expect(read == Int(order))
    }
  }

  @Test("an event count above 100,000 throws countTooLarge")
  func largeCountsAreRefused() {
    // 100,001 = 6 * 16,384 + 13 * 128 + 33: 0xA1, 0x8D, 0x06.
    let bytes = Examples.digestMessage(asOf: 0, from: 0, count: [0xA1, 0x8D, 0x06], events: [])
    #expect(throws: PeerMessageError.countTooLarge(count: 100_001, max: 100_000, offset: 19)) {
      try PeerMessage(decoding: bytes)
    }
  }

  @Test("a digest whose ids do not strictly increase throws eventsOutOfOrder at the first offender")
  func unorderedEventsAreRefused() {
    let repeated = Examples.digestMessage(
      asOf: 0, from: 0, count: [0x02],
      events: [Examples.addBody(1, instant: 0), Examples.addBody(1, instant: 0)])
    #expect(throws: PeerMessageError.eventsOutOfOrder(index: 1)) {
      try PeerMessage(decoding: repeated)
    }
    let decreasing = Examples.digestMessage(
      asOf: 0, from: 0, count: [0x03],
      events: [
        Examples.addBody(1, instant: 0), Examples.addBody(3, instant: 0),
        Examples.addBody(2, instant: 0),
      ])
    #expect(throws: PeerMessageError.eventsOutOfOrder(index: 2)) {
      try PeerMessage(decoding: decreasing)
    }
  }

  @Test("from after asOf, an event before from, or an early tombstone aimed outside throws digestInconsistent")
  func inconsistentDigestsAreRefused() {
    #expect(
      throws: PeerMessageError.digestInconsistent(
        reason: "from (2000 ms since 1970) is after asOf (1000 ms since 1970)")
    ) {
      try PeerMessage(decoding: Examples.digestMessage(asOf: 1_000, from: 2_000, count: [0x00], events: []))
    }
    let early = Examples.digestMessage(
      asOf: 2_000, from: 1_001, count: [0x02],
      events: [Examples.addBody(1, instant: 1_001), Examples.addBody(2, instant: 1_000)])
    #expect(
      throws: PeerMessageError.digestInconsistent(
        reason: "event 1 is dated 1000 ms since 1970, before from (1001 ms since 1970)")
    ) {
      try PeerMessage(decoding: early)
    }
    let dangling = Examples.digestMessage(
      asOf: 0, from: 0, count: [0x02],
      events: [Examples.addBody(1, instant: 0), Examples.removeBody(2, instant: -5, target: 3)])
    #expect(
      throws: PeerMessageError.digestInconsistent(
        reason: "tombstone 1 is dated before from and targets 00030000-0000-4000-8000-000000000001, "
          + "which is not in the digest")
    ) {
      try PeerMessage(decoding: dangling)
    }
  }

  @Test("bytes after a whole message throw trailingBytes at the message's end")
  func trailingBytesAreRefused() {
    #expect(throws: PeerMessageError.trailingBytes(count: 1, offset: 29)) {
      try PeerMessage(decoding: Examples.addBytes + [0x00])
    }
    #expect(throws: PeerMessageError.trailingBytes(count: 2, offset: 20)) {
      try PeerMessage(decoding: Examples.digestMessage(asOf: 0, from: 0, count: [0x00], events: [[0x47, 0x01]]))
    }
  }

  @Test("a varint not in its shortest form throws overlongVarint at its first byte")
  func overlongVarintsAreRefused() {
    #expect(throws: PeerMessageError.overlongVarint(offset: 19)) {
      try PeerMessage(decoding: Examples.digestMessage(asOf: 0, from: 0, count: [0x80, 0x00], events: []))
    }
    let note = Examples.expenseMessage(currency: Self.eur, amount: Self.amount, note: [0x82, 0x00, 0x61, 0x62])
    #expect(throws: PeerMessageError.overlongVarint(offset: 40)) {
      try PeerMessage(decoding: note)
    }
    let tenBytes = Array(repeating: UInt8(0x80), count: 9) + [0x00]
    #expect(throws: PeerMessageError.overlongVarint(offset: 19)) {
      try PeerMessage(decoding: Examples.digestMessage(asOf: 0, from: 0, count: tenBytes, events: []))
    }
  }

  @Test("a varint beyond 64 bits throws varintOverflow at its first byte")
  func overflowingVarintsAreRefused() {
    for last: UInt8 in [0x02, 0x7F, 0x81] {
      let count = Array(repeating: UInt8(0xFF), count: 9) + [last]
      #expect(throws: PeerMessageError.varintOverflow(offset: 19)) {
        try PeerMessage(decoding: Examples.digestMessage(asOf: 0, from: 0, count: count, events: []))
      }
    }
  }

  @Test("every description is one sentence naming the offset")
  func descriptionsAreSentences() {
    let errors: [PeerMessageError] = [
      .truncated(offset: 3, needed: 8), .truncated(offset: 3, needed: 1), .badMagic(found: 0x0A),
      .unsupportedVersion(found: 9), .unknownMessage(tag: 7, offset: 2),
      .unknownEventKind(tag: 9, offset: 28), .unknownOrigin(tag: 4, offset: 27),
      .unknownCurrency(code: "U\nS", offset: 29),
      .badAmount(text: "1.5", offset: 33, reason: "the amount is written 1.50"),
      .orderOutOfRange(order: 1 << 32, offset: 46),
      .invalidUTF8(offset: 41), .lengthTooLarge(length: 5_000, max: 4_096, offset: 40),
      .countTooLarge(count: 200_000, max: 100_000, offset: 19), .eventsOutOfOrder(index: 4),
      .digestInconsistent(reason: "event 1 is dated 0 ms since 1970, before from (1 ms since 1970)"),
      .trailingBytes(count: 2, offset: 29), .overlongVarint(offset: 19), .varintOverflow(offset: 19),
    ]
    for error in errors {
      let text = error.description
      #expect(text.hasSuffix("."), "\(text)")
      #expect(!text.contains("\n"), "\(text)")
      #expect(text.first?.isLowercase == true, "\(text)")
    }
    #expect(PeerMessageError.badMagic(found: 0x0A).description.contains("0x0A"))
    #expect(PeerMessageError.unknownCurrency(code: "U\nS", offset: 29).description.contains("\\n"))
    #expect(
      PeerMessageError.truncated(offset: 19, needed: 8).description
        == "the message is truncated: a field of 8 bytes at offset 19 runs past its end.")
    #expect(
      PeerMessageError.trailingBytes(count: 1, offset: 29).description
        == "the message ends at offset 29, followed by 1 byte too many.")
  }
}
