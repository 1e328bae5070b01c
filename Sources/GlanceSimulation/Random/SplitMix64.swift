/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
/// a 64-bit counter advanced by the golden-ratio increment, then mixed.
///
/// Glance uses it only to expand one seed into the state of ``Xoshiro256StarStar`` (Blackman
/// and Vigna's recommendation) and to turn a root seed and a label into a derived seed
/// (``RandomStream/derived(root:label:)``). Every operation is wrapping integer arithmetic, so
/// the output is the same on every platform and every Swift release (CONTRIBUTING.md, Portable generators).
///
/// ## Laws
/// - Known answers: `SplitMix64(seed: 0)` yields `0xE220A8397B1DCDAF`, `0x6E789E6AA1B965F4`,
///   `0x06C45D188009454F`, `0xF88BB8A8724C81EC`, `0x1B39896A51A8749B` (checked against an
///   independent reference).
/// - Two generators with the same seed yield the same sequence.
/// - Every seed is valid, including 0: the state is a counter, so it never sticks.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The golden-ratio increment, `⌊2^64 / φ⌋` made odd.
  static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15
  static let firstMultiplier: UInt64 = 0xBF58_476D_1CE4_E5B9
  static let secondMultiplier: UInt64 = 0x94D0_49BB_1331_11EB

  /// The counter; the next output mixes `state + increment`.
  private var state: UInt64

  /// A generator whose first output mixes `seed + 0x9E3779B97F4A7C15`.
  public init(seed: UInt64) {
    self.state = seed
  }

  /// The next 64 bits.
  public mutating func next() -> UInt64 {
    state &+= Self.increment
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* Self.firstMultiplier
    mixed = (mixed ^ (mixed >> 27)) &* Self.secondMultiplier
    return mixed ^ (mixed >> 31)
  }
}
