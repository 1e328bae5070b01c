import Foundation
import GlanceKernel
import GlanceSync
import Testing

/// The format pinned byte by byte: each expected array below was worked out by hand from the
/// layout documented on `PeerMessage.encoded()`, not produced by the encoder.
@Suite("PeerMessage wire format")
struct PeerMessageWireTests {
  /// Encodes `message`, compares with `expected`, and decodes `expected` back to `message`.
  func expectPinned(
    _ message: PeerMessage, _ expected: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(message.encoded() == expected, sourceLocation: sourceLocation)
    #expect(message.encodedByteCount == expected.count, sourceLocation: sourceLocation)
    #expect(try PeerMessage(decoding: expected) == message, sourceLocation: sourceLocation)
  }

  @Test("an add from the watch is the 29 bytes of the documented example")
  func addHasPinnedBytes() throws {
    try expectPinned(.event(WireExamples.add), WireExamples.addBytes)
    #expect(PeerMessage.encodedByteCount(of: WireExamples.add) == 26)
  }

  @Test("a remove carries its target's 16 bytes; a negative instant is two's complement")
  func removeHasPinnedBytes() throws {
    let remove = Event(
      id: WireExamples.highID, kind: .remove(target: WireExamples.ascendingID),
      instant: Instant(millisecondsSince1970: -1), origin: .app)
    let expected: [UInt8] =
      [0x47, 0x01, 0x01] + WireExamples.highBytes + Array(repeating: 0xFF, count: 8) + [0x00, 0x01]
      + WireExamples.ascendingBytes
    try expectPinned(.event(remove), expected)
    #expect(PeerMessage.encodedByteCount(of: remove) == 42)
  }

  @Test("complete and uncomplete carry the step's 16 bytes, with tags 2 and 3")
  func toggleHasPinnedBytes() throws {
    let instant = Instant(millisecondsSince1970: Int64.min)
    let minimum: [UInt8] = [0x80] + Array(repeating: 0x00, count: 7)
    for (kind, tag) in [
      (EventKind.complete(step: WireExamples.stepID), UInt8(2)),
      (.uncomplete(step: WireExamples.stepID), 3),
    ] {
      let event = Event(id: WireExamples.ascendingID, kind: kind, instant: instant, origin: .widgetIntent)
      let expected: [UInt8] =
        [0x47, 0x01, 0x01] + WireExamples.ascendingBytes + minimum + [0x01, tag]
        + WireExamples.stepBytes
      try expectPinned(.event(event), expected)
    }
  }

  @Test("an expense carries its currency code, canonical amount and UTF-8 note, each length-prefixed")
  func expenseHasPinnedBytes() throws {
    let expense = try WireExamples.expense()
    try expectPinned(.event(expense), WireExamples.expenseBytes)
    #expect(PeerMessage.encodedByteCount(of: expense) == 26 + 4 + 7 + 10)
  }

