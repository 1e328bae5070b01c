/// One deterministic stream of random draws: xoshiro256** seeded through SplitMix64, with
/// unbiased bounded integers over closed ranges and exact probabilities. No floating point
/// anywhere, so a seed gives the same draws on every platform and every Swift release (STYLE
/// §32, after TigerBeetle's `stdx/prng.zig`).
///
/// The engine derives one stream per actor, per fault class and for the workload from the root
/// seed with ``derived(root:label:)``; each derived stream depends only on the root and its own
/// label, so adding a stream never changes the draws of another (CONTRIBUTING.md, Labelled random streams).
///
/// Each draw consumes one or more words of the generator; the number of words depends only on
/// the generator's output and the arguments, never on anything else.
///
/// ## Laws
/// - Known answers: `RandomStream(seed: 42)`'s first five `uniform(in: 1...6)` draws are
///   1, 3, 5, 6, 6 (checked against an independent reference); `next()` yields the same words as
///   `Xoshiro256StarStar(seed: 42)`.
/// - `uniform(in: r)` is always in `r`, for every range including `Int64.min...Int64.max` and a
///   single value; it is unbiased (Lemire's multiply-shift with rejection), and a coarse
///   frequency check over 100 000 draws holds.
/// - `derived(root:label:)` is a pure function of its arguments: the same label gives the same
///   stream, different labels give different streams.
/// - `happens(n/d)` is true with probability exactly `n/d`: never for `0/d`, always for `d/d`.
/// - `shuffle` permutes (the multiset is unchanged); `element(of:)` returns a member.
/// - `count(mean:spread:)` is in `max(0, mean − spread)...mean + spread`.
public struct RandomStream: Sendable {
  /// FNV-1a 64-bit offset basis.
  static let fnvOffsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
  /// FNV-1a 64-bit prime.
  static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3
  /// Lemire's rejection loop rejects with probability below 1/2 per word, so 128 rejections in
  /// a row (probability below 2^-128) means the generator is broken, not unlucky (CONTRIBUTING.md, Bounds: broken, not unlucky).
  static let rejectionsMax = 128

  private var generator: Xoshiro256StarStar

  /// The stream of `Xoshiro256StarStar(seed: seed)`.
  public init(seed: UInt64) {
    self.generator = Xoshiro256StarStar(seed: seed)
  }

  /// The stream for `label` under the root seed `root`: seeded with
  /// `SplitMix64(seed: root ^ fnv1a64(label.utf8)).next()`.
  ///
  /// The result depends only on `root` and `label`, not on which other streams exist or the
  /// order they were derived in, so adding an actor does not change what the others do.
  ///
  /// - Parameters:
  ///   - root: The run's seed (`--seed`).
  ///   - label: A stable name, such as `"workload"` or `"fault.network"`.
  public static func derived(root: UInt64, label: String) -> RandomStream {
    var mixer = SplitMix64(seed: root ^ fnv1a64(label.utf8))
    return RandomStream(seed: mixer.next())
  }

