import Foundation

/// The one UUID text form links use, read and written by Glance itself so that no platform
/// difference in `UUID(uuidString:)` can change what a link means.
enum LinkUUID {
  /// Reads exactly 8-4-4-4-12 hexadecimal digits (either case) separated by `-`: no braces, no
  /// `urn:uuid:` prefix, no whitespace.
  static func parse(_ text: String) -> UUID? {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return nil }
    var value: [UInt8] = []
    value.reserveCapacity(16)
    var index = 0
    while index < 36 {
      if index == 8 || index == 13 || index == 18 || index == 23 {
        guard bytes[index] == UInt8(ascii: "-") else { return nil }
        index += 1
        continue
      }
      guard let high = PercentCoding.hexValue(bytes[index]),
        let low = PercentCoding.hexValue(bytes[index + 1])
      else { return nil }
      value.append(high << 4 | low)
      index += 2
    }
    precondition(value.count == 16, "a 36-character UUID text holds 16 bytes, got \(value.count)")
    return uuid(bytes: value)
  }

  /// The lowercase 8-4-4-4-12 form.
  static func format(_ uuid: UUID) -> String {
    let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
    precondition(bytes.count == 16, "a UUID has 16 bytes, got \(bytes.count)")
    var text: [UInt8] = []
    text.reserveCapacity(36)
    let lowercaseHex = Array("0123456789abcdef".utf8)
    for (index, byte) in bytes.enumerated() {
      if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
      text.append(lowercaseHex[Int(byte >> 4)])
      text.append(lowercaseHex[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The UUID of exactly 16 bytes, in order.
  static func uuid(bytes b: [UInt8]) -> UUID {
    precondition(b.count == 16, "a UUID needs 16 bytes, got \(b.count)")
    return UUID(
      uuid: (
        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
        b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
      ))
  }
}
