extension ExactInteger {
  /// The value of a run of ASCII decimal digits, negated when `negative`.
  ///
  /// The caller has already validated the digits (neither library is asked to):
  /// - Precondition: `digits` is not empty and holds only the bytes `0`...`9`.
  init(asciiDigits digits: some Collection<UInt8>, negative: Bool) {
    precondition(!digits.isEmpty, "no digits")
    for digit in digits {
      precondition(digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9"), "not a digit: \(digit)")
    }
    // 18 digits always fit in Int64 (10^18 < 2^63), so short inputs never touch the box.
    if digits.count <= 18 {
      var value: Int64 = 0
      for digit in digits { value = value * 10 + Int64(digit - UInt8(ascii: "0")) }
      self.init(negative ? -value : value)
      return
    }
    self.init(normalizing: Box.make(decimalDigits: Array(digits), negative: negative))
  }

  /// The decimal digits of the magnitude, most significant first, without sign: `"0"` for zero.
  var magnitudeDigits: [UInt8] {
    guard let box else { return Array(String(inlineValue.magnitude).utf8) }
    return box.magnitudeDigits
  }
}

extension ExactInteger: CustomStringConvertible {
  /// The value in decimal, with a leading `-` when negative.
  @usableFromInline
  var description: String {
    if let value = int64Value { return String(value) }
    let digits = String(decoding: magnitudeDigits, as: UTF8.self)
    return isNegative ? "-" + digits : digits
  }
}
