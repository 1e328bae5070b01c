/// An exact integer of any size, with a one-bit tag: inline in an `Int64` word while the value fits
/// in 63 bits, in a `Box` otherwise.
///
/// `ExactInteger` is the engine under `Money` and `Ratio`, generic over the big-integer library
/// that holds the values beyond the inline range (see `LargeIntegerBox`). The kernel uses one of
/// them, `BigInteger` (GMP on Linux and macOS with the `GMP` trait, attaswift/BigInt elsewhere); the
/// differential tests instantiate both. It is internal: callers see money and ratios, never limbs.
///
/// Layout (16 bytes): `word` holds `value << 1 | tag` while `box` is `nil`; a boxed value keeps
/// only its tag in `word`. The tag is a caller's bit that travels with the value: `Money` keeps its
/// currency there, so that an amount is 16 bytes and the fast paths compare currency and value
/// with one instruction; `Ratio`'s integers keep tag 0.
///
/// Canonical form: a value in the inline range `-2^62 ..< 2^62` is always stored inline, and a
/// boxed value never is. Every operation normalises its result, so `==`, `hash(into:)` and the
/// text forms can rely on one representation per value.
///
/// Laws (checked by the property tests through `Money` and `Ratio`, and across backends by
/// `BackendDifferentialTests`):
/// - arithmetic is exact at every size, and agrees with `Int64`/`Int128` arithmetic where those
///   do not overflow;
/// - promotion to a box on overflow and demotion back when a result fits are invisible: the same
///   value compares, hashes and prints the same whichever path produced it;
/// - `==`, `<` and `hash(into:)` see the value only, never the tag; the result of an arithmetic
///   operation carries its left operand's tag;
/// - every operation gives the same value, hash and text on every backend.
@usableFromInline
struct ExactInteger<Box: LargeIntegerBox>: Sendable {
  /// `value << 1 | tag` while `box` is `nil`; the tag alone otherwise.
  @usableFromInline
  var word: Int64

  /// The large integer when the value is outside the inline range.
  ///
  /// An optional reference rather than an enum payload, so that uniqueness can be checked in
  /// place (`isKnownUniquelyReferenced(&box)`) without the retain and release that binding an
  /// enum payload costs on the in-place path.
  @usableFromInline
  var box: Box?

  /// The bit of `word` that holds the tag.
  @inlinable
  static var tagMask: Int64 { 1 }

  /// The fields as they are. - Precondition: canonical (see the type's documentation).
  @inlinable @inline(__always)
  init(word: Int64, box: Box?) {
    self.word = word
    self.box = box
  }

  /// The exact value of `value`, with tag 0.
  @inlinable @inline(__always)
  init(_ value: Int64) {
    let shifted = value &<< 1
    if shifted >> 1 == value {
      self.init(word: shifted, box: nil)
    } else {
      self.init(boxing: value)
    }
  }

  /// A value of `Int64` outside the inline range (|value| ≥ 2^62), in a box.
  @usableFromInline @inline(never)
  @_specialize(exported:true,where Box == KernelIntegerBox)
  init(boxing value: Int64) {
    self.init(normalizing: Box.make(magnitudeWords: Array(value.magnitude.words), negative: value < 0))
  }

  /// Takes ownership of a freshly computed box and stores it in canonical form, with `tag`.
  ///
  /// The box must not be shared: it is either kept (when its value is outside the inline range)
  /// or dropped (and so freed) after its value is copied inline.
  init(normalizing box: Box, tag: Int64 = 0) {
    if let value = box.int64Value, let word = Self.inlineWord(value, tag: tag) {
      self.init(word: word, box: nil)
    } else {
      self.init(word: tag, box: box)
    }
    checkInvariants()
  }

  /// `value << 1 | tag` when `value` is in the inline range, otherwise `nil`.
  @inlinable @inline(__always)
  static func inlineWord(_ value: Int64, tag: Int64) -> Int64? {
    let shifted = value &<< 1
    return shifted >> 1 == value ? shifted | tag : nil
  }

