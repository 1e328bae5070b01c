/// An exact rational number, for rates, percentages, per-day figures and projections.
///
/// A `Ratio` never rounds. It meets money only through an operation that names its rounding
/// (`Money.multiplied(by:rounding:)`, `Money.divided(by:rounding:)`), so exactness is lost at
/// most once, at the point the caller chose.
///
/// ```swift
/// let vatRate = Ratio(numerator: 81, denominator: 1000)      // 8.1 %
/// let perDay = Ratio(numerator: 2030, denominator: 17)       // 2030 over 17 days
/// (vatRate * 2).description                                 // "81/500"
/// ```
///
/// Numerator and denominator are integers of any size (inline `Int64` while they fit, a big
/// integer beyond). The value is kept reduced: the denominator is positive and shares no factor with the
/// numerator, and zero is `0/1`. Equal values therefore have equal parts, so `==`, hashing and
/// `description` are exact.
///
/// Laws (property-tested): field laws for `+` and `*` (commutative, associative, distributive,
/// `x - x == 0`, `x * (1/x) == 1` for non-zero `x`); `<` agrees with the sign of the difference;
/// the form is always reduced.
public struct Ratio: Sendable {
  @usableFromInline
  var numeratorValue: BigInteger
  /// Always positive.
  @usableFromInline
  var denominatorValue: BigInteger
  /// The denominator's reciprocal when the denominator is inline, so that `Money` divides by it
  /// with a multiplication (`Money.multiplied(by:rounding:)`); a function of the denominator.
  @usableFromInline
  var denominatorReciprocal: Reciprocal?

  /// Builds a ratio from parts that are already reduced with a positive denominator.
  init(reducedNumerator numerator: BigInteger, denominator: BigInteger) {
    numeratorValue = numerator
    denominatorValue = denominator
    denominatorReciprocal = denominator.box == nil ? Reciprocal(UInt64(denominator.inlineValue)) : nil
    checkInvariants()
  }

  /// Builds the reduced form of `numerator / denominator`.
  init(numerator: BigInteger, denominator: BigInteger) {
    precondition(!denominator.isZero, "Ratio with a zero denominator (numerator \(numerator))")
    var top = numerator
    var bottom = denominator
    if bottom.isNegative {
      top = -top
      bottom = -bottom
    }
    let divisor = BigInteger.gcd(top, bottom)
    if divisor != .one {
      top = top.dividedExactly(by: divisor)
      bottom = bottom.dividedExactly(by: divisor)
    }
    self.init(reducedNumerator: top, denominator: bottom)
  }

  /// The ratio `numerator / denominator`, reduced.
  ///
  /// - Precondition: `denominator` is not zero (as with integer division, dividing by zero is a
  ///   programmer error; check the divisor first where it comes from data).
  public init(numerator: some BinaryInteger, denominator: some BinaryInteger) {
    self.init(numerator: BigInteger(numerator), denominator: BigInteger(denominator))
  }

  /// The integer `value` as a ratio (`value/1`).
  public init(_ value: some BinaryInteger) {
    self.init(reducedNumerator: BigInteger(value), denominator: .one)
  }

  /// `percent / 100`, reduced: `Ratio(percent: 80)` is `4/5`.
  public init(percent: some BinaryInteger) {
    self.init(numerator: BigInteger(percent), denominator: BigInteger(100))
  }

  public static let zero = Ratio(reducedNumerator: .zero, denominator: .one)
  public static let one = Ratio(reducedNumerator: .one, denominator: .one)

  /// The sign: -1, 0 or +1.
  public var signum: Int { numeratorValue.signum }

  /// Whether the ratio is zero.
  public var isZero: Bool { numeratorValue.isZero }

  /// Whether the ratio is an integer (its reduced denominator is 1).
  public var isInteger: Bool { denominatorValue == .one }

  /// The reduced numerator as a `T`, or `nil` when it does not fit.
  public func numerator<T: FixedWidthInteger>(exactlyAs type: T.Type) -> T? {
    numeratorValue.exactly(as: type)
  }

  /// The reduced (positive) denominator as a `T`, or `nil` when it does not fit.
  public func denominator<T: FixedWidthInteger>(exactlyAs type: T.Type) -> T? {
    denominatorValue.exactly(as: type)
  }

  /// The ratio rounded to an integer by `rounding`, as a `T`, or `nil` when `T` cannot hold it.
  ///
  /// `Ratio(numerator: 965, denominator: 10).rounded(.halfUp, as: Int.self)` is 97.
  public func rounded<T: FixedWidthInteger>(_ rounding: RoundingMode, as type: T.Type) -> T? {
    numeratorValue.divided(by: denominatorValue, rounding: rounding).exactly(as: type)
  }

  func checkInvariants() {
    #if GLANCE_INTERNAL_CHECKS
      precondition(denominatorValue.signum > 0, "Ratio denominator \(denominatorValue) is not positive")
      precondition(
        BigInteger.gcd(numeratorValue, denominatorValue) == .one,
        "Ratio \(numeratorValue)/\(denominatorValue) is not reduced")
    #endif
  }
}

// MARK: - Arithmetic

extension Ratio {
  public static func + (lhs: Ratio, rhs: Ratio) -> Ratio {
    if lhs.denominatorValue == rhs.denominatorValue {
      return Ratio(numerator: lhs.numeratorValue + rhs.numeratorValue, denominator: lhs.denominatorValue)
    }
    return Ratio(
      numerator: lhs.numeratorValue * rhs.denominatorValue + rhs.numeratorValue * lhs.denominatorValue,
      denominator: lhs.denominatorValue * rhs.denominatorValue)
  }

  public static prefix func - (operand: Ratio) -> Ratio {
    Ratio(reducedNumerator: -operand.numeratorValue, denominator: operand.denominatorValue)
  }

  public static func - (lhs: Ratio, rhs: Ratio) -> Ratio {
    lhs + -rhs
  }

  public static func * (lhs: Ratio, rhs: Ratio) -> Ratio {
    Ratio(
      numerator: lhs.numeratorValue * rhs.numeratorValue,
      denominator: lhs.denominatorValue * rhs.denominatorValue)
  }

  /// The exact quotient. - Precondition: `rhs` is not zero.
  public static func / (lhs: Ratio, rhs: Ratio) -> Ratio {
    precondition(!rhs.isZero, "Ratio division by zero (\(lhs) / 0)")
    return Ratio(
      numerator: lhs.numeratorValue * rhs.denominatorValue,
      denominator: lhs.denominatorValue * rhs.numeratorValue)
  }

  public static func * (lhs: Ratio, rhs: Int) -> Ratio { lhs * Ratio(rhs) }
  public static func * (lhs: Int, rhs: Ratio) -> Ratio { Ratio(lhs) * rhs }
}

// MARK: - Equatable, Hashable, Comparable, text

extension Ratio: Hashable {}

extension Ratio: Comparable {
  public static func < (lhs: Ratio, rhs: Ratio) -> Bool {
    // Denominators are positive, so cross-multiplying keeps the order.
    lhs.numeratorValue * rhs.denominatorValue < rhs.numeratorValue * lhs.denominatorValue
  }
}

extension Ratio: CustomStringConvertible {
  /// `numerator/denominator` in lowest terms (`-3/4`), or the integer alone (`7`).
  public var description: String {
    isInteger ? numeratorValue.description : "\(numeratorValue)/\(denominatorValue)"
  }
}
