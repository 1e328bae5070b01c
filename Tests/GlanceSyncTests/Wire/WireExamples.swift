import Foundation
import GlanceKernel

/// Fixed values for the hand-worked examples.
enum WireExamples {
  /// `00010203-0405-0607-0809-0A0B0C0D0E0F`.
  static let ascendingID = EventID(WireGen.uuid(high: 0x0001_0203_0405_0607, low: 0x0809_0A0B_0C0D_0E0F))
  /// `FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFE`.
  static let highID = EventID(WireGen.uuid(high: .max, low: .max - 1))
  /// `11111111-1111-1111-1111-111111111111`.
  static let stepID = StepID(WireGen.uuid(high: 0x1111_1111_1111_1111, low: 0x1111_1111_1111_1111))

  /// `22222222-2222-2222-2222-222222222222`.
  static let taskID = TaskID(WireGen.uuid(high: 0x2222_2222_2222_2222, low: 0x2222_2222_2222_2222))

  /// The 16 bytes of `00010203-0405-0607-0809-0A0B0C0D0E0F`.
  static let ascendingBytes: [UInt8] = Array(0...15)
  /// The 16 bytes of `FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFE`.
  static let highBytes: [UInt8] = Array(repeating: 0xFF, count: 15) + [0xFE]
  /// The 16 bytes of `11111111-1111-1111-1111-111111111111`.
  static let stepBytes: [UInt8] = Array(repeating: 0x11, count: 16)
  /// The 16 bytes of `22222222-2222-2222-2222-222222222222`.
  static let taskBytes: [UInt8] = Array(repeating: 0x22, count: 16)

  /// An add from the watch at 1,000 ms after 1970: the example of `PeerMessage.encoded()`.
  static let add = Event(
    id: ascendingID, kind: .add, instant: Instant(millisecondsSince1970: 1_000), origin: .watch)
  /// Its 29 bytes.
  static let addBytes: [UInt8] =
    [0x47, 0x01, 0x01] + ascendingBytes + [0, 0, 0, 0, 0, 0, 0x03, 0xE8] + [0x02, 0x00]

  /// An expense of -12.50 EUR noted "café ☕" from the app at 2024-03-30T12:00Z.
  static func expense() throws -> Event {
    Event(
      id: ascendingID,
      kind: .expense(amount: try Money(canonical: "-12.50", currency: .eur), note: "café ☕"),
      instant: Instant(millisecondsSince1970: 1_711_800_000_000), origin: .app)
  }

  /// Its bytes: header, id, instant `0x0000018E8F3B1E00`, origin 0, kind 4, `03 EUR`,
  /// `06 -12.50`, `09 café ☕` (é is `C3 A9`, ☕ is `E2 98 95`).
  static let expenseBytes: [UInt8] =
    [0x47, 0x01, 0x01] + ascendingBytes + [0x00, 0x00, 0x01, 0x8E, 0x8F, 0x3B, 0x1E, 0x00]
    + [0x00, 0x04]
    + [0x03, 0x45, 0x55, 0x52]
    + [0x06, 0x2D, 0x31, 0x32, 0x2E, 0x35, 0x30]
    + [0x09, 0x63, 0x61, 0x66, 0xC3, 0xA9, 0x20, 0xE2, 0x98, 0x95]

  /// A UUID whose first two bytes are `index` (big-endian), so that ids increase with `index`.
  static func indexedUUID(_ index: Int) -> UUID {
    UUID(
      uuid: (
        UInt8(index >> 8), UInt8(index & 0xFF), 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1
      ))
  }

  // MARK: - Raw bytes for malformed messages

  /// `value` as 8 big-endian bytes (written out here rather than by the code under test).
  static func int64Bytes(_ value: Int64) -> [UInt8] {
    let pattern = UInt64(bitPattern: value)
    return [56, 48, 40, 32, 24, 16, 8, 0].map { UInt8(truncatingIfNeeded: pattern >> $0) }
  }

  /// A string field of fewer than 128 bytes: its one-byte length, then the bytes.
  static func field(_ bytes: [UInt8]) -> [UInt8] {
    precondition(bytes.count < 128, "a one-byte length prefix holds at most 127")
    return [UInt8(bytes.count)] + bytes
  }

  /// An expense event message (id `ascendingID`, instant 0, origin app) whose three string
  /// fields are given whole, length prefixes included: the currency field starts at offset 29.
  static func expenseMessage(currency: [UInt8], amount: [UInt8], note: [UInt8]) -> [UInt8] {
    [0x47, 0x01, 0x01] + ascendingBytes + int64Bytes(0) + [0x00, 0x04] + currency + amount + note
  }

  /// The body of an add (id `index`'s UUID, origin app) at `instant`.
  static func addBody(_ index: Int, instant: Int64) -> [UInt8] {
    withUnsafeBytes(of: indexedUUID(index).uuid) { Array($0) } + int64Bytes(instant) + [0x00, 0x00]
  }

  /// The body of a remove (id `index`'s UUID, origin app) at `instant` targeting `target`'s.
  static func removeBody(_ index: Int, instant: Int64, target: Int) -> [UInt8] {
    withUnsafeBytes(of: indexedUUID(index).uuid) { Array($0) } + int64Bytes(instant) + [0x00, 0x01]
      + withUnsafeBytes(of: indexedUUID(target).uuid) { Array($0) }
  }

  /// A digest message: header, `asOf`, `from`, the count field as given (offset 19), events.
  static func digestMessage(asOf: Int64, from: Int64, count: [UInt8], events: [[UInt8]]) -> [UInt8] {
    [0x47, 0x01, 0x02] + int64Bytes(asOf) + int64Bytes(from) + count + events.flatMap { $0 }
  }
}
