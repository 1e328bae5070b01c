/// Base64url decoding (RFC 4648 §5) as JWS uses it (RFC 7515 §2): the alphabet with `-` and `_`
/// in place of `+` and `/`, and no padding: unpadded text is read as if its padding were
/// restored.
enum Base64URL {
  /// The decoded bytes, or `nil` when the text holds a character outside the base64url
  /// alphabet (padding `=`, `+` and `/` included), has a length that leaves one lone character
  /// (length ≡ 1 mod 4), or leaves non-zero bits in its last character (a non-canonical form).
  static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
    guard text.count % 4 != 1 else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(text.count * 3 / 4)
    var accumulator: UInt32 = 0
    var bitCount = 0
    for character in text {
      guard let sextet = sextet(character) else { return nil }
      accumulator = accumulator << 6 | UInt32(sextet)
      bitCount += 6
      if bitCount >= 8 {
        bitCount -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
        accumulator &= (1 << UInt32(bitCount)) - 1
      }
    }
    // What is left are the padding bits of the last character; canonical text has them zero.
    precondition(bitCount < 8, "at most 6 bits are left, got \(bitCount)")
    guard accumulator == 0 else { return nil }
    return output
  }

  private static func sextet(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return character - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return character - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0") + 52
    case UInt8(ascii: "-"): return 62
    case UInt8(ascii: "_"): return 63
    default: return nil
    }
  }
}
