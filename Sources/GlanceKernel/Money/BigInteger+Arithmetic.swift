internal import CGMP

// Exact arithmetic. Every operator has an inline fast path on `Int64` that reports overflow, and
// an `@inline(never)` slow path through GMP that allocates one box for its result.

extension BigInteger {
  @inlinable @inline(__always)
  static func + (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
    if lhs.box == nil, rhs.box == nil {
      let (sum, overflow) = lhs.small.addingReportingOverflow(rhs.small)
      if !overflow { return BigInteger(sum) }
    }
    return sumSlow(lhs, rhs)
  }

  @inlinable @inline(__always)
  static func - (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
    if lhs.box == nil, rhs.box == nil {
      let (difference, overflow) = lhs.small.subtractingReportingOverflow(rhs.small)
      if !overflow { return BigInteger(difference) }
    }
    return differenceSlow(lhs, rhs)
  }

  @inlinable @inline(__always)
  static func * (lhs: BigInteger, rhs: BigInteger) -> BigInteger {
    if lhs.box == nil, rhs.box == nil {
      let (product, overflow) = lhs.small.multipliedReportingOverflow(by: rhs.small)
      if !overflow { return BigInteger(product) }
    }
    return productSlow(lhs, rhs)
  }

  @inline(__always)
  static prefix func - (operand: BigInteger) -> BigInteger {
    if operand.box == nil, operand.small != .min {
      return BigInteger(-operand.small)
    }
    return operand.withMPZ { source in computing { __gmpz_neg($0, source) } }
  }

  var magnitude: BigInteger { isNegative ? -self : self }

  /// Adds in place. When the receiver is boxed and its box is not shared, GMP writes the sum
  /// into that box instead of allocating a new one (the copy-on-write fast path that the
  /// huge-value benchmark measures).
  @inlinable @inline(__always)
  static func += (lhs: inout BigInteger, rhs: BigInteger) {
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
  mutating func addInline(_ other: borrowing BigInteger) -> Bool {
    guard box == nil, other.box == nil else { return false }
    let (sum, overflow) = small.addingReportingOverflow(other.small)
    guard !overflow else { return false }
    small = sum
    return true
  }

  @inlinable @inline(__always)
  static func -= (lhs: inout BigInteger, rhs: BigInteger) {
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
  // GMP (which is imported internally).

  @usableFromInline @inline(never)
  static func sumSlow(_ lhs: BigInteger, _ rhs: BigInteger) -> BigInteger {
    gmp(lhs, rhs) { __gmpz_add($0, $1, $2) }
  }

  @usableFromInline @inline(never)
  static func differenceSlow(_ lhs: BigInteger, _ rhs: BigInteger) -> BigInteger {
    gmp(lhs, rhs) { __gmpz_sub($0, $1, $2) }
  }

  @usableFromInline @inline(never)
  static func productSlow(_ lhs: BigInteger, _ rhs: BigInteger) -> BigInteger {
    gmp(lhs, rhs) { __gmpz_mul($0, $1, $2) }
  }

  @usableFromInline @inline(never)
  static func negationSlow(_ operand: BigInteger) -> BigInteger {
    operand.withMPZ { source in computing { __gmpz_neg($0, source) } }
  }

  @usableFromInline @inline(never)
  mutating func addSlow(_ operand: BigInteger) {
    updateInPlace(with: operand) { __gmpz_add($0, $0, $1) }
  }

  @usableFromInline @inline(never)
  mutating func subtractSlow(_ operand: BigInteger) {
    updateInPlace(with: operand) { __gmpz_sub($0, $0, $1) }
  }

  /// `self = operation(self, operand)`, reusing `self`'s box when nobody else holds it.
  mutating func updateInPlace(
    with operand: BigInteger,
    _ operation: (UnsafeMutablePointer<__mpz_struct>, UnsafePointer<__mpz_struct>) -> Void
  ) {
    guard box != nil else {
      self = BigInteger.gmp(self, operand) { result, left, right in
        __gmpz_set(result, left)
        operation(result, right)
      }
      return
    }
    if !isKnownUniquelyReferenced(&box) {
      // Shared (by another value, or by `operand` itself in `x += x`): copy before writing.
      box = box.map { MPZBox(copying: $0.pointer) }
    }
    // `self` owns the box exclusively for the rest of this call, so the raw pointer stays valid.
    guard let pointer = box?.pointer else { preconditionFailure("box vanished") }
    operand.withMPZ { operation(pointer, $0) }
    if let value = box?.int64Value {
      small = value
      box = nil
    }
    checkInvariants()
  }
}

// MARK: - Greatest common divisor and exact division

extension BigInteger {
  /// The greatest common divisor of the magnitudes; `gcd(0, 0) == 0`.
  /// The corresponding GMP function is `mpz_gcd`.
  static func gcd(_ lhs: BigInteger, _ rhs: BigInteger) -> BigInteger {
    if lhs.box == nil, rhs.box == nil {
      var a = lhs.small.magnitude
      var b = rhs.small.magnitude
      while b != 0 { (a, b) = (b, a % b) }
      return BigInteger(a)  // May be 2^63 (gcd(Int64.min, 0)), which the generic init boxes.
    }
    return gmp(lhs, rhs) { __gmpz_gcd($0, $1, $2) }
  }

  /// `self / divisor` when the division is known to be exact.
  /// The corresponding GMP function is `mpz_divexact`; it is wrong, not slow, on inexact input.
  func dividedExactly(by divisor: BigInteger) -> BigInteger {
    precondition(!divisor.isZero, "exact division by zero")
    if box == nil, divisor.box == nil, !(small == .min && divisor.small == -1) {
      let left = small
      let right = divisor.small
      precondition(left % right == 0, "inexact division \(left) / \(right)")
      return BigInteger(left / right)
    }
    return BigInteger.gmp(self, divisor) { __gmpz_divexact($0, $1, $2) }
  }
}
