/// xoshiro256** 1.0 (Blackman and Vigna, "Scrambled linear pseudorandom number generators",
/// 2018): 256 bits of state, period 2^256 − 1, output scrambled by `rotl(s1 × 5, 7) × 9`.
///
/// The state is seeded from four consecutive outputs of ``SplitMix64`` (the authors'
/// recommendation), so that nearby seeds give unrelated streams. Only wrapping integer
/// arithmetic is used, so the sequence is the same on every platform and every Swift release;
/// the standard library's generators and its `random(in:)` mapping are never involved (CONTRIBUTING.md, Portable generators).
///
/// ## Laws
/// - Known answers: seeded with 42, the first outputs are `0x15780B2E0C2EC716`,
///   `0x6104D9866D113A7E`, `0xAE17533239E499A1`, `0xECB8AD4703B360A1`, `0xFDE6DC7FE2EC5E64`
///   (checked against an independent reference).
/// - Two generators with the same seed yield the same sequence.
/// - The state is never all zero (a precondition at every initializer; the update maps a nonzero
///   state to a nonzero state, so it stays that way).
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable {
  private var state0: UInt64
  private var state1: UInt64
  private var state2: UInt64
  private var state3: UInt64

  /// A generator whose four state words are the first four outputs of `SplitMix64(seed: seed)`.
  public init(seed: UInt64) {
    var seeder = SplitMix64(seed: seed)
    let words = (seeder.next(), seeder.next(), seeder.next(), seeder.next())
    self.init(state: words)
  }

  /// A generator with exactly this state; for tests (known answers and the all-zero guard).
  ///
  /// - Precondition: at least one word is nonzero (the all-zero state is a fixed point).
  package init(state: (UInt64, UInt64, UInt64, UInt64)) {
    precondition(
      state.0 | state.1 | state.2 | state.3 != 0,
      "Xoshiro256StarStar state is all zero, a fixed point that would yield only zeros")
    self.state0 = state.0
    self.state1 = state.1
    self.state2 = state.2
    self.state3 = state.3
  }

  /// The next 64 bits.
  public mutating func next() -> UInt64 {
    let result = Self.rotateLeft(state1 &* 5, by: 7) &* 9
    let shifted = state1 << 17
    state2 ^= state0
    state3 ^= state1
    state1 ^= state2
    state0 ^= state3
    state2 ^= shifted
    state3 = Self.rotateLeft(state3, by: 45)
    return result
  }

  private static func rotateLeft(_ word: UInt64, by count: UInt64) -> UInt64 {
    (word << count) | (word >> (64 - count))
  }
}
