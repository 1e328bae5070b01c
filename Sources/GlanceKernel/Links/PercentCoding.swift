// Percent-decoding and percent-encoding of query components, on UTF-8 bytes, written out by hand
// so that Linux and every iOS version behave the same (see *The real apps Glance models*, Ecovelo: the finish URL contract).

/// The byte-level codec behind ``URLQuery``.
enum PercentCoding {
  /// Why a component could not be decoded.
  enum Failure: Error, Equatable {
    /// A `%` at this byte offset is not followed by two hexadecimal digits.
    case malformedEscape(position: Int)
    /// The decoded bytes are not valid UTF-8.
    case invalidUTF8
  }

  /// Decodes one query component: `+` becomes a space, `%XX` the byte `XX`, and any other byte
  /// stays as it is. The result must be valid UTF-8.
  ///
  /// Positions are the slice's own indices, so a slice of a whole URL reports offsets in it.
  static func decode(_ bytes: ArraySlice<UInt8>) -> Result<String, Failure> {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "+"):
        decoded.append(UInt8(ascii: " "))
        index += 1
      case UInt8(ascii: "%"):
        guard bytes.endIndex - index >= 3,
          let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
        else { return .failure(.malformedEscape(position: index)) }
        decoded.append(high << 4 | low)
        index += 3
      default:
        decoded.append(byte)
        index += 1
      }
    }
    guard isValidUTF8(decoded) else { return .failure(.invalidUTF8) }
    return .success(String(decoding: decoded, as: UTF8.self))
  }

  /// Encodes a component: the unreserved characters of RFC 3986 (`A–Z a–z 0–9 - . _ ~`) stay,
  /// every other UTF-8 byte becomes `%XX` with uppercase hexadecimal (a space is `%20`).
  static func encode(_ text: String) -> String {
    var encoded: [UInt8] = []
    encoded.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isUnreserved(byte) {
        encoded.append(byte)
      } else {
        encoded.append(UInt8(ascii: "%"))
        encoded.append(hexDigits[Int(byte >> 4)])
        encoded.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  /// True when `bytes` is well-formed UTF-8: no stray continuation byte, no truncated sequence,
  /// no overlong form, no surrogate, nothing above U+10FFFF (the standard library's strict codec).
  static func isValidUTF8(_ bytes: some Sequence<UInt8>) -> Bool {
    var iterator = bytes.makeIterator()
    var codec = UTF8()
    while true {
      switch codec.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
