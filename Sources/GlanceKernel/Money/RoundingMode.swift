/// How an exact quotient that falls between two integers becomes one of them.
///
/// Every mode returns the exact value when there is nothing to round. Otherwise, with `q` the
/// exact quotient and `⌊q⌋`, `⌈q⌉` its neighbours:
///
/// | mode | result | 2.5 | -2.5 | 2.4 | -2.6 |
/// |---|---|---|---|---|---|
/// | `halfUp` | nearest; a tie goes away from zero | 3 | -3 | 2 | -3 |
/// | `halfEven` | nearest; a tie goes to the even neighbour | 2 | -2 | 2 | -3 |
/// | `towardZero` | the neighbour nearer zero | 2 | -2 | 2 | -2 |
/// | `awayFromZero` | the neighbour farther from zero | 3 | -3 | 3 | -3 |
/// | `down` | `⌊q⌋`, toward −∞ | 2 | -3 | 2 | -3 |
/// | `up` | `⌈q⌉`, toward +∞ | 3 | -2 | 3 | -2 |
///
/// Laws (property-tested): the result is `⌊q⌋` or `⌈q⌉`; the nearest modes are within one half
/// of `q`; `halfUp`, `halfEven`, `towardZero` and `awayFromZero` are odd functions
/// (`round(-q) == -round(q)`), and `up(-q) == -down(q)`.
///
/// `halfUp` is what Swiss commerce and Pulpe's iOS app (`.plain`) call rounding; `halfEven` is
/// Foundation's and Python's default ("banker's rounding"). Glance never picks one for you: every
/// operation that can round takes the mode as an argument.
public enum RoundingMode: String, Sendable, Hashable, CaseIterable, Codable {
  /// Round to the nearest neighbour; a tie goes away from zero (2.5 → 3, -2.5 → -3).
  case halfUp
  /// Round to the nearest neighbour; a tie goes to the even one (2.5 → 2, 3.5 → 4).
  case halfEven
  /// Round toward zero, that is truncate (2.7 → 2, -2.7 → -2).
  case towardZero
  /// Round away from zero (2.1 → 3, -2.1 → -3).
  case awayFromZero
  /// Round toward negative infinity, the floor (2.7 → 2, -2.1 → -3).
  case down
  /// Round toward positive infinity, the ceiling (2.1 → 3, -2.7 → -2).
  case up
}

/// Where a non-zero remainder puts the exact quotient between its two integer neighbours,
/// measured from the truncated quotient.
@usableFromInline
enum RemainderPosition: Sendable {
  case exact
  case belowHalf
  case half
  case aboveHalf
}

extension RoundingMode {
  /// Whether the truncated quotient must move one step away from zero.
  ///
  /// This is the whole rounding rule, shared by the `Int64` fast path and the big-integer slow path.
  /// - Parameters:
  ///   - position: where the exact quotient lies past the truncated one.
  ///   - negative: whether the exact quotient is negative.
  ///   - truncatedIsOdd: whether the truncated quotient is odd (for `halfEven`).
  @inlinable
  func stepsAwayFromZero(position: RemainderPosition, negative: Bool, truncatedIsOdd: Bool) -> Bool {
    stepsAwayFromZero(
      inexact: position != .exact, atHalf: position == .half, aboveHalf: position == .aboveHalf,
      negative: negative, truncatedIsOdd: truncatedIsOdd)
  }

  /// The same rule on the remainder's comparisons, for fast paths that must not jump on them:
  /// with the mode known where it is inlined, what remains is a few flag operations.
  /// - Precondition: `atHalf` and `aboveHalf` each imply `inexact`, and exclude each other.
  @inlinable @inline(__always)
  func stepsAwayFromZero(inexact: Bool, atHalf: Bool, aboveHalf: Bool, negative: Bool, truncatedIsOdd: Bool) -> Bool {
    switch self {
    case .towardZero: return false
    case .awayFromZero: return inexact
    case .down: return inexact && negative
    case .up: return inexact && !negative
    case .halfUp: return atHalf || aboveHalf
    case .halfEven: return aboveHalf || (atHalf && truncatedIsOdd)
    }
  }
}
