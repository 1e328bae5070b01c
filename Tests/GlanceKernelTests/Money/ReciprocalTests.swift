import PropertyBased
import Testing

@testable import GlanceKernel

/// Division by a precomputed reciprocal must be division: checked against Swift's `/` and `%`,
/// for random dividends and divisors of every size and at the edges of each.
@Suite("Reciprocal division")
struct ReciprocalTests {
  static let edgeDivisors: [UInt64] = [
    1, 2, 3, 5, 7, 10, 100, 1000, 1 << 32, (1 << 32) + 1, 1 << 62, (1 << 63) - 1, 1 << 63, (1 << 63) + 1, .max,
  ]
  static let edgeDividends: [UInt64] = [0, 1, 2, 999, 1000, 1001, 1 << 53, (1 << 63) - 1, 1 << 63, .max - 1, .max]

  @Test("quotient(n) == n / d at the edges")
  func edges() {
    for divisor in Self.edgeDivisors {
      let reciprocal = Reciprocal(divisor)
      for dividend in Self.edgeDividends + Self.edgeDivisors.flatMap({ [$0 &- 1, $0, $0 &+ 1] }) {
        #expect(reciprocal.quotient(dividend) == dividend / divisor, "\(dividend) / \(divisor)")
      }
    }
  }

  @Test("quotient(n) == n / d for random n and d of every width")
  func random() async {
    let widths = Gen.int(in: 1...64)
    await propertyCheck(count: 2000, input: Gen.uint64(), Gen.uint64(), widths, widths) { n, d, nBits, dBits in
      let dividend = nBits == 64 ? n : n & ((1 << UInt64(nBits)) - 1)
      let divisor = Swift.max(1, dBits == 64 ? d : d & ((1 << UInt64(dBits)) - 1))
      #expect(Reciprocal(divisor).quotient(dividend) == dividend / divisor, "\(dividend) / \(divisor)")
    }
  }

  @Test("rounded division by a reciprocal matches the Int128 definition at the edges, every mode")
  func roundingEdges() {
    let divisors: [Int64] = [1, 2, 3, 7, 1000, 1 << 32, (1 << 62) + 1, .max - 1, .max]
    for divisor in divisors {
      let reciprocal = Reciprocal(UInt64(divisor))
      let half = divisor / 2
      let dividends: [Int64] = [
        0, 1, -1, .max, .min, .min + 1, half, -half, half + 1, -(half + 1), divisor, -divisor, divisor &- 1, -(divisor - 1),
      ]
      for dividend in dividends {
        for mode in RoundingMode.allCases {
          #expect(
            Int128(BigInteger.divide(dividend, by: reciprocal, rounding: mode))
              == referenceRound(Int128(dividend), Int128(divisor), mode),
            "\(dividend) / \(divisor), \(mode)")
        }
      }
    }
  }

  @Test("rounded division by a reciprocal equals rounded hardware division, every mode")
  func rounding() async {
    await propertyCheck(count: 1000, input: Gen.int64(), Gen.int64(in: 1...Int64.max), Gen.int(in: 0...3)) { n, d, band in
      let divisor = band == 0 ? d % 1000 + 1 : d
      let reciprocal = Reciprocal(UInt64(divisor))
      for mode in RoundingMode.allCases {
        #expect(
          BigInteger.divide(n, by: reciprocal, rounding: mode) == BigInteger.divide(n, by: divisor, rounding: mode),
          "\(n) / \(divisor), \(mode)")
      }
    }
  }
}
