// A strict JSON reader (RFC 8259) for a JWT payload: it validates the whole text and keeps only
// the top-level `exp` and `nbf` members, as exact numbers. Written by hand so that no
// floating-point conversion (JSONSerialization, or JSONDecoder on older systems) touches a date.

/// Reads the claims that ``TokenExpiry`` needs from a payload's UTF-8 bytes.
struct JWTClaimsReader {
  /// How deeply arrays and objects may nest; deeper payloads are refused rather than recursed.
  static let depthMax = 64

  /// What a top-level claim held.
  enum ClaimValue: Equatable {
    /// A JSON number: its text, as byte range in the payload.
    case number(Range<Int>)
    /// Anything that is not a number.
    case other
  }

  private let bytes: [UInt8]
  private var index = 0
  /// Top-level `exp` and `nbf` members, in order, duplicates included.
  private(set) var claims: [(claim: TokenExpiry.Claim, value: ClaimValue)] = []

  /// Reads `bytes`, which must be valid UTF-8.
  ///
  /// - Throws: ``TokenExpiry/Malformation`` `.payloadNotJSON`, `.payloadNotObject` or
  ///   `.payloadTooDeep`.
  static func read(_ bytes: [UInt8]) throws(TokenExpiry.Malformation) -> JWTClaimsReader {
    var reader = JWTClaimsReader(bytes: bytes)
    reader.skipWhitespace()
    if reader.peek == UInt8(ascii: "{") {
      try reader.object(depth: 1, topLevel: true)
    } else {
      _ = try reader.value(depth: 1)
      reader.skipWhitespace()
      guard reader.index == bytes.count else { throw .payloadNotJSON }
      throw .payloadNotObject
    }
    reader.skipWhitespace()
    guard reader.index == bytes.count else { throw .payloadNotJSON }
    return reader
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = peek,
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r")
    {
      index += 1
    }
  }

  private mutating func expect(_ byte: UInt8) throws(TokenExpiry.Malformation) {
    guard peek == byte else { throw .payloadNotJSON }
    index += 1
  }

