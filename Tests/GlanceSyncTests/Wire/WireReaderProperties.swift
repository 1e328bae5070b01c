import Foundation
import PropertyBased
import Testing

@testable import GlanceSync

/// The primitive fields: what ``WireWriter`` appends, ``WireReader`` reads back, consuming
/// exactly those bytes; and the reader never reads past the end.
@Suite("WireReader properties")
struct WireReaderProperties {
  @Test("a varint reads back, in its counted number of bytes, across all of UInt64")
  func varintWriteThenReadIsIdentity() async {
    let values = zip(Gen.int(in: 0...63), Gen.uint64()).map { bits, any in any >> UInt64(bits) }
    await propertyCheck(count: 2_000, input: values) { value in
      var writer = WireWriter(capacity: 10)
      writer.appendVarint(value)
      #expect(writer.bytes.count == WireWriter.varintByteCount(value))
      var reader = WireReader(writer.bytes)
      let read = try reader.readVarint()
      #expect(read == value)
      #expect(reader.remainingByteCount == 0)
    }
  }

  @Test("varint widths: 1 byte up to 127, 2 from 128, 10 for 2^63 and above")
  func varintWidths() {
    let widths: [(UInt64, Int)] = [
      (0, 1), (127, 1), (128, 2), (16_383, 2), (16_384, 3), (1 << 63 - 1, 9), (1 << 63, 10), (.max, 10),
    ]
    for (value, width) in widths {
      #expect(WireWriter.varintByteCount(value) == width, "\(value)")
    }
    var writer = WireWriter(capacity: 10)
    writer.appendVarint(300)
    #expect(writer.bytes == [0xAC, 0x02])
  }

  @Test("an Int64 reads back from its 8 big-endian bytes")
  func int64WriteThenReadIsIdentity() async {
    await propertyCheck(count: 1_000, input: Gen.int64()) { value in
      var writer = WireWriter(capacity: 8)
      writer.appendInt64(value)
      #expect(writer.bytes.count == 8)
      #expect(writer.bytes.first == UInt8(truncatingIfNeeded: UInt64(bitPattern: value) >> 56))
      var reader = WireReader(writer.bytes)
      let read = try reader.readInt64()
      #expect(read == value)
    }
  }

  @Test("an event's head appended in one claim is the bytes of a UUID, an Int64 and a byte appended in turn")
  func headIsItsThreeFields() async {
    let heads = zip(Gen.uint64(), Gen.uint64(), Gen.int64(), Gen.uint64())
    await propertyCheck(count: 1_000, input: heads) { high, low, value, byte in
      let uuid = withUnsafeBytes(of: (high, low)) { raw in raw.loadUnaligned(as: uuid_t.self) }
      // After a byte already written, so that the fields are stored unaligned.
      var head = WireWriter(capacity: 0)
      head.append(0x47)
      head.appendUUID(UUID(uuid: uuid), int64: value, byte: UInt8(truncatingIfNeeded: byte))
      var fields = WireWriter(capacity: 26)
      fields.append(0x47)
      fields.appendUUID(UUID(uuid: uuid))
      fields.appendInt64(value)
      fields.append(UInt8(truncatingIfNeeded: byte))
      #expect(head.bytes == fields.bytes)
      #expect(head.byteCount == 1 + WireWriter.uuidByteCount + WireWriter.int64ByteCount + 1)
    }
  }

  @Test("a string reads back byte for byte, in its counted number of bytes")
  func stringWriteThenReadIsIdentity() async {
    await propertyCheck(count: 1_000, input: WireGen.note) { text in
      var writer = WireWriter(capacity: 0)
      writer.appendString(text, maxBytes: 4_096)
      #expect(writer.bytes.count == WireWriter.stringByteCount(length: text.utf8.count))
      var reader = WireReader(writer.bytes)
      let read = try reader.readString(maxBytes: 4_096)
      #expect(Array(read.utf8) == Array(text.utf8))
      #expect(reader.remainingByteCount == 0)
    }
  }

  @Test("UTF-8 validation agrees with the standard library's")
  func utf8ValidationAgreesWithTheStandardLibrary() async {
    let bytes = zip(Gen.uint8().array(of: 0...12), Gen.uint8(in: 0x80...0xF5).array(of: 0...4))
      .map { any, high in any + high }
    await propertyCheck(count: 3_000, input: bytes) { bytes in
      let invalid = WireReader.firstInvalidUTF8(in: bytes[...])
      #expect((invalid == nil) == (String(validating: bytes, as: UTF8.self) != nil))
      if let invalid {
        #expect(String(validating: bytes[..<invalid], as: UTF8.self) != nil)
      }
    }
  }

  @Test("reads on any bytes return or throw, and never move past the end")
  func readsStayInBounds() async {
    await propertyCheck(count: 2_000, input: Gen.uint8().array(of: 0...24), Gen.uint64()) { bytes, seed in
      var reader = WireReader(bytes)
      var selector = seed
      // At most 24 reads: each successful one consumes at least one byte.
      for _ in 0...bytes.count {
        do throws(PeerMessageError) {
          switch selector % 5 {
          case 0: _ = try reader.readUInt8()
          case 1: _ = try reader.readInt64()
          case 2: _ = try reader.readUUID()
          case 3: _ = try reader.readVarint()
          default: _ = try reader.readString(maxBytes: 8)
          }
        } catch {
          break
        }
        #expect(reader.offset <= bytes.count)
        selector /= 5
      }
      #expect(reader.offset <= bytes.count)
    }
  }
}
