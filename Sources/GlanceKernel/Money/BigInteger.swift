internal import CGMP

/// An exact integer of any size: inline in an `Int64` while it fits, a GMP integer otherwise.
///
/// `BigInteger` is the engine under `Money` and `Ratio`. It is internal to the kernel: callers
/// see money and ratios, never limbs.
///
/// Canonical form: a value that fits in `Int64` is always stored inline, and a boxed value never
/// fits in `Int64`. Every operation normalises its result, so `==`, `hash(into:)` and the text
/// forms can rely on one representation per value.
///
/// Laws (checked by the property tests through `Money` and `Ratio`):
/// - arithmetic is exact at every size, and agrees with `Int64`/`Int128` arithmetic where those
///   do not overflow;
/// - promotion to GMP on overflow and demotion back when a result fits are invisible: the same
///   value compares, hashes and prints the same whichever path produced it.
@usableFromInline
struct BigInteger: Sendable {
  /// The value while `box` is `nil`; zero and unused otherwise.
  @usableFromInline
  var small: Int64

  /// The GMP integer when the value does not fit in `Int64`.
  ///
  /// An optional reference rather than an enum payload, so that uniqueness can be checked in
  /// place (`isKnownUniquelyReferenced(&box)`) without the retain and release that binding an
  /// enum payload costs on the in-place path.
  @usableFromInline
  var box: MPZBox?

  @inlinable @inline(__always)
  init(_ value: Int64) {
    small = value
    box = nil
  }

  /// Takes ownership of a freshly computed box and stores it in canonical form.
  ///
  /// The box must not be shared: it is either kept (when its value does not fit in `Int64`) or
  /// dropped (and so freed) after its value is copied inline.
  init(normalizing box: MPZBox) {
    if let value = box.int64Value {
      small = value
      self.box = nil
    } else {
      small = 0
      self.box = box
    }
  }

  static let zero = BigInteger(0)
  static let one = BigInteger(1)

  /// The value as an `Int64` when it fits (which, by the canonical form, is exactly when it is
  /// stored inline).
  @inlinable @inline(__always)
  var int64Value: Int64? {
    box == nil ? small : nil
  }

  var signum: Int {
    if let box { return box.signum }
    return Int(small.signum())
  }

  var isZero: Bool { int64Value == 0 }
  var isNegative: Bool { signum < 0 }

  /// Whether the value is stored in a GMP box. A test hook for the promotion/demotion tests.
  var isBoxed: Bool { box != nil }

  /// Checks the canonical form. Runs in debug builds (tests) only; cheap enough to call after
  /// every slow-path operation there.
  @inline(__always)
  func checkInvariants() {
    #if GLANCE_INTERNAL_CHECKS
      if let box {
        precondition(small == 0, "a boxed BigInteger keeps \(small) inline")
        precondition(box.int64Value == nil, "a boxed BigInteger fits in Int64: \(box)")
      }
    #endif
  }
}

// MARK: - Lending GMP pointers

extension BigInteger {
  /// Lends a read-only GMP view of the value to `body`.
  ///
  /// An inline value is presented without allocating: its magnitude is one stack limb and GMP
  /// reads it through `mpz_roinit_n`. The pointer is valid only inside `body` and must never be
  /// written to or escape it.
  @inline(__always)
  func withMPZ<Result>(_ body: (UnsafePointer<__mpz_struct>) throws -> Result) rethrows -> Result {
    if let pointer = box?.pointer {
      // Reading the pointer through the optional borrows the box (no retain); keeping `self`
      // alive keeps the box, and so the pointer, valid until `body` returns.
      return try withExtendedLifetime(self) { try body(pointer) }
    } else {
      let value = small
      var limb = mp_limb_t(value.magnitude)
      let size: mp_size_t = value == 0 ? 0 : (value < 0 ? -1 : 1)
      return try withUnsafePointer(to: &limb) { limbPointer in
        var view = __mpz_struct()
        __gmpz_roinit_n(&view, limbPointer, size)
        return try withUnsafePointer(to: &view) { try body($0) }
      }
    }
  }

