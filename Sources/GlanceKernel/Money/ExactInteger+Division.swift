extension ExactInteger {
  /// The quotient `self / divisor` rounded to an integer by `rounding`.
  ///
  /// The truncated quotient is computed first, then moved one step away from zero when the mode
  /// asks for it (`RoundingMode.stepsAwayFromZero`), so every mode and every backend share one
  /// rule.
  /// - Precondition: `divisor` is not zero.
  func divided(by divisor: Self, rounding: RoundingMode) -> Self {
    precondition(!divisor.isZero, "division by zero")
    if box == nil, divisor.box == nil {
      // Inline values are within ±2^62, so no quotient overflows Int64.
      return Self(Self.divide(inlineValue, by: divisor.inlineValue, rounding: rounding)).tagged(tag)
    }
    return dividedSlow(by: divisor, rounding: rounding)
  }

  /// The `Int64` fast path. No step can overflow: a non-zero remainder implies `|divisor| ≥ 2`,
  /// so the truncated quotient is at most 2^62 in magnitude before its one step.
  @inlinable @inline(__always)
  static func divide(_ dividend: Int64, by divisor: Int64, rounding: RoundingMode) -> Int64 {
    let quotient = dividend / divisor
    let remainder = dividend % divisor
    if remainder == 0 { return quotient }
    return rounded(
      truncated: quotient, remainderMagnitude: remainder.magnitude, divisorMagnitude: divisor.magnitude,
      negative: (dividend < 0) != (divisor < 0), rounding: rounding)
  }

  /// `dividend / divisor` rounded by `rounding`, the divisor given by its reciprocal: the same
  /// figure as `divide(_:by:rounding:)`, with a multiplication instead of a hardware division.
  ///
  /// Without a jump on the data: the step and the sign are applied as values, because amounts'
  /// signs and remainders are unpredictable and a mispredicted jump costs more than the division.
  /// Nothing wraps: the magnitude of the quotient is at most 2^63 (only for Int64.min / 1, which
  /// leaves no remainder and so takes no step), and at most 2^62 when a step is taken (a remainder
  /// needs a divisor of at least 2).
  @inlinable @inline(__always)
  static func divide(_ dividend: Int64, by divisor: Reciprocal, rounding: RoundingMode) -> Int64 {
    let magnitude = dividend.magnitude
    let quotientMagnitude = divisor.quotient(magnitude)
    let remainderMagnitude = magnitude &- quotientMagnitude &* divisor.divisor
    let rest = divisor.divisor &- remainderMagnitude  // distance to the next multiple
    let step = rounding.stepsAwayFromZero(
      inexact: remainderMagnitude != 0, atHalf: remainderMagnitude == rest, aboveHalf: remainderMagnitude > rest,
      negative: dividend < 0, truncatedIsOdd: quotientMagnitude & 1 != 0)
    let roundedMagnitude = quotientMagnitude &+ (step ? 1 : 0)
    // All ones for a negative dividend, else zero: `(m ^ sign) - sign` is `-m` or `m`.
    let sign = UInt64(bitPattern: dividend >> 63)
    return Int64(bitPattern: (roundedMagnitude ^ sign) &- sign)
  }

  /// The truncated quotient moved one step away from zero when `rounding` asks for it, given a
  /// non-zero remainder. No step can overflow: a non-zero remainder implies `|divisor| ≥ 2`, so
  /// the truncated quotient is at most 2^63 / 2 in magnitude, and the remainder is below the
  /// divisor; the steps are therefore written unchecked (a test less each on the fast paths).
  @inlinable @inline(__always)
  static func rounded(
    truncated quotient: Int64, remainderMagnitude: UInt64, divisorMagnitude: UInt64, negative: Bool,
    rounding: RoundingMode
  ) -> Int64 {
    let rest = divisorMagnitude &- remainderMagnitude  // distance to the next multiple
    let position: RemainderPosition =
      remainderMagnitude < rest ? .belowHalf : (remainderMagnitude == rest ? .half : .aboveHalf)
    let step = rounding.stepsAwayFromZero(
      position: position, negative: negative, truncatedIsOdd: quotient & 1 != 0)
    guard step else { return quotient }
    return negative ? quotient &- 1 : quotient &+ 1
  }

  /// The general path: the box's truncated division, then the same rounding rule.
  @inline(never)
  func dividedSlow(by divisor: Self, rounding: RoundingMode) -> Self {
    let (quotientBox, remainderBox) = Box.truncatedDivision(self, by: divisor)
    let quotient = Self(normalizing: quotientBox, tag: tag)
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
