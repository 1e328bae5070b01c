/// SplitMix64 (Steele, Lea and Flood, 2014) for tests: expands the one seed a property draws into
/// many words, so that shuffles and pools in tests come from the property's own input and replay
/// with the seed PropertyBased prints. (The simulator brings its own documented generators; this
/// one is for the test targets, which share it through this target.)
public struct SplitMix64: RandomNumberGenerator {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A draw in `0..<bound` (the tiny modulo bias does not matter for test data).
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "a bound is positive, got \(bound)")
    return Int(next() % UInt64(bound))
  }
}
