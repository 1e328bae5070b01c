// Exact arithmetic. Every operator has an inline fast path on the tagged word that reports
// overflow, and an `@inline(never)` slow path through the box's library that allocates one box
// for its result. A result carries the left operand's tag: on the word, `lhs.word ± (rhs.word
// with its tag cleared)` is `(a ± b) << 1 | tag`, and overflow of the word is overflow of the
// inline range.

extension ExactInteger {
  /// `rhs.word` without its tag: `rhs << 1`.
  @inlinable @inline(__always)
  static func untagged(_ word: Int64) -> Int64 { word & ~tagMask }

  @inlinable @inline(__always)
  static func + (lhs: Self, rhs: Self) -> Self {
    if lhs.box == nil, rhs.box == nil {
      let (sum, overflow) = lhs.word.addingReportingOverflow(untagged(rhs.word))
      if !overflow { return Self(word: sum, box: nil) }
    }
    return sumSlow(lhs, rhs)
  }

  @inlinable @inline(__always)
  static func - (lhs: Self, rhs: Self) -> Self {
    if lhs.box == nil, rhs.box == nil {
      let (difference, overflow) = lhs.word.subtractingReportingOverflow(untagged(rhs.word))
      if !overflow { return Self(word: difference, box: nil) }
    }
    return differenceSlow(lhs, rhs)
  }

  @inlinable @inline(__always)
  static func * (lhs: Self, rhs: Self) -> Self {
    if lhs.box == nil, rhs.box == nil {
      // (a << 1) × b = (a × b) << 1: the product's word, then the tag.
      let (product, overflow) = untagged(lhs.word).multipliedReportingOverflow(by: rhs.inlineValue)
      if !overflow { return Self(word: product | lhs.tag, box: nil) }
    }
    return productSlow(lhs, rhs)
  }

  @inlinable @inline(__always)
  static prefix func - (operand: Self) -> Self {
    if operand.box == nil {
      let (negated, overflow) = Int64(0).subtractingReportingOverflow(untagged(operand.word))
      if !overflow { return Self(word: negated | operand.tag, box: nil) }
    }
    return negationSlow(operand)
  }

  var magnitude: Self { isNegative ? -self : self }

  /// Adds in place. When the receiver is boxed and its box is not shared, the sum is written
  /// into that box instead of allocating a new one (the copy-on-write fast path that the
  /// huge-value benchmark measures).
  @inlinable @inline(__always)
  static func += (lhs: inout Self, rhs: Self) {
    if !lhs.addInline(rhs) { lhs.addSlow(rhs) }
  }

  /// Adds `other` when both are inline and the sum stays inline; otherwise changes nothing and
  /// returns `false`, leaving the caller to take the general path.
  @inlinable @inline(__always)
  mutating func addInline(_ other: borrowing Self) -> Bool {
    guard box == nil, other.box == nil else { return false }
    let (sum, overflow) = word.addingReportingOverflow(Self.untagged(other.word))
    guard !overflow else { return false }
    word = sum
    return true
  }

  /// Adds `operand × factor` when both are inline and the product and the sum stay inline;
  /// otherwise changes nothing and returns `false`. No product value is made: the operand's word
  /// without its tag, `v << 1`, times the factor is the product's word, `(v × f) << 1`, whose tag
  /// bit is 0, so it adds straight onto the word.
  @inlinable @inline(__always)
  mutating func addProductInline(_ operand: borrowing Self, times factor: Int64) -> Bool {
    guard box == nil, operand.box == nil else { return false }
    // Each overflow branches on its own flag (joined, they cost a `seto` and an `or` more).
    let (product, productOverflow) = Self.untagged(operand.word).multipliedReportingOverflow(by: factor)
    if productOverflow { return false }
    let (sum, sumOverflow) = word.addingReportingOverflow(product)
    if sumOverflow { return false }
    word = sum
    return true
  }

  @inlinable @inline(__always)
  static func -= (lhs: inout Self, rhs: Self) {
    if lhs.box == nil, rhs.box == nil {
      let (difference, overflow) = lhs.word.subtractingReportingOverflow(untagged(rhs.word))
      if !overflow {
        lhs.word = difference
        return
      }
    }
    lhs.subtractSlow(rhs)
  }

  // The slow paths, out of line so that the inlinable fast paths stay small and never mention
  // the box's library (which is imported internally).

  @usableFromInline @inline(never)
  @_specialize(exported:true,where Box == KernelIntegerBox)
  static func sumSlow(_ lhs: Self, _ rhs: Self) -> Self {
    Self(normalizing: Box.sum(lhs, rhs), tag: lhs.tag)
  }

  @usableFromInline @inline(never)
  @_specialize(exported:true,where Box == KernelIntegerBox)
  static func differenceSlow(_ lhs: Self, _ rhs: Self) -> Self {
    Self(normalizing: Box.difference(lhs, rhs), tag: lhs.tag)
  }

