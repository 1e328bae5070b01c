internal import CGMP

extension BigInteger {
  /// The quotient `self / divisor` rounded to an integer by `rounding`.
  ///
  /// The truncated quotient is computed first, then moved one step away from zero when the mode
  /// asks for it (`RoundingMode.stepsAwayFromZero`), so every mode shares one rule.
  /// - Precondition: `divisor` is not zero.
  func divided(by divisor: BigInteger, rounding: RoundingMode) -> BigInteger {
    precondition(!divisor.isZero, "division by zero")
    if box == nil, divisor.box == nil, !(small == .min && divisor.small == -1) {
      return BigInteger(Self.divide(small, by: divisor.small, rounding: rounding))
    }
    return dividedSlow(by: divisor, rounding: rounding)
  }

  /// The `Int64` fast path. No step can overflow: a non-zero remainder implies `|divisor| ≥ 2`,
  /// so the truncated quotient is at most 2^62 in magnitude before its one step.
  @inline(__always)
  static func divide(_ dividend: Int64, by divisor: Int64, rounding: RoundingMode) -> Int64 {
    let quotient = dividend / divisor
    let remainder = dividend % divisor
    if remainder == 0 { return quotient }
    let remainderMagnitude = remainder.magnitude
    let rest = divisor.magnitude - remainderMagnitude  // distance to the next multiple
    let position: RemainderPosition =
      remainderMagnitude < rest ? .belowHalf : (remainderMagnitude == rest ? .half : .aboveHalf)
    let negative = (dividend < 0) != (divisor < 0)
    let step = rounding.stepsAwayFromZero(
      position: position, negative: negative, truncatedIsOdd: quotient & 1 != 0)
    guard step else { return quotient }
    return negative ? quotient - 1 : quotient + 1
  }

  @inline(never)
  func dividedSlow(by divisor: BigInteger, rounding: RoundingMode) -> BigInteger {
    let quotientBox = MPZBox()
    let remainderBox = MPZBox()
    withMPZ { dividend in
      divisor.withMPZ { divisorPointer in
        __gmpz_tdiv_qr(quotientBox.pointer, remainderBox.pointer, dividend, divisorPointer)
      }
    }
    let position: RemainderPosition
    if remainderBox.signum == 0 {
      position = .exact
    } else {
      // Compare 2·|remainder| with |divisor|.
      __gmpz_mul_2exp(remainderBox.pointer, remainderBox.pointer, 1)
      let comparison = divisor.withMPZ { __gmpz_cmpabs(remainderBox.pointer, $0) }
      position = comparison < 0 ? .belowHalf : (comparison == 0 ? .half : .aboveHalf)
    }
    let negative = (signum < 0) != (divisor.signum < 0)
    let truncatedIsOdd = __gmpz_tstbit(quotientBox.pointer, 0) != 0
    let step = rounding.stepsAwayFromZero(
      position: position, negative: negative, truncatedIsOdd: truncatedIsOdd)
    if step {
      if negative {
        __gmpz_sub_ui(quotientBox.pointer, quotientBox.pointer, 1)
      } else {
        __gmpz_add_ui(quotientBox.pointer, quotientBox.pointer, 1)
      }
    }
    let result = BigInteger(normalizing: quotientBox)
    result.checkInvariants()
    return result
  }
}
