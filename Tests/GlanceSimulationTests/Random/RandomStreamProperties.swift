import GlanceSimulation
import PropertyBased
import Testing

@Suite("RandomStream properties")
struct RandomStreamProperties {
  /// A range of any width, from one value to all of `Int64`.
  static var anyRange: Generator<ClosedRange<Int64>, some SendableSequenceType> {
    zip(Gen.int64(), Gen.int64()).map { min($0, $1)...max($0, $1) }
  }

  /// A narrow range (1 to 17 values) anywhere, including against `Int64.min` and `Int64.max`.
  static var narrowRange: Generator<ClosedRange<Int64>, some SendableSequenceType> {
    zip(Gen.int64(), Gen.int64(in: 0...16)).map { lower, width in
      let (upper, overflow) = lower.addingReportingOverflow(width)
      return overflow ? (Int64.max - width)...Int64.max : lower...upper
    }
  }

  @Test("uniform(in:) is always within the range")
  func uniformStaysInRange() async {
    await propertyCheck(count: 500, input: Gen.uint64(), Self.anyRange, Self.narrowRange) {
      seed, wide, narrow in
      var stream = RandomStream(seed: seed)
      for _ in 0..<20 {
        let wideDraw = stream.uniform(in: wide)
        let narrowDraw = stream.uniform(in: narrow)
        #expect(wide.contains(wideDraw))
        #expect(narrow.contains(narrowDraw))
      }
    }
  }

  @Test("the Int overload draws the same values as the Int64 one")
  func intOverloadMatchesInt64() async {
    await propertyCheck(count: 300, input: Gen.uint64(), Self.anyRange) { seed, range in
      var first = RandomStream(seed: seed)
      var second = RandomStream(seed: seed)
      let intRange = Int(range.lowerBound)...Int(range.upperBound)
      for _ in 0..<10 {
        let wide = first.uniform(in: range)
        let narrow = second.uniform(in: intRange)
        #expect(Int64(narrow) == wide)
      }
    }
  }

  @Test("the full range is the lower bound plus one word, and a single value is that value")
  func fullAndSingleValueRanges() async {
    await propertyCheck(count: 300, input: Gen.uint64(), Gen.int64()) { seed, value in
      var stream = RandomStream(seed: seed)
      var words = RandomStream(seed: seed)
      for _ in 0..<10 {
        // Every draw is `lowerBound + offset`; over the full range the offset is one whole word.
        let full = stream.uniform(in: Int64.min...Int64.max)
        #expect(full == Int64.min &+ Int64(bitPattern: words.next()))
        let fullInt = stream.uniform(in: Int.min...Int.max)
        #expect(Int64(fullInt) == Int64.min &+ Int64(bitPattern: words.next()))
        // A single value consumes exactly one word (the bound is 1, so nothing is rejected).
        #expect(stream.uniform(in: value...value) == value)
        _ = words.next()
      }
      #expect(stream.next() == words.next())
    }
  }

  @Test("derived streams: the same label gives the same stream, different labels differ")
  func derivedStreamsAreIndependentOfEachOther() async {
    await propertyCheck(count: 500, input: Gen.uint64(), Gen.uint64(), Gen.uint64(in: 1...1000)) {
      root, first, offset in
      let label = "actor.\(first)"
      let otherLabel = "actor.\(first &+ offset)"
      var stream = RandomStream.derived(root: root, label: label)
      var again = RandomStream.derived(root: root, label: label)
      var other = RandomStream.derived(root: root, label: otherLabel)
      let words = (0..<4).map { _ in stream.next() }
      #expect(words == (0..<4).map { _ in again.next() })
      #expect(words != (0..<4).map { _ in other.next() })
    }
  }

  @Test("happens(0/d) never and happens(d/d) always")
  func happensAtTheExtremes() async {
    await propertyCheck(count: 500, input: Gen.uint64(), Gen.uint64(in: 1...UInt64.max)) {
      seed, denominator in
      var stream = RandomStream(seed: seed)
      for _ in 0..<20 {
        let never = stream.happens(Chance(numerator: 0, denominator: denominator))
        let always = stream.happens(Chance(numerator: denominator, denominator: denominator))
        #expect(!never)
        #expect(always)
      }
    }
  }

  @Test("shuffle permutes and element(of:) returns a member")
  func shuffleAndElement() async {
    await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: -50...50).array(of: 1...40)) {
      seed, items in
      var stream = RandomStream(seed: seed)
      var shuffled = items
      stream.shuffle(&shuffled)
      #expect(shuffled.sorted() == items.sorted())
      let element = stream.element(of: items)
      #expect(items.contains(element))
    }
  }

  @Test("count(mean:spread:) stays in max(0, mean - spread)...mean + spread")
  func countStaysInRange() async {
    await propertyCheck(count: 500, input: Gen.uint64(), Gen.int(in: 0...1000), Gen.int(in: 0...1000)) {
      seed, mean, spread in
      var stream = RandomStream(seed: seed)
      for _ in 0..<20 {
        let count = stream.count(mean: mean, spread: spread)
        #expect(count >= max(0, mean - spread))
        #expect(count <= mean + spread)
      }
    }
  }
}

@Suite("RandomStream distribution")
struct RandomStreamDistributionTests {
  @Test(
    "uniform(in: 0...9) puts each digit within 5 % of 10 000 in 100 000 draws",
    arguments: [0, 1, 42] as [UInt64])
  func digitsAreUniform(seed: UInt64) {
    var stream = RandomStream(seed: seed)
    var buckets = [Int](repeating: 0, count: 10)
    for _ in 0..<100_000 { buckets[stream.uniform(in: 0...9)] += 1 }
    for (digit, hits) in buckets.enumerated() {
      #expect((9_500...10_500).contains(hits), "digit \(digit) drawn \(hits) times")
    }
  }

  @Test("happens(1/4) fires within 5 % of 25 000 times in 100 000 draws")
  func quarterChance() {
    var stream = RandomStream(seed: 42)
    let chance = Chance(numerator: 1, denominator: 4)
    var hits = 0
    for _ in 0..<100_000 where stream.happens(chance) { hits += 1 }
    #expect((23_750...26_250).contains(hits), "1/4 happened \(hits) times")
  }

  @Test("element(of:) of an empty array is a precondition failure")
  func elementOfEmpty() async {
    await #expect(processExitsWith: .failure) {
      var stream = RandomStream(seed: 1)
      let none: [Int] = []
      _ = stream.element(of: none)
    }
  }
}
