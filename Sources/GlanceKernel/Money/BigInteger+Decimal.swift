internal import CGMP

extension BigInteger {
  /// The value of a run of ASCII decimal digits, negated when `negative`.
  ///
  /// The caller has already validated the digits (GMP alone would accept embedded whitespace):
  /// - Precondition: `digits` is not empty and holds only the bytes `0`...`9`.
  init(asciiDigits digits: some Collection<UInt8>, negative: Bool) {
    precondition(!digits.isEmpty, "no digits")
    // 18 digits always fit in Int64 (10^18 < 2^63), so short inputs never touch GMP.
    if digits.count <= 18 {
      var value: Int64 = 0
      for digit in digits {
        precondition(digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9"), "not a digit: \(digit)")
        value = value * 10 + Int64(digit - UInt8(ascii: "0"))
      }
      self.init(negative ? -value : value)
      return
    }
    var text = [CChar]()
    text.reserveCapacity(digits.count + 2)
    if negative { text.append(CChar(UInt8(ascii: "-"))) }
    for digit in digits {
      precondition(digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9"), "not a digit: \(digit)")
      text.append(CChar(digit))
    }
    text.append(0)
    self = BigInteger.computing { result in
      let status = __gmpz_set_str(result, text, 10)
      precondition(status == 0, "GMP rejected validated digits")
    }
  }

  /// The decimal digits of the magnitude, most significant first, without sign: `"0"` for zero.
  /// The corresponding GMP functions are `mpz_sizeinbase` and `mpz_get_str`.
  var magnitudeDigits: [UInt8] {
    guard let box else { return Array(String(small.magnitude).utf8) }
    // sizeinbase may overstate by one; +2 leaves room for a sign and the terminating NUL.
    let capacity = __gmpz_sizeinbase(box.pointer, 10) + 2
    var buffer = [CChar](repeating: 0, count: capacity)
    withExtendedLifetime(box) {
      buffer.withUnsafeMutableBufferPointer { pointer in
        _ = __gmpz_get_str(pointer.baseAddress, 10, box.pointer)
      }
    }
    let skip = buffer.first == CChar(UInt8(ascii: "-")) ? 1 : 0
    let end = buffer.firstIndex(of: 0) ?? buffer.count
    return buffer[skip..<end].map { UInt8(bitPattern: $0) }
  }
}

extension BigInteger: CustomStringConvertible {
  /// The value in decimal, with a leading `-` when negative.
  @usableFromInline
  var description: String {
    if let value = int64Value { return String(value) }
    let digits = String(decoding: magnitudeDigits, as: UTF8.self)
    return isNegative ? "-" + digits : digits
  }
}
