/// SplitMix64 (Steele, Lea and Flood, 2014): the stress tool's only source of randomness, so
/// that a run's choices (which worker is killed, how long the driver sleeps, which batches the
/// watch receiver re-sends) follow from its `--seed`. Wall-clock timing still varies between
/// runs: the tool measures real processes.
struct SplitMix64: RandomNumberGenerator {
  /// The generator's state; every draw advances it by the golden-ratio increment.
  private(set) var state: UInt64

  /// A generator whose draws follow from `seed`.
  init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A draw in `range` (the tiny modulo bias does not matter here).
  mutating func draw(in range: ClosedRange<Int>) -> Int {
    precondition(range.lowerBound >= 0, "a non-negative range, got \(range)")
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    let value = range.lowerBound + Int(next() % width)
    assert(range.contains(value), "\(value) is in \(range)")
    return value
  }
}