  @usableFromInline @inline(never)
  @_specialize(exported:true,where Box == KernelIntegerBox)
  static func productSlow(_ lhs: Self, _ rhs: Self) -> Self {
    Self(normalizing: Box.product(lhs, rhs), tag: lhs.tag)
  }

  @usableFromInline @inline(never)
  @_specialize(exported:true,where Box == KernelIntegerBox)
  static func negationSlow(_ operand: Self) -> Self {
    Self(normalizing: Box.negation(operand), tag: operand.tag)
  }

  @usableFromInline @inline(never)
  @_specialize(exported:true,where Box == KernelIntegerBox)
  mutating func addSlow(_ operand: Self) {
    updateInPlace(with: operand, adding: true)
  }

  @usableFromInline @inline(never)
  @_specialize(exported:true,where Box == KernelIntegerBox)
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
    // `self` owns the box exclusively for the rest of this call. Calling through the optional
    // borrows the box (binding it with `let` would retain and release it).
    if adding { self.box?.formSum(with: operand) } else { self.box?.formDifference(with: operand) }
    demoteIfInline()
  }

  /// `self += Σ operands`, whatever the operands' tags (the result keeps `self`'s).
  ///
  /// The box is made unshared once, every operand is added into it in place, and the result is
  /// made canonical once at the end: in between the box may hold a value of the inline range,
  /// which nobody else can see. So a sum of many large values costs one big-integer addition
  /// each, not one uniqueness check, call chain and demotion test each as `+=` does.
  @usableFromInline @inline(never)
  @_specialize(exported:true,where Box == KernelIntegerBox)
  mutating func addEach(_ operands: UnsafeBufferPointer<Self>) {
    makeBoxUnshared()
    self.box?.formSum(withEach: operands)
    demoteIfInline()
  }

  /// `self += operand × factor` through a box, whatever the forms: `self`'s box when nobody else
  /// holds it (a fresh one when `self` is inline), one fused multiply-add into it, and the result
  /// made canonical. The slow path of `addProductInline`; no box is made for the product.
  @usableFromInline @inline(never)
  @_specialize(exported:true,where Box == KernelIntegerBox)
  mutating func addProductSlow(_ operand: Self, times factor: Int64) {
    makeBoxUnshared()
    self.box?.formSum(with: operand, times: factor)
    demoteIfInline()
  }

  /// `self += Σ operands[i] × factors[i]` through one box, as `addEach` does for sums.
  /// - Precondition: as many factors as operands.
  @usableFromInline @inline(never)
  @_specialize(exported:true,where Box == KernelIntegerBox)
  mutating func addEachProduct(_ operands: UnsafeBufferPointer<Self>, times factors: UnsafeBufferPointer<Int>) {
    precondition(operands.count == factors.count, "\(operands.count) operands for \(factors.count) factors")
    makeBoxUnshared()
    self.box?.formSum(withEach: operands, times: factors)
    demoteIfInline()
  }

  /// Moves the value into a box that only `self` holds: a fresh one for an inline value, a copy
  /// of a shared one. In between the box may hold a value of the inline range; the caller makes
  /// the value canonical again (`demoteIfInline`).
  mutating func makeBoxUnshared() {
    if box == nil {
      self = Self(word: tag, box: Box.sum(self, .zero))
    } else if !isKnownUniquelyReferenced(&self.box) {
      self.box = self.box?.copy()
    }
    precondition(box != nil, "makeBoxUnshared leaves a box")
  }

  /// Moves a boxed value that fits the inline range back inline (the canonical form), freeing the
  /// box when this value held the last reference to it.
  mutating func demoteIfInline() {
    if let value = self.box?.int64Value, let word = Self.inlineWord(value, tag: tag) {
      self.word = word
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
      var a = lhs.inlineValue.magnitude
      var b = rhs.inlineValue.magnitude
      while b != 0 { (a, b) = (b, a % b) }
      return Self(a).tagged(lhs.tag)  // May be 2^62 (gcd(-2^62, 0)), which the generic init boxes.
    }
    return Self(normalizing: Box.gcd(lhs, rhs), tag: lhs.tag)
  }

  /// `self / divisor` when the division is known to be exact.
  func dividedExactly(by divisor: Self) -> Self {
    precondition(!divisor.isZero, "exact division by zero")
    if box == nil, divisor.box == nil {
      // Inline values are within ±2^62, so the quotient cannot overflow Int64.
      let left = inlineValue
      let right = divisor.inlineValue
      precondition(left % right == 0, "inexact division \(left) / \(right)")
      return Self(left / right).tagged(tag)
    }
    let (quotient, remainder) = Box.truncatedDivision(self, by: divisor)
    precondition(remainder.signum == 0, "inexact division \(self) / \(divisor)")
    return Self(normalizing: quotient, tag: tag)
  }
}
