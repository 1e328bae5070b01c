/// A reference holding one integer of any size: what `ExactInteger` keeps once a value leaves
/// `Int64`. Two libraries provide it: GMP (`MPZBox`, with the `GMP` trait on Linux and macOS) and
/// attaswift/BigInt (`BigIntBox`, everywhere else).
///
/// A box is immutable once it is shared: only the `formSum` and `formDifference` family write to one, and `ExactInteger` calls them only after `isKnownUniquelyReferenced` proved that no
/// other value can see it. Operands are `ExactInteger` values, inline or boxed, so that a backend
/// can read an inline operand without boxing it first.
///
/// Laws (checked across backends by `BackendDifferentialTests`): every operation is exact, and
/// two backends given the same operands return the same value, whichever of them computed it.
@usableFromInline
protocol LargeIntegerBox: AnyObject, Sendable {
  /// A fresh box holding `±magnitude`, the magnitude given as machine words, least significant
  /// first (`BinaryInteger.words`). A factory rather than an `init`, so that a box can be a
  /// `ManagedBuffer` (which only `create` allocates).
  static func make(magnitudeWords: [UInt], negative: Bool) -> Self

  /// A fresh box holding the value of ASCII decimal digits (already validated), negated when
  /// `negative`.
  static func make(decimalDigits: [UInt8], negative: Bool) -> Self

  /// A fresh, unshared box holding the same value.
  func copy() -> Self

  /// The value as an `Int64` when it fits, otherwise `nil`.
  var int64Value: Int64? { get }

  /// The sign: -1, 0 or +1.
  var signum: Int { get }

  /// The 64-bit limbs of the magnitude, least significant first, without leading zero limbs.
  var magnitudeLimbs: [UInt64] { get }

  /// The decimal digits of the magnitude, most significant first: `"0"` for zero.
  var magnitudeDigits: [UInt8] { get }

  /// `lhs + rhs` in a fresh box.
  static func sum(_ lhs: ExactInteger<Self>, _ rhs: ExactInteger<Self>) -> Self

  /// `lhs - rhs` in a fresh box.
  static func difference(_ lhs: ExactInteger<Self>, _ rhs: ExactInteger<Self>) -> Self

  /// `lhs × rhs` in a fresh box.
  static func product(_ lhs: ExactInteger<Self>, _ rhs: ExactInteger<Self>) -> Self

  /// `-operand` in a fresh box.
  static func negation(_ operand: ExactInteger<Self>) -> Self

  /// The greatest common divisor of the magnitudes in a fresh box; `gcd(0, 0) == 0`.
  static func gcd(_ lhs: ExactInteger<Self>, _ rhs: ExactInteger<Self>) -> Self

  /// The quotient truncated towards zero and the remainder (with the sign of `dividend`), in
  /// fresh boxes. - Precondition: `divisor` is not zero.
  static func truncatedDivision(
    _ dividend: ExactInteger<Self>, by divisor: ExactInteger<Self>
  ) -> (quotient: Self, remainder: Self)

  /// -1, 0 or +1 as `lhs` is below, equal to or above `rhs`.
  static func compare(_ lhs: ExactInteger<Self>, _ rhs: ExactInteger<Self>) -> Int

  /// `self += operand`. Only on an unshared box.
  func formSum(with operand: ExactInteger<Self>)

  /// `self -= operand`. Only on an unshared box.
  func formDifference(with operand: ExactInteger<Self>)

  /// `self += operand` for every operand in turn, whatever their tags. Only on an unshared box.
  func formSum(withEach operands: UnsafeBufferPointer<ExactInteger<Self>>)

  /// `self += operand × factor`, without a box for the product. Only on an unshared box.
  func formSum(with operand: ExactInteger<Self>, times factor: Int64)

  /// `self += operands[i] × factors[i]` for every `i` in turn, whatever the operands' tags. Only
  /// on an unshared box. - Precondition: as many factors as operands.
  func formSum(withEach operands: UnsafeBufferPointer<ExactInteger<Self>>, times factors: UnsafeBufferPointer<Int>)
}
