import GlanceKernel
import GlanceSync

/// `PeerMessage(decoding:)` on any bytes: what the phone and the watch accept from each other.
///
/// Laws checked (from `PeerMessage+Wire.swift`, `PeerMessageError.swift`, `TallyDigest.swift`):
/// - bytes that decode are the one encoding of their message: `encoded()` gives them back,
///   `encodedByteCount` is their count, and the message is `isEncodable`;
/// - a decoded digest keeps its laws, checked here by an independent linear scan: ids strictly
///   increasing, `from <= asOf`, every event but a tombstone dated at or after `from`, every
///   tombstone dated before `from` aimed at an event of the digest; its size is the header,
///   `asOf`, `from`, the count and the sum of `encodedByteCount(of:)` of its events;
/// - a proper prefix of decodable bytes never decodes;
/// - a refusal names a place inside the bytes: a truncation needs bytes past the end, trailing
///   bytes run to the end, and every other offset is that of a byte that exists.
enum PeerMessageFuzzing {
  static func run(_ bytes: [UInt8]) {
    let message: PeerMessage
    do throws(PeerMessageError) {
      message = try PeerMessage(decoding: bytes)
    } catch {
      checkRefusal(error, bytes: bytes)
      return
    }
    let context = "\(bytes.count) bytes \(hex(bytes.prefix(64)))"
    law(message.encoded() == bytes, "\(context): re-encoding gives other bytes")
    law(
      message.encodedByteCount == bytes.count,
      "\(context): encodedByteCount is \(message.encodedByteCount)")
    law(message.isEncodable, "\(context): decoded but not encodable")
    switch message {
    case .event(let event):
      law(
        PeerMessage.encodedByteCount(of: event) + PeerMessage.headerByteCount == bytes.count,
        "\(context): the event's size and the header do not add up")
    case .tallyDigest(let digest):
      checkDigest(digest, byteCount: bytes.count, context: context)
    }
    // Prefixes: a few, since checking all of them is quadratic in the input's length.
    for length in [0, bytes.count / 2, bytes.count - 1] where length >= 0 && length < bytes.count {
      let decoded = try? PeerMessage(decoding: bytes[..<length])
      law(decoded == nil, "\(context): the prefix of \(length) bytes decodes too")
    }
  }

  /// The digest's laws by brute force, and its size by parts.
  static func checkDigest(_ digest: TallyDigest, byteCount: Int, context: String) {
    law(digest.from <= digest.asOf, "\(context): from is after asOf")
    law(digest.events.count <= PeerMessage.digestEventsMax, "\(context): too many events")
    var eventBytes = 0
    for (index, event) in digest.events.enumerated() {
      eventBytes += PeerMessage.encodedByteCount(of: event)
      if index > 0 {
        law(digest.events[index - 1].id < event.id, "\(context): event \(index) is out of order")
      }
      guard case .remove(let target) = event.kind else {
        law(event.instant >= digest.from, "\(context): event \(index) is dated before from")
        continue
      }
      if event.instant < digest.from {
        law(
          digest.events.contains { $0.id == target },
          "\(context): early tombstone \(index) targets an event outside the digest")
      }
    }
    let expected = PeerMessage.tallyDigestByteCount(
      eventCount: digest.events.count, eventBytes: eventBytes)
    law(expected == byteCount, "\(context): the digest's parts add up to \(expected) bytes")
    law(
      TallyDigest.encodedByteCount(of: digest.events) == byteCount,
      "\(context): TallyDigest.encodedByteCount(of:) disagrees")
  }

  /// A refusal says something, and points inside the bytes.
  static func checkRefusal(_ error: PeerMessageError, bytes: [UInt8]) {
    let context = "\(bytes.count) bytes \(hex(bytes.prefix(64))) refused: \(error)"
    law(!error.description.isEmpty, "\(context): no description")
    switch error {
    case .truncated(let offset, let needed):
      law(needed > 0 && offset <= bytes.count, "\(context): not a truncation")
      law(offset + needed > bytes.count, "\(context): the bytes needed are there")
    case .trailingBytes(let count, let offset):
      law(count > 0 && offset + count == bytes.count, "\(context): not trailing")
    case .badMagic(let found):
      law(bytes.first == found && found != PeerMessage.magic, "\(context): wrong magic byte")
    case .unsupportedVersion(let found):
      law(bytes.count > 1 && bytes[1] == found, "\(context): wrong version byte")
    case .unknownMessage(let tag, let offset), .unknownEventKind(let tag, let offset),
      .unknownOrigin(let tag, let offset):
      law(offset < bytes.count && bytes[offset] == tag, "\(context): the tag is not at its offset")
    case .orderOutOfRange(let order, let offset):
      law(offset >= 0 && offset + 8 <= bytes.count, "\(context): the order's bytes are outside the bytes")
      law(Int(exactly: order) == nil, "\(context): the order fits in Int")
    case .unknownCurrency(_, let offset), .badAmount(_, let offset, _), .invalidUTF8(let offset),
      .lengthTooLarge(_, _, let offset), .countTooLarge(_, _, let offset),
      .overlongVarint(let offset), .varintOverflow(let offset):
      law(offset >= 0 && offset < bytes.count, "\(context): the offset is outside the bytes")
    case .eventsOutOfOrder(let index):
      law(index > 0, "\(context): the first event cannot be out of order")
    case .digestInconsistent(let reason):
      law(!reason.isEmpty, "\(context): no reason")
    }
  }

  /// Bytes as two hexadecimal digits each, for messages.
  static func hex(_ bytes: ArraySlice<UInt8>) -> String {
    bytes.map { byte in
      let digits = String(byte, radix: 16, uppercase: true)
      return digits.count < 2 ? "0" + digits : digits
    }.joined(separator: " ")
  }
}
