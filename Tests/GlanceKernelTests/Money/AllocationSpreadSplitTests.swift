import GlanceKernel
import Testing

/// `Money.allocated(byWeights:)` with equal weights against Pulpe's total-preserving spread split
/// (`shared/src/calculators/spread-split.spec.ts`, translated): the same parts for every positive
/// total, and, where Pulpe refuses (a total of zero or less), Glance's documented answer.
@Suite("Allocation against Pulpe's spread split")
struct AllocationSpreadSplitTests {
  static func chf(_ rappen: Int64) -> Money { Money(minorUnits: rappen, currency: .chf) }

  @Test(
    "equal weights give Pulpe's parts: the remainder's Rappen on the first parts",
    arguments: [
      (80_000, 8, [Int64](repeating: 10_000, count: 8)),
      (80_000, 3, [26_667, 26_667, 26_666]),
      (100_000, 6, [16_667, 16_667, 16_667, 16_667, 16_666, 16_666]),
      (4250, 1, [4250]),
    ] as [(Int64, Int, [Int64])])
  func pulpeExamples(total: Int64, parts: Int, expected: [Int64]) throws {
    let split = try Self.chf(total).allocated(byWeights: Array(repeating: 1, count: parts))
    #expect(split == expected.map(Self.chf))
  }

  /// Pulpe's invariant sweep: Σ parts is the total to the Rappen, and the parts never increase.
  @Test(
    "Pulpe's sweep: the sum is exact and the parts never increase",
    arguments: [(10_001, 3), (123_456, 7), (99_999, 36), (1_000_000, 36), (5005, 13), (10_000, 7)] as [(Int64, Int)])
  func pulpeSweep(total: Int64, parts: Int) throws {
    let split = try Self.chf(total).allocated(byWeights: Array(repeating: 1, count: parts))
    #expect(split.count == parts)
    #expect(Money.sum(split, currency: .chf) == Self.chf(total))
    #expect(zip(split, split.dropFirst()).allSatisfy { $0 >= $1 })
  }

  /// Where Pulpe refuses (`splitTotalPreserving` throws for a total ≤ 0; the Swift twin returns
  /// `[]`), Glance splits: zero into zeros, a negative total as its magnitude with every part
  /// negated (`-800.00` into 3: -266.67, -266.67, -266.66).
  @Test("a zero or negative total is split, not refused (Pulpe refuses both)")
  func zeroAndNegativeTotals() throws {
    #expect(try Self.chf(0).allocated(byWeights: [1, 1, 1]) == [Self.chf(0), Self.chf(0), Self.chf(0)])
    #expect(try Self.chf(-80_000).allocated(byWeights: [1, 1, 1]) == [Self.chf(-26_667), Self.chf(-26_667), Self.chf(-26_666)])
  }
}
