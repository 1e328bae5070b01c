import GlanceSimulation
import Testing

// The expected numbers below were produced by an independent reference written in Python 3
// (pure integer arithmetic with 64-bit masks; no library RNG), run with `python3`:
//
//   M = (1 << 64) - 1
//   def splitmix64(state):
//       while True:
//           state = (state + 0x9E3779B97F4A7C15) & M
//           z = state
//           z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
//           z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
//           yield z ^ (z >> 31)
//   def rotl(x, k): return ((x << k) | (x >> (64 - k))) & M
//   def xoshiro(seed):
//       g = splitmix64(seed); s = [next(g) for _ in range(4)]
//       while True:
//           result = (rotl((s[1] * 5) & M, 7) * 9) & M
//           t = (s[1] << 17) & M
//           s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t
//           s[3] = rotl(s[3], 45)
//           yield result
//   def uniform(g, lower, upper):  # Lemire multiply-shift with rejection, closed range
//       bound = upper - lower + 1
//       x = next(g); m = x * bound
//       if (m & M) < bound:
//           threshold = ((1 << 64) - bound) % bound
//           while (m & M) < threshold:
//               x = next(g); m = x * bound
//       return lower + (m >> 64)
//   def fnv1a64(data):
//       h = 0xcbf29ce484222325
//       for b in data: h = ((h ^ b) * 0x100000001b3) & M
//       return h
//   g = splitmix64(0); print([hex(next(g)) for _ in range(5)])
//   g = xoshiro(42); print([hex(next(g)) for _ in range(5)])
//   g = xoshiro(42); print([uniform(g, 1, 6) for _ in range(5)])
//   print(hex(fnv1a64(b"")), hex(fnv1a64(b"a")), hex(fnv1a64(b"foobar")))
//   s = next(splitmix64(42 ^ fnv1a64("workload".encode()))); g = xoshiro(s)
//   print([hex(next(g)) for _ in range(3)])
//
// SplitMix64(0)'s first word, 0xE220A8397B1DCDAF, and the FNV-1a vectors for "", "a" and
// "foobar" also match the published values.

@Suite("SplitMix64 known answers")
struct SplitMix64Tests {
  @Test("the first five outputs for seed 0 match the Python reference")
  func seedZero() {
    var generator = SplitMix64(seed: 0)
    let words = (0..<5).map { _ in generator.next() }
    #expect(
      words == [
        0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
        0xF88B_B8A8_724C_81EC, 0x1B39_896A_51A8_749B,
      ])
  }

  @Test("the same seed gives the same sequence")
  func sameSeedSameSequence() {
    var first = SplitMix64(seed: 12_345)
    var second = SplitMix64(seed: 12_345)
    for _ in 0..<100 { #expect(first.next() == second.next()) }
  }
}

@Suite("Xoshiro256StarStar known answers")
struct Xoshiro256StarStarTests {
  @Test("the first five outputs for seed 42 match the Python reference")
  func seedFortyTwo() {
    var generator = Xoshiro256StarStar(seed: 42)
    let words = (0..<5).map { _ in generator.next() }
    #expect(
      words == [
        0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1,
        0xECB8_AD47_03B3_60A1, 0xFDE6_DC7F_E2EC_5E64,
      ])
  }

  @Test("seeding takes the four words from SplitMix64")
  func seedingMatchesExplicitState() {
    var seeder = SplitMix64(seed: 42)
    var explicit = Xoshiro256StarStar(
      state: (seeder.next(), seeder.next(), seeder.next(), seeder.next()))
    var seeded = Xoshiro256StarStar(seed: 42)
    for _ in 0..<100 { #expect(explicit.next() == seeded.next()) }
  }

  @Test("the all-zero state is a precondition failure")
  func allZeroStateIsRejected() async {
    await #expect(processExitsWith: .failure) {
      _ = Xoshiro256StarStar(state: (0, 0, 0, 0))
    }
  }
}

@Suite("RandomStream known answers")
struct RandomStreamKnownAnswerTests {
  @Test("the first five dice rolls for seed 42 match the Python reference")
  func diceForSeedFortyTwo() {
    var stream = RandomStream(seed: 42)
    let rolls = (0..<5).map { _ in stream.uniform(in: 1...6) }
    #expect(rolls == [1, 3, 5, 6, 6])
  }

  @Test("next() yields the words of Xoshiro256StarStar with the same seed")
  func nextIsXoshiro() {
    var stream = RandomStream(seed: 42)
    var generator = Xoshiro256StarStar(seed: 42)
    for _ in 0..<100 { #expect(stream.next() == generator.next()) }
  }

  @Test("FNV-1a 64 matches the published vectors")
  func fnv1a64Vectors() {
    #expect(RandomStream.fnv1a64("".utf8) == 0xCBF2_9CE4_8422_2325)
    #expect(RandomStream.fnv1a64("a".utf8) == 0xAF63_DC4C_8601_EC8C)
    #expect(RandomStream.fnv1a64("foobar".utf8) == 0x8594_4171_F739_67E8)
  }

  @Test("a derived stream is seeded from SplitMix64(root ^ fnv1a64(label))")
  func derivedKnownAnswer() {
    var stream = RandomStream.derived(root: 42, label: "workload")
    let words = (0..<3).map { _ in stream.next() }
    #expect(words == [0xD710_07BD_2BB5_1113, 0xD8E1_030E_F16A_F2B1, 0x86AA_459D_B45A_57DB])
  }
}