  private mutating func value(depth: Int) throws(TokenExpiry.Malformation) -> ClaimValue {
    guard depth <= JWTClaimsReader.depthMax else { throw .payloadTooDeep }
    skipWhitespace()
    guard let byte = peek else { throw .payloadNotJSON }
    switch byte {
    case UInt8(ascii: "{"):
      try object(depth: depth, topLevel: false)
    case UInt8(ascii: "["):
      try array(depth: depth)
    case UInt8(ascii: "\""):
      _ = try string()
    case UInt8(ascii: "t"):
      try literal("true")
    case UInt8(ascii: "f"):
      try literal("false")
    case UInt8(ascii: "n"):
      try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try number())
    default:
      throw .payloadNotJSON
    }
    return .other
  }

  private mutating func object(depth: Int, topLevel: Bool) throws(TokenExpiry.Malformation) {
    guard depth <= JWTClaimsReader.depthMax else { throw .payloadTooDeep }
    try expect(UInt8(ascii: "{"))
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      let key = try string()
      skipWhitespace()
      try expect(UInt8(ascii: ":"))
      let member = try value(depth: depth + 1)
      if topLevel, let claim = TokenExpiry.Claim(rawValue: key) {
        claims.append((claim, member))
      }
      skipWhitespace()
      guard let separator = peek else { throw .payloadNotJSON }
      index += 1
      if separator == UInt8(ascii: "}") { return }
      guard separator == UInt8(ascii: ",") else { throw .payloadNotJSON }
    }
  }

  private mutating func array(depth: Int) throws(TokenExpiry.Malformation) {
    try expect(UInt8(ascii: "["))
    skipWhitespace()
    if peek == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      _ = try value(depth: depth + 1)
      skipWhitespace()
      guard let separator = peek else { throw .payloadNotJSON }
      index += 1
      if separator == UInt8(ascii: "]") { return }
      guard separator == UInt8(ascii: ",") else { throw .payloadNotJSON }
    }
  }

  private mutating func literal(_ word: StaticString) throws(TokenExpiry.Malformation) {
    let expected = word.withUTF8Buffer { Array($0) }
    guard bytes.count - index >= expected.count,
      bytes[index..<(index + expected.count)].elementsEqual(expected)
    else { throw .payloadNotJSON }
    index += expected.count
  }

  /// Reads a string and returns it decoded (a lone surrogate escape becomes U+FFFD: only the
  /// names `exp` and `nbf` are ever compared).
  private mutating func string() throws(TokenExpiry.Malformation) -> String {
    try expect(UInt8(ascii: "\""))
    var decoded = String.UnicodeScalarView()
    var chunkStart = index
    while true {
      guard let byte = peek else { throw .payloadNotJSON }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        decoded.append(
          contentsOf: String(decoding: bytes[chunkStart..<index], as: UTF8.self).unicodeScalars)
        index += 1
        if byte == UInt8(ascii: "\"") { return String(decoded) }
        decoded.append(try escape())
        chunkStart = index
      } else {
        guard byte >= 0x20 else { throw .payloadNotJSON }
        index += 1
      }
    }
  }

  /// Reads what follows a `\` in a string.
  private mutating func escape() throws(TokenExpiry.Malformation) -> Unicode.Scalar {
    guard let byte = peek else { throw .payloadNotJSON }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      guard bytes.count - index >= 4 else { throw .payloadNotJSON }
      var code: UInt32 = 0
      for _ in 0..<4 {
        guard let digit = PercentCoding.hexValue(bytes[index]) else { throw .payloadNotJSON }
        code = code << 4 | UInt32(digit)
        index += 1
      }
      return Unicode.Scalar(code) ?? "\u{FFFD}"
    default:
      throw .payloadNotJSON
    }
  }

  /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` and returns its range.
  private mutating func number() throws(TokenExpiry.Malformation) -> Range<Int> {
    let start = index
    if peek == UInt8(ascii: "-") { index += 1 }
    guard let first = peek, isDigit(first) else { throw .payloadNotJSON }
    if first == UInt8(ascii: "0") {
      index += 1
    } else {
      skipDigits()
    }
    if peek == UInt8(ascii: ".") {
      index += 1
      guard let digit = peek, isDigit(digit) else { throw .payloadNotJSON }
      skipDigits()
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      guard let digit = peek, isDigit(digit) else { throw .payloadNotJSON }
      skipDigits()
    }
    return start..<index
  }

  private mutating func skipDigits() {
    while let byte = peek, isDigit(byte) { index += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// A JSON number's text (as ``number()`` accepted it), in seconds, times 1000 and rounded
  /// toward −∞, computed exactly on its decimal digits; `nil` when that does not fit in
  /// `Int64`.
  static func milliseconds(_ text: ArraySlice<UInt8>) -> Int64? {
    var cursor = text.startIndex
    let negative = cursor < text.endIndex && text[cursor] == UInt8(ascii: "-")
    if negative { cursor += 1 }
    var digits: [UInt8] = []
    var fractionCount = 0
    var inFraction = false
    var exponent = 0
    while cursor < text.endIndex {
      let byte = text[cursor]
      cursor += 1
      if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        exponent = exponentValue(text[cursor...])
        break
      } else {
        digits.append(byte - UInt8(ascii: "0"))
        if inFraction { fractionCount += 1 }
      }
    }
    // value = digits × 10^(exponent − fractionCount); milliseconds = value × 10^3.
    let significant = Array(digits.drop { $0 == 0 })
    guard !significant.isEmpty else { return 0 }
    let shift = exponent - fractionCount + 3
    var whole = significant
    var remainderIsZero = true
    if shift >= 0 {
      guard significant.count + shift <= 19 else { return nil }
      whole += Array(repeating: 0, count: shift)
    } else if -shift >= significant.count {
      whole = []
      remainderIsZero = false
    } else {
      whole = Array(significant.dropLast(-shift))
      remainderIsZero = significant.suffix(-shift).allSatisfy { $0 == 0 }
    }
    guard whole.count <= 19 else { return nil }
    var magnitude: UInt64 = 0
    for digit in whole {
      magnitude = magnitude * 10 + UInt64(digit)
    }
    guard magnitude <= UInt64(Int64.max) else { return nil }
    let value = Int64(magnitude)
    return negative ? -value - (remainderIsZero ? 0 : 1) : value
  }

  /// `[+-]?[0-9]+` as an `Int`, saturating at ±1,000,000 (far beyond any `Int64` date).
  private static func exponentValue(_ text: ArraySlice<UInt8>) -> Int {
    var cursor = text.startIndex
    var negative = false
    if cursor < text.endIndex,
      text[cursor] == UInt8(ascii: "+") || text[cursor] == UInt8(ascii: "-")
    {
      negative = text[cursor] == UInt8(ascii: "-")
      cursor += 1
    }
    var value = 0
    while cursor < text.endIndex {
      value = min(value * 10 + Int(text[cursor] - UInt8(ascii: "0")), 1_000_000)
      cursor += 1
    }
    return negative ? -value : value
  }
}