  static var zero: Self { Self(word: 0, box: nil) }
  static var one: Self { Self(word: 2, box: nil) }

  /// The tag: 0 or 1.
  @inlinable @inline(__always)
  var tag: Int64 { word & Self.tagMask }

  /// The same value with `tag`.
  @inlinable @inline(__always)
  func tagged(_ tag: Int64) -> Self {
    Self(word: (word & ~Self.tagMask) | tag, box: box)
  }

  /// The value of an inline integer. Meaningless when `box` is not `nil`.
  @inlinable @inline(__always)
  var inlineValue: Int64 { word >> 1 }

  /// The value as an `Int64` when it fits (inline values always do; boxed ones at most in
  /// `2^62 ..< 2^63` and its negative).
  var int64Value: Int64? {
    if let box { return box.int64Value }
    return inlineValue
  }

  var signum: Int {
    if let box { return box.signum }
    return Int(inlineValue.signum())
  }

  /// Boxed values are never zero (canonical form).
  var isZero: Bool { box == nil && inlineValue == 0 }
  var isNegative: Bool { signum < 0 }

  /// Whether the value is stored in a box. A test hook for the promotion/demotion tests.
  var isBoxed: Bool { box != nil }

  /// Checks the canonical form. Runs only with `GLANCE_INTERNAL_CHECKS` (the package's tests);
  /// cheap enough to call after every slow-path operation there.
  @inline(__always)
  func checkInvariants() {
    #if GLANCE_INTERNAL_CHECKS
      if let box {
        precondition(word & ~Self.tagMask == 0, "a boxed ExactInteger keeps \(word >> 1) inline")
        if let value = box.int64Value {
          precondition(Self.inlineWord(value, tag: 0) == nil, "a boxed ExactInteger fits inline: \(value)")
        }
      }
    #endif
  }
}

// MARK: - Conversions from and to Swift integers

extension ExactInteger {
  /// The exact value of any Swift integer, with tag 0.
  init(_ value: some BinaryInteger) {
    if let small = Int64(exactly: value) {
      self.init(small)
      return
    }
    self.init(normalizing: Box.make(magnitudeWords: Array(value.magnitude.words), negative: value < 0))
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
    return inlineValue == 0 ? [] : [inlineValue.magnitude]
  }
}

// MARK: - Equatable, Hashable, Comparable

extension ExactInteger: Hashable {
  /// Equal values, whatever their tags.
  @usableFromInline
  @_specialize(exported:true,where Box == KernelIntegerBox)
  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs.box, rhs.box) {
    case (nil, nil): return lhs.inlineValue == rhs.inlineValue
    case (.some, .some): return Box.compare(lhs, rhs) == 0
    // Canonical form: a boxed value never equals an inline one.
    default: return false
    }
  }

  /// Hashes the value (never the tag): an inline value as an `Int64`, a boxed one as its sign and
  /// limbs, so that every backend hashes alike.
  @usableFromInline
  func hash(into hasher: inout Hasher) {
    if box == nil {
      hasher.combine(inlineValue)
    } else {
      hasher.combine(signum)
      for limb in magnitudeLimbs() { hasher.combine(limb) }
    }
  }
}

extension ExactInteger: Comparable {
  /// Orders by value, whatever the tags.
  @inlinable
  static func < (lhs: Self, rhs: Self) -> Bool {
    if lhs.box == nil, rhs.box == nil { return lhs.inlineValue < rhs.inlineValue }
    return compareSlow(lhs, rhs) < 0
  }

  @usableFromInline @inline(never)
  @_specialize(exported:true,where Box == KernelIntegerBox)
  static func compareSlow(_ lhs: Self, _ rhs: Self) -> Int {
    Box.compare(lhs, rhs)
  }
}
