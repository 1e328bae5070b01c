/// A positive divisor with its precomputed reciprocal, so that dividing by it is a multiplication
/// and a shift rather than a hardware division (Granlund and Montgomery, *Division by invariant
/// integers using multiplication*, 1994, figure 4.1): what a compiler does for a constant
/// divisor, done once when a `Ratio` is made, for its denominator.
///
/// Laws (property-tested against `/` by `ReciprocalTests`): for every `UInt64` dividend `n`,
/// `quotient(n) == n / divisor`.
@usableFromInline
struct Reciprocal: Sendable, Hashable {
  /// The divisor, at least 1.
  @usableFromInline
  let divisor: UInt64

  /// `floor(2^64 · (2^ℓ − d) / d) + 1`, with `ℓ = ⌈log₂ d⌉`.
  @usableFromInline
  let multiplier: UInt64

  /// `min(ℓ, 1)` and `max(ℓ − 1, 0)`.
  @usableFromInline
  let shift1: UInt64
  @usableFromInline
  let shift2: UInt64

  /// The reciprocal of `divisor`. - Precondition: `divisor ≥ 1`.
  init(_ divisor: UInt64) {
    precondition(divisor >= 1, "no reciprocal of 0")
    let logarithm = UInt64(UInt64.bitWidth - (divisor - 1).leadingZeroBitCount)  // ⌈log₂ d⌉
    // 2^ℓ − d < d, so the 128-by-64-bit division cannot overflow; for d = 2^63 + …, ℓ = 64.
    let high = logarithm == 64 ? 0 &- divisor : (1 << logarithm) - divisor
    let (quotient, _) = divisor.dividingFullWidth((high: high, low: 0))
    self.divisor = divisor
    multiplier = quotient &+ 1
    shift1 = Swift.min(logarithm, 1)
    shift2 = logarithm == 0 ? 0 : logarithm - 1
  }

  /// `dividend / divisor`.
  ///
  /// No step can wrap or overshift, so each is written unchecked: `multiplier < 2^64` makes
  /// `high ≤ dividend`; `high + (dividend − high) >> shift1 ≤ dividend`; and both shifts are below
  /// 64 (`ℓ ≤ 64`). With Swift's checked `+`, `-` and smart `>>`, each of these cost a test per
  /// amount on `Money.multiplied(by:rounding:)`'s fast path.
  @inlinable @inline(__always)
  func quotient(_ dividend: UInt64) -> UInt64 {
    let high = multiplier.multipliedFullWidth(by: dividend).high
    return (high &+ ((dividend &- high) &>> shift1)) &>> shift2
  }
}
