import GlanceKernel
import GlanceSync
import GlanceTestSupport
import PropertyBased
import Testing

/// The laws of the wire format on generated messages (every kind, amounts beyond `Int64`,
/// unicode notes, instants across all of `Int64`) and on generated and corrupted bytes.
@Suite("PeerMessage wire properties")
struct PeerMessageWireProperties {
  /// Decodes `bytes`; when they decode, re-encoding gives them back and the count agrees.
  /// Either way, nothing traps.
  static func decodeOrThrow(_ bytes: [UInt8]) {
    do throws(PeerMessageError) {
      let message = try PeerMessage(decoding: bytes)
      #expect(message.encoded() == bytes)
      #expect(message.encodedByteCount == bytes.count)
    } catch {
      #expect(!error.description.isEmpty)
    }
  }

  @Test("decoding an encoding gives the message back")
  func decodeAfterEncodeIsIdentity() async {
    await propertyCheck(count: 1_000, input: WireGen.message) { message in
      let decoded = try PeerMessage(decoding: message.encoded())
      #expect(decoded == message)
    }
  }

  @Test("encodedByteCount is the length of the encoding")
  func encodedByteCountIsTheEncodingsLength() async {
    await propertyCheck(count: 1_000, input: WireGen.message) { message in
      #expect(message.encodedByteCount == message.encoded().count)
      #expect(message.isEncodable)
    }
  }

  @Test("an event message is the header plus the event's encodedByteCount(of:)")
  func eventMessageIsHeaderPlusEvent() async {
    await propertyCheck(count: 1_000, input: WireGen.event) { event in
      let size = PeerMessage.encodedByteCount(of: event)
      #expect(PeerMessage.event(event).encodedByteCount == PeerMessage.headerByteCount + size)
      #expect(PeerMessage.event(event).encoded().count == PeerMessage.headerByteCount + size)
    }
  }

  @Test("a digest's size is the sum of its events' sizes plus the header, asOf, from and count")
  func digestSizeIsTheSumOfItsParts() async {
    await propertyCheck(count: 500, input: WireGen.digest) { digest in
      let eventBytes = digest.events.reduce(0) { $0 + PeerMessage.encodedByteCount(of: $1) }
      let expected = PeerMessage.tallyDigestByteCount(eventCount: digest.events.count, eventBytes: eventBytes)
      #expect(TallyDigest.encodedByteCount(of: digest.events) == expected)
      #expect(PeerMessage.tallyDigest(digest).encodedByteCount == expected)
      #expect(PeerMessage.tallyDigest(digest).encoded().count == expected)
    }
  }

  @Test("an amount's canonical text, beyond Int64 too, is what an expense carries")
  func expenseCarriesTheCanonicalText() async {
    await propertyCheck(count: 1_000, input: WireGen.money, WireGen.note) { amount, note in
      let event = Event(
        id: WireExamples.ascendingID, kind: .expense(amount: amount, note: note),
        instant: Instant(millisecondsSince1970: 0), origin: .app)
      let bytes = PeerMessage.event(event).encoded()
      let text = Array(amount.description.utf8)
      let noteBytes = Array(note.utf8)
      #expect(Array(bytes[29..<33]) == [0x03] + Array(amount.currency.code.utf8))
      #expect(Array(bytes[33..<(34 + text.count)]) == [UInt8(text.count)] + text)
      #expect(Array(bytes.suffix(noteBytes.count)) == noteBytes)
      #expect(bytes.count == PeerMessage.event(event).encodedByteCount)
      let decoded = try PeerMessage(decoding: bytes)
      #expect(decoded == .event(event))
    }
  }

  @Test("any bytes decode or throw, and what decodes re-encodes to the same bytes")
  func anyBytesDecodeOrThrow() async {
    await propertyCheck(count: 3_000, input: WireGen.bytes) { bytes in
      Self.decodeOrThrow(bytes)
    }
  }

  @Test("every proper prefix of an encoding throws")
  func everyTruncationThrows() async {
    await propertyCheck(count: 300, input: WireGen.message) { message in
      let bytes = message.encoded()
      for length in 0..<bytes.count {
        #expect(throws: PeerMessageError.self) { try PeerMessage(decoding: bytes[..<length]) }
      }
    }
  }

  @Test("every single-byte change of an encoding decodes or throws, never traps")
  func singleByteCorruptionsDecodeOrThrow() async {
    await propertyCheck(count: 200, input: WireGen.message, Gen.uint64()) { message, seed in
      let bytes = message.encoded()
      var words = SplitMix64(seed: seed)
      // Every position, each with a drawn byte and its bitwise complement (at least 2 changes).
      for position in bytes.indices {
        let drawn = UInt8(truncatingIfNeeded: words.next())
        for replacement in [drawn, ~bytes[position]] where replacement != bytes[position] {
          var corrupted = bytes
          corrupted[position] = replacement
          Self.decodeOrThrow(corrupted)
        }
      }
    }
  }

  @Test("appending any byte to an encoding throws trailingBytes")
  func appendedBytesThrow() async {
    await propertyCheck(count: 300, input: WireGen.message, Gen.uint8()) { message, extra in
      let bytes = message.encoded()
      #expect(throws: PeerMessageError.trailingBytes(count: 1, offset: bytes.count)) {
        try PeerMessage(decoding: bytes + [extra])
      }
    }
  }
}
