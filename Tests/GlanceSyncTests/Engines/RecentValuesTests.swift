@testable import GlanceSync
import GlanceTestSupport
import Testing

/// The providers' small memo against a model that keeps every key's entries in a list.
@Suite("Recent values")
struct RecentValuesTests {
  @Test("a kept key is never computed again; at most capacity keys are kept, the oldest evicted first")
  func keepsTheMostRecentKeys() {
    var random = GlanceTestSupport.SplitMix64(seed: 8)
    var memo = RecentValues<Int, Int>(capacity: 3)
    var kept: [(key: Int, value: Int)] = []  // the model: in the order they were computed, at most 3
    var computed = 0
    for step in 0..<2_000 {
      if random.below(50) == 0 {
        memo.removeAll()
        kept = []
        continue
      }
      let key = random.below(6)
      var called = false
      let value = memo.value(for: key) {
        called = true
        computed += 1
        return key * 100 + step
      }
      let known = kept.first { $0.key == key }
      #expect(called == (known == nil), "step \(step), key \(key)")
      if let known {
        #expect(value == known.value, "step \(step), key \(key)")
      } else {
        #expect(value == key * 100 + step)
        if kept.count == 3 { kept.removeFirst() }
        kept.append((key, value))
      }
    }
    #expect(computed > 100 && computed < 1_900, "the premise: both hits and misses (\(computed) computed)")
  }
}