  @Test("a defineTask carries the task's 16 bytes, its title as a string and its order as 8 bytes")
  func defineTaskHasPinnedBytes() throws {
    let define = Event(
      id: WireExamples.ascendingID, kind: .defineTask(WireExamples.taskID, title: "Café", order: 300),
      instant: Instant(millisecondsSince1970: 1_000), origin: .app)
    // Café is 43 61 66 C3 A9 (é is C3 A9): 5 bytes. 300 is 0x012C.
    let expected: [UInt8] =
      [0x47, 0x01, 0x01] + WireExamples.ascendingBytes + [0, 0, 0, 0, 0, 0, 0x03, 0xE8] + [0x00, 0x05]
      + WireExamples.taskBytes
      + [0x05, 0x43, 0x61, 0x66, 0xC3, 0xA9]
      + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x2C]
    #expect(expected.count == 59)
    try expectPinned(.event(define), expected)
    #expect(PeerMessage.encodedByteCount(of: define) == 50 + 6)
  }

  @Test("a defineStep carries the step's and the task's 16 bytes, then its order in two's complement")
  func defineStepHasPinnedBytes() throws {
    let define = Event(
      id: WireExamples.highID, kind: .defineStep(WireExamples.stepID, task: WireExamples.taskID, order: -2),
      instant: Instant(millisecondsSince1970: 1_000), origin: .watch)
    let expected: [UInt8] =
      [0x47, 0x01, 0x01] + WireExamples.highBytes + [0, 0, 0, 0, 0, 0, 0x03, 0xE8] + [0x02, 0x07]
      + WireExamples.stepBytes + WireExamples.taskBytes
      + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE]
    #expect(expected.count == 69)
    try expectPinned(.event(define), expected)
    #expect(PeerMessage.encodedByteCount(of: define) == 66)
  }

  @Test("removeTask and removeStep carry the task's or the step's 16 bytes, with tags 6 and 8")
  func removalsOfTheListHavePinnedBytes() throws {
    for (kind, tag, idBytes) in [
      (EventKind.removeTask(WireExamples.taskID), UInt8(6), WireExamples.taskBytes),
      (.removeStep(WireExamples.stepID), 8, WireExamples.stepBytes),
    ] {
      let event = Event(
        id: WireExamples.ascendingID, kind: kind, instant: Instant(millisecondsSince1970: 0), origin: .widgetIntent)
      let expected: [UInt8] =
        [0x47, 0x01, 0x01] + WireExamples.ascendingBytes + Array(repeating: 0x00, count: 8) + [0x01, tag]
        + idBytes
      try expectPinned(.event(event), expected)
      #expect(PeerMessage.encodedByteCount(of: event) == 42)
    }
  }

  @Test("orders at Int's ends travel whole (Int is 64 bits here)", .enabled(if: Int.bitWidth == 64))
  func extremeOrdersRoundTrip() throws {
    for order in [Int.min, Int.max] {
      let event = Event(
        id: WireExamples.ascendingID, kind: .defineStep(WireExamples.stepID, task: WireExamples.taskID, order: order),
        instant: Instant(millisecondsSince1970: 0), origin: .app)
      let bytes = PeerMessage.event(event).encoded()
      #expect(Array(bytes[61...]) == WireExamples.int64Bytes(Int64(order)))
      #expect(try PeerMessage(decoding: bytes) == .event(event))
    }
  }

  @Test("a digest is asOf, from, a varint count, then its events; a tombstone may predate from")
  func digestHasPinnedBytes() throws {
    let add = WireExamples.add
    let tombstone = Event(
      id: WireExamples.highID, kind: .remove(target: add.id),
      instant: Instant(millisecondsSince1970: 500), origin: .app)
    let digest = TallyDigest(
      asOf: Instant(millisecondsSince1970: 2_000), from: Instant(millisecondsSince1970: 1_000),
      events: [add, tombstone])
    let expected: [UInt8] =
      [0x47, 0x01, 0x02]
      + [0, 0, 0, 0, 0, 0, 0x07, 0xD0] + [0, 0, 0, 0, 0, 0, 0x03, 0xE8] + [0x02]
      + WireExamples.ascendingBytes + [0, 0, 0, 0, 0, 0, 0x03, 0xE8, 0x02, 0x00]
      + WireExamples.highBytes + [0, 0, 0, 0, 0, 0, 0x01, 0xF4, 0x00, 0x01]
      + WireExamples.ascendingBytes
    try expectPinned(.tallyDigest(digest), expected)
    #expect(TallyDigest.encodedByteCount(of: digest.events) == 88)
  }

  @Test("a tombstone dated at or after from may target an event the digest does not hold")
  func lateTombstoneMayDangle() throws {
    let tombstone = Event(
      id: WireExamples.highID, kind: .remove(target: WireExamples.ascendingID),
      instant: Instant(millisecondsSince1970: 1_000), origin: .watch)
    let digest = TallyDigest(
      asOf: Instant(millisecondsSince1970: 1_000), from: Instant(millisecondsSince1970: 1_000),
      events: [tombstone])
    let expected: [UInt8] =
      [0x47, 0x01, 0x02]
      + [0, 0, 0, 0, 0, 0, 0x03, 0xE8] + [0, 0, 0, 0, 0, 0, 0x03, 0xE8] + [0x01]
      + WireExamples.highBytes + [0, 0, 0, 0, 0, 0, 0x03, 0xE8, 0x02, 0x01]
      + WireExamples.ascendingBytes
    #expect(PeerMessage.tallyDigest(digest).isEncodable)
    try expectPinned(.tallyDigest(digest), expected)
  }

  @Test("an empty digest is 20 bytes, and asOf may equal from")
  func emptyDigestHasPinnedBytes() throws {
    let instant = Instant(millisecondsSince1970: -2)
    let digest = TallyDigest(asOf: instant, from: instant, events: [])
    let minusTwo: [UInt8] = Array(repeating: 0xFF, count: 7) + [0xFE]
    try expectPinned(.tallyDigest(digest), [0x47, 0x01, 0x02] + minusTwo + minusTwo + [0x00])
  }

  @Test("the count's varint takes 1 byte below 128 events, 2 below 16,384, else 3")
  func countVarintWidths() throws {
    for (count, width) in [(0, 1), (127, 1), (128, 2), (16_383, 2), (16_384, 3), (100_000, 3)] {
      #expect(PeerMessage.tallyDigestByteCount(eventCount: count, eventBytes: 0) == 19 + width)
    }
    let events = (0..<200).map { index in
      Event(
        id: EventID(WireExamples.indexedUUID(index)), kind: .add,
        instant: Instant(millisecondsSince1970: 0), origin: .app)
    }
    let digest = TallyDigest(
      asOf: Instant(millisecondsSince1970: 0), from: Instant(millisecondsSince1970: 0),
      events: events)
    let bytes = PeerMessage.tallyDigest(digest).encoded()
    #expect(bytes[19...20] == [0xC8, 0x01])  // 200 = 0b1_1001000: 0x48 | 0x80, then 0x01
    #expect(bytes.count == 3 + 16 + 2 + 200 * 26)
    #expect(try PeerMessage(decoding: bytes) == .tallyDigest(digest))
  }

  @Test("an amount of 30 digits, far beyond Int64, travels as its canonical text")
  func hugeAmountRoundTrips() throws {
    let amount = try Money(canonical: "-1234567890123456789012345678.90", currency: .chf)
    #expect(amount.minorUnits(exactlyAs: Int64.self) == nil)
    let event = Event(
      id: WireExamples.ascendingID, kind: .expense(amount: amount, note: ""),
      instant: Instant(millisecondsSince1970: 0), origin: .watch)
    let bytes = PeerMessage.event(event).encoded()
    let text = Array("-1234567890123456789012345678.90".utf8)
    #expect(Array(bytes[29...]) == [0x03] + Array("CHF".utf8) + [UInt8(text.count)] + text + [0x00])
    #expect(try PeerMessage(decoding: bytes) == .event(event))
    #expect(PeerMessage.event(event).encodedByteCount == bytes.count)
  }

  @Test("a note of exactly 4,096 bytes and an amount text of exactly 64 bytes encode")
  func boundsAreInclusive() throws {
    let digits = String(repeating: "9", count: 61) + ".99"  // 64 bytes
    let amount = try Money(canonical: digits, currency: .eur)
    let note = String(repeating: "é", count: 2_048)  // 4,096 bytes
    let event = Event(
      id: WireExamples.ascendingID, kind: .expense(amount: amount, note: note),
      instant: Instant(millisecondsSince1970: 0), origin: .app)
    let message = PeerMessage.event(event)
    #expect(message.isEncodable)
    let bytes = message.encoded()
    #expect(bytes.count == 3 + 26 + 4 + 65 + 2 + 4_096)
    #expect(try PeerMessage(decoding: bytes) == message)
  }

  @Test("a title of exactly 1,024 bytes encodes, with a 2-byte length; 1,025 bytes is not encodable")
  func titleBoundIsInclusive() throws {
    let title = String(repeating: "é", count: 512)  // 1,024 bytes
    let event = Event(
      id: WireExamples.ascendingID, kind: .defineTask(WireExamples.taskID, title: title, order: 0),
      instant: Instant(millisecondsSince1970: 0), origin: .app)
    let message = PeerMessage.event(event)
    #expect(message.isEncodable)
    let bytes = message.encoded()
    #expect(bytes.count == 3 + 26 + 16 + 2 + 1_024 + 8)
    #expect(bytes[45...46] == [0x80, 0x08])  // 1,024 = 8 * 128: 0x00 | 0x80, then 0x08
    #expect(try PeerMessage(decoding: bytes) == message)
    let longer = Event(
      id: WireExamples.ascendingID, kind: .defineTask(WireExamples.taskID, title: title + "x", order: 0),
      instant: Instant(millisecondsSince1970: 0), origin: .app)
    #expect(!PeerMessage.event(longer).isEncodable)
    #expect(PeerMessage.titleBytesMax == 1_024)
  }

  @Test("a longer note, a longer amount or an unlawful digest is not encodable")
  func outOfBoundsIsNotEncodable() throws {
    let long = String(repeating: "x", count: 4_097)
    let longNote = Event(
      id: WireExamples.ascendingID, kind: .expense(amount: .zero(.chf), note: long),
      instant: Instant(millisecondsSince1970: 0), origin: .app)
    #expect(!PeerMessage.event(longNote).isEncodable)
    let amount = try Money(canonical: String(repeating: "9", count: 62) + ".99", currency: .chf)
    let longAmount = Event(
      id: WireExamples.ascendingID, kind: .expense(amount: amount, note: ""),
      instant: Instant(millisecondsSince1970: 0), origin: .app)
    #expect(!PeerMessage.event(longAmount).isEncodable)
    let instant = Instant(millisecondsSince1970: 0)
    let backwards = TallyDigest(
      asOf: instant, from: instant,
      events: [WireExamples.add, WireExamples.add])
    #expect(!PeerMessage.tallyDigest(backwards).isEncodable)
    let dangling = Event(
      id: WireExamples.highID, kind: .remove(target: WireExamples.ascendingID),
      instant: Instant(millisecondsSince1970: -1), origin: .app)
    #expect(!PeerMessage.tallyDigest(TallyDigest(asOf: instant, from: instant, events: [dangling])).isEncodable)
  }

  @Test("encoding a note above 4,096 bytes is a precondition failure")
  func encodingALongNoteTraps() async {
    await #expect(processExitsWith: .failure) {
      let event = Event(
        id: EventID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))),
        kind: .expense(amount: .zero(.chf), note: String(repeating: "x", count: 4_097)),
        instant: Instant(millisecondsSince1970: 0), origin: .app)
      _ = PeerMessage.event(event).encoded()
    }
  }

  @Test("encoding a digest whose events are out of order is a precondition failure")
  func encodingAnUnlawfulDigestTraps() async {
    await #expect(processExitsWith: .failure) {
      let instant = Instant(millisecondsSince1970: 0)
      let add = Event(
        id: EventID(UUID(uuid: (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))), kind: .add,
        instant: instant, origin: .app)
      _ = PeerMessage.tallyDigest(TallyDigest(asOf: instant, from: instant, events: [add, add])).encoded()
    }
  }

  @Test("Data decodes like the array of its bytes")
  func dataDecodes() throws {
    let data = Data(WireExamples.addBytes)
    #expect(try PeerMessage(decoding: data) == .event(WireExamples.add))
    #expect(try PeerMessage(decoding: WireExamples.addBytes[...]) == .event(WireExamples.add))
  }
}
