extension ExactInteger {
  /// The quotient `self / divisor` rounded to an integer by `rounding`.
  ///
  /// The truncated quotient is computed first, then moved one step away from zero when the mode
  /// asks for it (`RoundingMode.stepsAwayFromZero`), so every mode and every backend share one
  /// rule.
  /// - Precondition: `divisor` is not zero.
  func divided(by divisor: Self, rounding: RoundingMode) -> Self {
    precondition(!divisor.isZero, "division by zero")
    if box == nil, divisor.box == nil, !(small == .min && divisor.small == -1) {
      return Self(Self.divide(small, by: divisor.small, rounding: rounding))
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

  /// The general path: the box's truncated division, then the same rounding rule.
  @inline(never)
  func dividedSlow(by divisor: Self, rounding: RoundingMode) -> Self {
    let (quotientBox, remainderBox) = Box.truncatedDivision(self, by: divisor)
    let quotient = Self(normalizing: quotientBox)
    let remainder = Self(normalizing: remainderBox)
    let position: RemainderPosition
    if remainder.isZero {
      position = .exact
    } else {
      // Compare 2·|remainder| with |divisor|.
      let twice = remainder.magnitude + remainder.magnitude
      let divisorMagnitude = divisor.magnitude
      position = twice < divisorMagnitude ? .belowHalf : (twice == divisorMagnitude ? .half : .aboveHalf)
    }
    let negative = (signum < 0) != (divisor.signum < 0)
    let truncatedIsOdd = (quotient.magnitudeLimbs().first ?? 0) & 1 != 0
    let step = rounding.stepsAwayFromZero(
      position: position, negative: negative, truncatedIsOdd: truncatedIsOdd)
    guard step else { return quotient }
    return negative ? quotient - .one : quotient + .one
  }
}
