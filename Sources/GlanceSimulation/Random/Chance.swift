/// A probability as an exact fraction (CONTRIBUTING.md, Exact probabilities): never a floating-point number, so that every
/// draw is the same on every platform.
///
/// ## Laws
/// - `0 <= numerator <= denominator` and `denominator > 0`.
public struct Chance: Hashable, Sendable, CustomStringConvertible {
  public let numerator: UInt64
  public let denominator: UInt64

  /// `numerator` in `denominator`.
  ///
  /// - Precondition: `0 <= numerator <= denominator`, `denominator > 0` (scenario loading checks
  ///   user input before it gets here).
  public init(numerator: UInt64, denominator: UInt64) {
    precondition(denominator > 0, "Chance denominator must be positive")
    precondition(numerator <= denominator, "Chance \(numerator)/\(denominator) is above 1")
    self.numerator = numerator
    self.denominator = denominator
  }

  public static let never = Chance(numerator: 0, denominator: 1)
  public static let always = Chance(numerator: 1, denominator: 1)

  /// `1/20`.
  public var description: String { "\(numerator)/\(denominator)" }
}