  /// FNV-1a, 64 bits, over `bytes`; a test hook (`fnv1a64("a".utf8) == 0xAF63DC4C8601EC8C`).
  package static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash = fnvOffsetBasis
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* fnvPrime
    }
    return hash
  }

  /// The next 64 bits of the underlying xoshiro256** generator.
  public mutating func next() -> UInt64 {
    generator.next()
  }

  /// A value drawn uniformly from `range`, without bias.
  ///
  /// Uses Lemire's multiply-shift with rejection ("Fast random integer generation in an
  /// interval", 2019) on `multipliedFullWidth`: the result is `lowerBound + offset`, with the
  /// offset uniform in `0...(upperBound − lowerBound)`; over the full range
  /// `Int64.min...Int64.max` the offset is one whole word. Consumes one word, and more only on
  /// rejection (probability below `count / 2^64` per word, where `count` is the range's size).
  public mutating func uniform(in range: ClosedRange<Int64>) -> Int64 {
    let maximumOffset = UInt64(bitPattern: range.upperBound &- range.lowerBound)
    let offset = uniformWord(upTo: maximumOffset)
    let value = range.lowerBound &+ Int64(bitPattern: offset)
    precondition(value >= range.lowerBound, "uniform draw \(value) is below \(range)")
    precondition(value <= range.upperBound, "uniform draw \(value) is above \(range)")
    return value
  }

  /// A value drawn uniformly from `range`, without bias; the same draw as the `Int64` overload.
  public mutating func uniform(in range: ClosedRange<Int>) -> Int {
    let value = uniform(in: Int64(range.lowerBound)...Int64(range.upperBound))
    // In range by the Int64 overload's postcondition, so the conversion cannot trap.
    return Int(value)
  }

  /// Whether an event of probability `chance` happens: exactly `numerator / denominator`.
  ///
  /// Always consumes at least one word (even for `0/d` and `d/d`), so changing a scenario's
  /// probabilities does not shift the draws that follow.
  public mutating func happens(_ chance: Chance) -> Bool {
    precondition(chance.denominator > 0, "Chance \(chance) has a zero denominator")
    precondition(
      chance.numerator <= chance.denominator, "Chance \(chance) is above 1")
    return uniformWord(upTo: chance.denominator - 1) < chance.numerator
  }

  /// One element of `items`, each with probability `1 / items.count`.
  ///
  /// - Precondition: `items` is not empty.
  public mutating func element<T>(of items: [T]) -> T {
    precondition(!items.isEmpty, "element(of:) needs at least one item")
    let index = uniform(in: 0...(items.count - 1))
    return items[index]
  }

  /// Shuffles `items` in place with Fisher–Yates (Durstenfeld's form) over `uniform(in:)`:
  /// every permutation is equally likely. Consumes `items.count − 1` draws.
  ///
  /// - Complexity: O(n).
  public mutating func shuffle<T>(_ items: inout [T]) {
    guard items.count > 1 else { return }
    for index in stride(from: items.count - 1, through: 1, by: -1) {
      let other = uniform(in: 0...index)
      items.swapAt(index, other)
    }
  }

  /// A count drawn uniformly from `max(0, mean − spread)...mean + spread`.
  ///
  /// Used for "about `mean` per day, give or take `spread`". When `spread > mean` the range is
  /// clipped at zero, so the counts are never negative but their average is then above `mean`
  /// (by design: the scenario reads more naturally than a shifted range would).
  ///
  /// - Precondition: `mean >= 0`, `spread >= 0`, and `mean + spread` fits in `Int`.
  public mutating func count(mean: Int, spread: Int) -> Int {
    uniform(in: Self.countRange(mean: mean, spread: spread))
  }

  /// The range ``count(mean:spread:)`` draws from: `max(0, mean − spread)...mean + spread`.
  ///
  /// - Precondition: `mean >= 0`, `spread >= 0`, and `mean + spread` fits in `Int`.
  static func countRange(mean: Int, spread: Int) -> ClosedRange<Int> {
    precondition(mean >= 0, "count(mean:spread:) needs mean >= 0 (got \(mean))")
    precondition(spread >= 0, "count(mean:spread:) needs spread >= 0 (got \(spread))")
    let (upper, overflow) = mean.addingReportingOverflow(spread)
    precondition(!overflow, "count(mean: \(mean), spread: \(spread)): mean + spread overflows Int")
    return max(0, mean - spread)...upper
  }

  /// A word drawn uniformly from `0...maximum`.
  private mutating func uniformWord(upTo maximum: UInt64) -> UInt64 {
    guard maximum < UInt64.max else { return next() }
    let bound = maximum + 1
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      // 2^64 mod bound: the words whose products land in this sliver of each interval are the
      // surplus that would bias the result, so they are redrawn.
      let threshold = (0 &- bound) % bound
      var rejections = 0
      while product.low < threshold {
        rejections += 1
        precondition(
          rejections <= Self.rejectionsMax,
          "uniform draw below \(bound) rejected \(rejections) words in a row; the generator is broken")
        product = next().multipliedFullWidth(by: bound)
      }
    }
    precondition(product.high <= maximum, "uniform word \(product.high) is above \(maximum)")
    return product.high
  }
}
