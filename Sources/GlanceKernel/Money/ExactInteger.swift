/// An exact integer of any size: inline in an `Int64` while it fits, in a `Box` otherwise.
///
/// `ExactInteger` is the engine under `Money` and `Ratio`, generic over the big-integer library
/// that holds the values beyond `Int64` (see `LargeIntegerBox`). The kernel uses one of them,
/// `BigInteger` (GMP on Linux and macOS with the `GMP` trait, attaswift/BigInt elsewhere); the
/// differential tests instantiate both. It is internal: callers see money and ratios, never limbs.
///
/// Canonical form: a value that fits in `Int64` is always stored inline, and a boxed value never
/// fits in `Int64`. Every operation normalises its result, so `==`, `hash(into:)` and the text
/// forms can rely on one representation per value.
///
/// Laws (checked by the property tests through `Money` and `Ratio`, and across backends by
/// `BackendDifferentialTests`):
/// - arithmetic is exact at every size, and agrees with `Int64`/`Int128` arithmetic where those
///   do not overflow;
/// - promotion to a box on overflow and demotion back when a result fits are invisible: the same
///   value compares, hashes and prints the same whichever path produced it;
/// - every operation gives the same value, hash and text on every backend.
@usableFromInline
struct ExactInteger<Box: LargeIntegerBox>: Sendable {
  /// The value while `box` is `nil`; zero and unused otherwise.
  @usableFromInline
  var small: Int64

  /// The large integer when the value does not fit in `Int64`.
  ///
  /// An optional reference rather than an enum payload, so that uniqueness can be checked in
  /// place (`isKnownUniquelyReferenced(&box)`) without the retain and release that binding an
  /// enum payload costs on the in-place path.
  @usableFromInline
  var box: Box?

  @inlinable @inline(__always)
  init(_ value: Int64) {
    small = value
    box = nil
  }

  /// Takes ownership of a freshly computed box and stores it in canonical form.
  ///
  /// The box must not be shared: it is either kept (when its value does not fit in `Int64`) or
  /// dropped (and so freed) after its value is copied inline.
  init(normalizing box: Box) {
    if let value = box.int64Value {
      small = value
      self.box = nil
    } else {
      small = 0
      self.box = box
    }
    checkInvariants()
  }

  static var zero: Self { Self(0) }
  static var one: Self { Self(1) }

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

  /// Whether the value is stored in a box. A test hook for the promotion/demotion tests.
  var isBoxed: Bool { box != nil }

  /// Checks the canonical form. Runs only with `GLANCE_INTERNAL_CHECKS` (the package's tests);
  /// cheap enough to call after every slow-path operation there.
  @inline(__always)
  func checkInvariants() {
    #if GLANCE_INTERNAL_CHECKS
      if let box {
        precondition(small == 0, "a boxed ExactInteger keeps \(small) inline")
        precondition(box.int64Value == nil, "a boxed ExactInteger fits in Int64: \(magnitudeLimbs())")
      }
    #endif
  }
}

// MARK: - Conversions from and to Swift integers

extension ExactInteger {
  /// The exact value of any Swift integer.
  init(_ value: some BinaryInteger) {
    if let small = Int64(exactly: value) {
      self.init(small)
      return
    }
    self.init(normalizing: Box(magnitudeWords: Array(value.magnitude.words), negative: value < 0))
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

  /// The 64-bit limbs of the magnitude, least significant first, without leading zero limbs:
  /// `[]` for zero. The same on every backend.
  func magnitudeLimbs() -> [UInt64] {
    if let box { return box.magnitudeLimbs }
    return small == 0 ? [] : [small.magnitude]
  }
}

// MARK: - Equatable, Hashable, Comparable

extension ExactInteger: Hashable {
  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs.box, rhs.box) {
    case (nil, nil): return lhs.small == rhs.small
    case (.some, .some): return Box.compare(lhs, rhs) == 0
    // Canonical form: a boxed value never equals an inline one.
    default: return false
    }
  }

  /// Hashes the sign and the limbs of boxed values, so that every backend hashes alike.
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

extension ExactInteger: Comparable {
  @usableFromInline
  static func < (lhs: Self, rhs: Self) -> Bool {
    if lhs.box == nil, rhs.box == nil { return lhs.small < rhs.small }
    return compareSlow(lhs, rhs) < 0
  }

  @inline(never)
  static func compareSlow(_ lhs: Self, _ rhs: Self) -> Int {
    Box.compare(lhs, rhs)
  }
}
