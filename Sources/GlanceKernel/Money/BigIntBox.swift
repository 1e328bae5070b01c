internal import BigInt

/// Holds one attaswift/BigInt integer: the kernel's `LargeIntegerBox` on iOS, watchOS and tvOS,
/// and wherever the `GMP` trait is disabled. Pure Swift: nothing to cross-compile for devices,
/// simulators or arm64_32 watches, and no LGPL terms for an app that links it statically.
///
/// A box is immutable once it is shared. Only the `formSum` and `formDifference` family mutate a
/// box, and `ExactInteger` calls them only after `isKnownUniquelyReferenced` proved that no
/// other value can see it. That discipline is what makes `@unchecked Sendable` sound.
@usableFromInline
final class BigIntBox: LargeIntegerBox, @unchecked Sendable {
  /// The integer (read directly by `ExactInteger.bigInt` below).
  fileprivate var value: BigInt

  private init(_ value: BigInt) {
    self.value = value
  }

  @usableFromInline
  static func make(magnitudeWords words: [UInt], negative: Bool) -> BigIntBox {
    BigIntBox(BigInt(sign: negative ? .minus : .plus, magnitude: BigUInt(words: words)))
  }

  @usableFromInline
  static func make(decimalDigits digits: [UInt8], negative: Bool) -> BigIntBox {
    // The digits were validated, so BigUInt's parser cannot fail on them.
    guard let magnitude = BigUInt(String(decoding: digits, as: UTF8.self), radix: 10) else {
      preconditionFailure("BigInt rejected validated digits")
    }
    return BigIntBox(BigInt(sign: negative ? .minus : .plus, magnitude: magnitude))
  }

  @usableFromInline
  func copy() -> BigIntBox { BigIntBox(value) }

  @usableFromInline
  var int64Value: Int64? { Int64(exactly: value) }

  @usableFromInline
  var signum: Int { value.isZero ? 0 : (value.sign == .minus ? -1 : 1) }

  @usableFromInline
  var magnitudeLimbs: [UInt64] {
    // BigUInt's words carry no leading zero words; on a 32-bit platform two make one limb.
    var limbs: [UInt64] = []
    var shift = 0
    for word in value.magnitude.words {
      if shift == 0 { limbs.append(0) }
      limbs[limbs.count - 1] |= UInt64(word) << UInt64(shift)
      shift = (shift + UInt.bitWidth) % UInt64.bitWidth
    }
    while limbs.last == 0 { limbs.removeLast() }
    return limbs
  }

  @usableFromInline
  var magnitudeDigits: [UInt8] { Array(String(value.magnitude).utf8) }

  @usableFromInline
  static func sum(_ lhs: ExactInteger<BigIntBox>, _ rhs: ExactInteger<BigIntBox>) -> BigIntBox {
    BigIntBox(lhs.bigInt + rhs.bigInt)
  }

  @usableFromInline
  static func difference(_ lhs: ExactInteger<BigIntBox>, _ rhs: ExactInteger<BigIntBox>) -> BigIntBox {
    BigIntBox(lhs.bigInt - rhs.bigInt)
  }

  @usableFromInline
  static func product(_ lhs: ExactInteger<BigIntBox>, _ rhs: ExactInteger<BigIntBox>) -> BigIntBox {
    BigIntBox(lhs.bigInt * rhs.bigInt)
  }

  @usableFromInline
  static func negation(_ operand: ExactInteger<BigIntBox>) -> BigIntBox {
    BigIntBox(-operand.bigInt)
  }

  @usableFromInline
  static func gcd(_ lhs: ExactInteger<BigIntBox>, _ rhs: ExactInteger<BigIntBox>) -> BigIntBox {
    BigIntBox(BigInt(lhs.bigInt.magnitude.greatestCommonDivisor(with: rhs.bigInt.magnitude)))
  }

  @usableFromInline
  static func truncatedDivision(
    _ dividend: ExactInteger<BigIntBox>, by divisor: ExactInteger<BigIntBox>
  ) -> (quotient: BigIntBox, remainder: BigIntBox) {
    // BigInt's division truncates towards zero, and its remainder takes the dividend's sign.
    let (quotient, remainder) = dividend.bigInt.quotientAndRemainder(dividingBy: divisor.bigInt)
    return (BigIntBox(quotient), BigIntBox(remainder))
  }

  @usableFromInline
  static func compare(_ lhs: ExactInteger<BigIntBox>, _ rhs: ExactInteger<BigIntBox>) -> Int {
    let left = lhs.bigInt
    let right = rhs.bigInt
    return left < right ? -1 : (left == right ? 0 : 1)
  }

  @usableFromInline
  func formSum(with operand: ExactInteger<BigIntBox>) {
    value += operand.bigInt
  }

  @usableFromInline
  func formDifference(with operand: ExactInteger<BigIntBox>) {
    value -= operand.bigInt
  }

  @usableFromInline
  func formSum(withEach operands: UnsafeBufferPointer<ExactInteger<BigIntBox>>) {
    for operand in operands { value += operand.bigInt }
  }

  /// attaswift/BigInt has no fused multiply-add: the product is a temporary `BigInt`.
  @usableFromInline
  func formSum(with operand: ExactInteger<BigIntBox>, times factor: Int64) {
    value += operand.bigInt * BigInt(factor)
  }

  @usableFromInline
  func formSum(withEach operands: UnsafeBufferPointer<ExactInteger<BigIntBox>>, times factors: UnsafeBufferPointer<Int>) {
    precondition(operands.count == factors.count, "\(operands.count) operands for \(factors.count) factors")
    for index in operands.indices { value += operands[index].bigInt * BigInt(factors[index]) }
  }
}

extension ExactInteger where Box == BigIntBox {
  /// The value as a `BigInt`: an inline value converted, a boxed one read.
  fileprivate var bigInt: BigInt { box?.value ?? BigInt(inlineValue) }
}
