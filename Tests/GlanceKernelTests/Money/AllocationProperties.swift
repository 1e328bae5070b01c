import GlanceKernel
import GlanceTestSupport
import PropertyBased
import Testing

@Suite("Allocation properties")
struct AllocationProperties {
  static var weights: Generator<[Int], some SendableSequenceType> { Gen.int(in: 0...1000).array(of: 1...12) }

  @Test("parts sum to the whole, each within one minor unit of its exact share")
  func partsSumToWholeWithinOneUnit() async throws {
    await propertyCheck(count: 1000, input: MoneyGen.money, Self.weights) { amount, weights in
      guard weights.contains(where: { $0 > 0 }) else { return }
      let parts = try amount.allocated(byWeights: weights)
      #expect(parts.count == weights.count)
      #expect(Money.sum(parts, currency: .chf) == amount)
      let total = weights.reduce(0, +)
      for (part, weight) in zip(parts, weights) {
        // |part × Σw − amount × w| < Σw  ⇔  |part − exact share| < 1 minor unit.
        let scaledError = (part.multiplied(by: total) - amount.multiplied(by: weight)).magnitude
        #expect(scaledError < Money.chf(Int64(total)))
        if weight == 0 { #expect(part.isZero) }
      }
    }
  }

  @Test("permuting the weights permutes the (weight, part) pairs")
  func permutationInvariance() async throws {
    await propertyCheck(count: 500, input: MoneyGen.money, Self.weights, Gen.int64()) {
      amount, weights, seed in
      guard weights.contains(where: { $0 > 0 }) else { return }
      var generator = SplitMix64(seed: UInt64(bitPattern: seed))
      let permutation = weights.indices.shuffled(using: &generator)
      let permuted = permutation.map { weights[$0] }
      let original = try amount.allocated(byWeights: weights)
      let shuffled = try amount.allocated(byWeights: permuted)
      let pairs = zip(weights, original).map { "\($0) \($1)" }.sorted()
      let permutedPairs = zip(permuted, shuffled).map { "\($0) \($1)" }.sorted()
      #expect(pairs == permutedPairs)
    }
  }

  @Test("a negative amount splits as its magnitude, negated")
  func negativeAmountsAreSymmetric() async throws {
    await propertyCheck(count: 500, input: MoneyGen.money, Self.weights) { amount, weights in
      guard weights.contains(where: { $0 > 0 }) else { return }
      let negativeParts = try (-amount).allocated(byWeights: weights)
      let positiveParts = try amount.allocated(byWeights: weights)
      #expect(negativeParts == positiveParts.map { -$0 })
    }
  }

  @Test("worked examples, including moneyphp's order dependence (not repeated here)")
  func examples() throws {
    let five = Money.chf(5)
    #expect(try five.allocated(byWeights: [70, 30]) == [.chf(4), .chf(1)])
    #expect(try five.allocated(byWeights: [30, 70]) == [.chf(1), .chf(4)])
    #expect(try Money.chf(100).allocated(byWeights: [1, 1, 1]) == [.chf(34), .chf(33), .chf(33)])
    #expect(try Money.chf(-100).allocated(byWeights: [1, 1, 1]) == [.chf(-34), .chf(-33), .chf(-33)])
    #expect(try Money.chf(2).allocated(byWeights: [1, 3]) == [.chf(0), .chf(2)])
    #expect(try Money.chf(1).allocated(byWeights: [0, 1, 0]) == [.chf(0), .chf(1), .chf(0)])
    #expect(try Money.chf(0).allocated(byWeights: [5]) == [.chf(0)])
  }

  @Test("invalid weights give a typed error")
  func invalidWeights() {
    #expect(throws: AllocationError.noWeights) { try Money.chf(1).allocated(byWeights: []) }
    #expect(throws: AllocationError.negativeWeight(index: 1, weight: -2)) {
      try Money.chf(1).allocated(byWeights: [1, -2])
    }
    #expect(throws: AllocationError.allWeightsZero(count: 2)) {
      try Money.chf(1).allocated(byWeights: [0, 0])
    }
    #expect(AllocationError.negativeWeight(index: 1, weight: -2).description.contains("index 1"))
  }
}