  /// Computes a new value with one GMP call that writes into a fresh box.
  @inline(never)
  static func computing(_ operation: (UnsafeMutablePointer<__mpz_struct>) -> Void) -> BigInteger {
    let box = MPZBox()
    operation(box.pointer)
    let result = BigInteger(normalizing: box)
    result.checkInvariants()
    return result
  }

  /// Applies a binary GMP operation `result = operation(lhs, rhs)` on the slow path.
  @inline(never)
  static func gmp(
    _ lhs: BigInteger,
    _ rhs: BigInteger,
    _ operation: (
      UnsafeMutablePointer<__mpz_struct>, UnsafePointer<__mpz_struct>, UnsafePointer<__mpz_struct>
    ) -> Void
  ) -> BigInteger {
    lhs.withMPZ { left in
      rhs.withMPZ { right in
        computing { operation($0, left, right) }
      }
    }
  }
}

// MARK: - Conversions from and to Swift integers

extension BigInteger {
  /// The exact value of any Swift integer.
  init(_ value: some BinaryInteger) {
    if let small = Int64(exactly: value) {
      self.init(small)
      return
    }
    let words = Array(value.magnitude.words)
    let negative = value < 0
    self = BigInteger.computing { result in
      words.withUnsafeBufferPointer { buffer in
        // Least significant word first, native endianness, no nail bits.
        __gmpz_import(
          result, buffer.count, -1, MemoryLayout<UInt>.stride, 0, 0, buffer.baseAddress)
      }
      if negative { __gmpz_neg(result, result) }
    }
  }

  /// The value as a `T` when it is representable, otherwise `nil`.
  func exactly<T: FixedWidthInteger>(as _: T.Type) -> T? {
    if let small = int64Value { return T(exactly: small) }
    var magnitude = T.Magnitude.zero
    for limb in magnitudeLimbs().reversed() {
      if magnitude != 0 {
        // Shifting in another limb must not push a set bit out of `T.Magnitude`.
        guard T.Magnitude.bitWidth > UInt64.bitWidth else { return nil }
        guard magnitude.leadingZeroBitCount >= UInt64.bitWidth else { return nil }
        magnitude <<= UInt64.bitWidth
      }
      guard let part = T.Magnitude(exactly: limb) else { return nil }
      magnitude |= part
    }
    guard isNegative else { return T(exactly: magnitude) }
    guard T.isSigned else { return nil }
    if magnitude == T.min.magnitude { return T.min }
    return T(exactly: magnitude).map { 0 - $0 }
  }

  /// The limbs of the magnitude, least significant first. The corresponding GMP fields are
  /// `_mp_d` and `_mp_size`.
  func magnitudeLimbs() -> [UInt64] {
    withMPZ { pointer in
      let count = Int(abs(pointer.pointee._mp_size))
      guard count > 0, let limbs = pointer.pointee._mp_d else { return [] }
      return (0..<count).map { UInt64(limbs[$0]) }
    }
  }
}

// MARK: - Equatable, Hashable, Comparable

extension BigInteger: Hashable {
  @usableFromInline
  static func == (lhs: BigInteger, rhs: BigInteger) -> Bool {
    switch (lhs.box, rhs.box) {
    case (nil, nil): return lhs.small == rhs.small
    case (let left?, let right?): return __gmpz_cmp(left.pointer, right.pointer) == 0
    // Canonical form: a boxed value never equals an inline one.
    default: return false
    }
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    if box == nil {
      hasher.combine(small)
    } else {
      hasher.combine(signum)
      for limb in magnitudeLimbs() { hasher.combine(limb) }
    }
  }
}

extension BigInteger: Comparable {
  @usableFromInline
  static func < (lhs: BigInteger, rhs: BigInteger) -> Bool {
    if lhs.box == nil, rhs.box == nil { return lhs.small < rhs.small }
    return compareSlow(lhs, rhs) < 0
  }

  @inline(never)
  static func compareSlow(_ lhs: BigInteger, _ rhs: BigInteger) -> Int32 {
    lhs.withMPZ { left in rhs.withMPZ { right in __gmpz_cmp(left, right) } }
  }
}
