// Exact arithmetic. Every operator has an inline fast path on `Int64` that reports overflow, and
// an `@inline(never)` slow path through the box's library that allocates one box for its result.

extension ExactInteger {
  @inlinable @inline(__always)
  static func + (lhs: Self, rhs: Self) -> Self {
    if lhs.box == nil, rhs.box == nil {
      let (sum, overflow) = lhs.small.addingReportingOverflow(rhs.small)
      if !overflow { return Self(sum) }
    }
    return sumSlow(lhs, rhs)
  }

  @inlinable @inline(__always)
  static func - (lhs: Self, rhs: Self) -> Self {
    if lhs.box == nil, rhs.box == nil {
      let (difference, overflow) = lhs.small.subtractingReportingOverflow(rhs.small)
      if !overflow { return Self(difference) }
    }
    return differenceSlow(lhs, rhs)
  }

  @inlinable @inline(__always)
  static func * (lhs: Self, rhs: Self) -> Self {
    if lhs.box == nil, rhs.box == nil {
      let (product, overflow) = lhs.small.multipliedReportingOverflow(by: rhs.small)
      if !overflow { return Self(product) }
    }
    return productSlow(lhs, rhs)
  }

  @inline(__always)
  static prefix func - (operand: Self) -> Self {
    if operand.box == nil, operand.small != .min {
      return Self(-operand.small)
    }
    return negationSlow(operand)
  }

  var magnitude: Self { isNegative ? -self : self }

  /// Adds in place. When the receiver is boxed and its box is not shared, the sum is written
  /// into that box instead of allocating a new one (the copy-on-write fast path that the
  /// huge-value benchmark measures).
  @inlinable @inline(__always)
  static func += (lhs: inout Self, rhs: Self) {
    if lhs.box == nil, rhs.box == nil {
      let (sum, overflow) = lhs.small.addingReportingOverflow(rhs.small)
      if !overflow {
        lhs.small = sum
        return
      }
    }
    lhs.addSlow(rhs)
  }

  /// Adds `other` when both are inline and the sum fits; otherwise changes nothing and returns
  /// `false`, leaving the caller to take the general path.
  @inlinable @inline(__always)
  mutating func addInline(_ other: borrowing Self) -> Bool {
    guard box == nil, other.box == nil else { return false }
    let (sum, overflow) = small.addingReportingOverflow(other.small)
    guard !overflow else { return false }
    small = sum
    return true
  }

  @inlinable @inline(__always)
  static func -= (lhs: inout Self, rhs: Self) {
    if lhs.box == nil, rhs.box == nil {
      let (difference, overflow) = lhs.small.subtractingReportingOverflow(rhs.small)
      if !overflow {
        lhs.small = difference
        return
      }
    }
    lhs.subtractSlow(rhs)
  }

  // The slow paths, out of line so that the inlinable fast paths stay small and never mention
  // the box's library (which is imported internally).

  @usableFromInline @inline(never)
  static func sumSlow(_ lhs: Self, _ rhs: Self) -> Self {
    Self(normalizing: Box.sum(lhs, rhs))
  }

  @usableFromInline @inline(never)
  static func differenceSlow(_ lhs: Self, _ rhs: Self) -> Self {
    Self(normalizing: Box.difference(lhs, rhs))
  }

  @usableFromInline @inline(never)
  static func productSlow(_ lhs: Self, _ rhs: Self) -> Self {
    Self(normalizing: Box.product(lhs, rhs))
  }

  @usableFromInline @inline(never)
  static func negationSlow(_ operand: Self) -> Self {
    Self(normalizing: Box.negation(operand))
  }

  @usableFromInline @inline(never)
  mutating func addSlow(_ operand: Self) {
    updateInPlace(with: operand, adding: true)
  }

  @usableFromInline @inline(never)
  mutating func subtractSlow(_ operand: Self) {
    updateInPlace(with: operand, adding: false)
  }

  /// `self += operand` (`adding`) or `self -= operand`, reusing `self`'s box when nobody else
  /// holds it.
  mutating func updateInPlace(with operand: Self, adding: Bool) {
    guard self.box != nil else {
      self = adding ? Self.sumSlow(self, operand) : Self.differenceSlow(self, operand)
      return
    }
    if !isKnownUniquelyReferenced(&self.box) {
      // Shared (by another value, or by `operand` itself in `x += x`): copy before writing.
      self.box = self.box?.copy()
    }
    // `self` owns the box exclusively for the rest of this call.
    guard let box else { preconditionFailure("box vanished") }
    if adding { box.formSum(with: operand) } else { box.formDifference(with: operand) }
    if let value = box.int64Value {
      small = value
      self.box = nil
    }
    checkInvariants()
  }
}

// MARK: - Greatest common divisor and exact division

extension ExactInteger {
  /// The greatest common divisor of the magnitudes; `gcd(0, 0) == 0`.
  static func gcd(_ lhs: Self, _ rhs: Self) -> Self {
    if lhs.box == nil, rhs.box == nil {
      var a = lhs.small.magnitude
      var b = rhs.small.magnitude
      while b != 0 { (a, b) = (b, a % b) }
      return Self(a)  // May be 2^63 (gcd(Int64.min, 0)), which the generic init boxes.
    }
    return Self(normalizing: Box.gcd(lhs, rhs))
  }

  /// `self / divisor` when the division is known to be exact.
  func dividedExactly(by divisor: Self) -> Self {
    precondition(!divisor.isZero, "exact division by zero")
    if box == nil, divisor.box == nil, !(small == .min && divisor.small == -1) {
      let left = small
      let right = divisor.small
      precondition(left % right == 0, "inexact division \(left) / \(right)")
      return Self(left / right)
    }
    let (quotient, remainder) = Box.truncatedDivision(self, by: divisor)
    precondition(remainder.signum == 0, "inexact division \(self) / \(divisor)")
    return Self(normalizing: quotient)
  }
}
