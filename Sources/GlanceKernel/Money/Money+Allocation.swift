/// Why an amount cannot be split by a list of weights.
public enum AllocationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The weight list is empty.
  case noWeights
  /// The weight at `index` is negative.
  case negativeWeight(index: Int, weight: Int)
  /// Every weight is zero, so no part has a share.
  case allWeightsZero(count: Int)

  public var description: String {
    switch self {
    case .noWeights:
      return "cannot allocate by an empty list of weights"
    case .negativeWeight(let index, let weight):
      return "weight at index \(index) is \(weight); weights must be zero or positive"
    case .allWeightsZero(let count):
      return "all \(count) weights are zero; at least one must be positive"
    }
  }
}

extension Money {
  /// Splits the amount into parts proportional to `weights`, losing no minor unit.
  ///
  /// Largest-remainder method: each part first gets its exact share rounded toward zero; the
  /// minor units left over (fewer than the number of parts) go one each to the parts whose
  /// shares were cut the most.
  ///
  /// Tie-break, when two parts were cut by the same amount: the larger weight first, then the
  /// earlier position. So a part's value depends on its weight, not on where it sits in the list,
  /// except among equal weights, where earlier parts get the extra unit first.
  ///
  /// ```swift
  /// let five = Money(minorUnits: 5, currency: .chf)
  /// try five.allocated(byWeights: [70, 30])   // [0.04, 0.01]
  /// try five.allocated(byWeights: [30, 70])   // [0.01, 0.04] (not [0.02, 0.03] as moneyphp)
  /// try Money(minorUnits: 100, currency: .chf).allocated(byWeights: [1, 1, 1])  // [0.34, 0.33, 0.33]
  /// ```
  ///
  /// A negative amount is split as its magnitude and every part negated, so
  /// `(-a).allocated(byWeights: w) == a.allocated(byWeights: w).map(-)`, and zero into zeros.
  ///
  /// With equal weights and a positive amount the parts are those of Pulpe's total-preserving
  /// spread split (`splitTotalPreserving`: the extra minor units on the first parts). Pulpe refuses
  /// a total of zero or less (its TypeScript throws, its Swift twin returns no parts); Glance splits
  /// it, because an allocation is arithmetic, not a form: a refund splits like a payment (see
  /// *The real apps Glance models*, Where Glance differs).
  ///
  /// Laws (property-tested): the parts sum to the amount; each part is within one minor unit of
  /// its exact share `amount × weight ÷ Σweights`; a zero weight gets zero; permuting the weights
  /// permutes the (weight, part) pairs.
  ///
  /// - Throws: `AllocationError` when `weights` is empty, holds a negative weight, or is all
  ///   zeros. Nothing is allocated then.
  /// - Complexity: O(n log n) for n weights.
  public func allocated(byWeights weights: [Int]) throws(AllocationError) -> [Money] {
    guard !weights.isEmpty else { throw .noWeights }
    if let index = weights.firstIndex(where: { $0 < 0 }) {
      throw .negativeWeight(index: index, weight: weights[index])
    }
    var total = BigInteger.zero
    for weight in weights { total += BigInteger(Int64(weight)) }
    guard !total.isZero else { throw .allWeightsZero(count: weights.count) }

    let whole = units.magnitude
    var parts: [BigInteger] = []
    var remainders: [BigInteger] = []
    parts.reserveCapacity(weights.count)
    remainders.reserveCapacity(weights.count)
    var distributed = BigInteger.zero
    for weight in weights {
      let share = whole * BigInteger(Int64(weight))
      let part = share.divided(by: total, rounding: .towardZero)
      parts.append(part)
      remainders.append(share - part * total)
      distributed += part
    }
    let leftover = whole - distributed
    let leftoverCount = leftover.int64Value ?? Int64.max
    precondition(
      leftoverCount >= 0 && leftoverCount < Int64(weights.count),
      "largest remainder left \(leftover) units for \(weights.count) parts")

    let order = weights.indices.sorted { left, right in
      if remainders[left] != remainders[right] { return remainders[left] > remainders[right] }
      if weights[left] != weights[right] { return weights[left] > weights[right] }
      return left < right
    }
    for index in order.prefix(Int(leftoverCount)) {
      parts[index] += .one
    }
    let negative = units.isNegative
    return parts.map { Money(units: negative ? -$0 : $0, currency: currency) }
  }
}
