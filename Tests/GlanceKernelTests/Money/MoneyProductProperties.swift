@testable import GlanceKernel
import PropertyBased
import Testing

/// The fused product (`Money.add(_:times:)`, `Money.sum(of:times:)`) against the plain
/// expression it replaces, `total + amount * quantity`, and against `Int128`: at every size, in
/// both currencies (the currency rides in the word the fast path adds to), on whichever backend
/// this build links (`make test-variants` runs the suite on attaswift/BigInt).
@Suite("Money products without a temporary")
struct MoneyProductProperties {
  /// Quantities: the edges (0, ±1, `Int.max`, `Int.min`), small ones, and any.
  static var quantities: Generator<Int, some SendableSequenceType> {
    zip(Gen.int(in: 0...7), Gen.int(in: -1000...1000), Gen.int()).map { band, small, any -> Int in
      switch band {
      case 0: return 0
      case 1: return 1
      case 2: return -1
      case 3: return .max
      case 4: return .min
      case 5: return any
      default: return small
      }
    }
  }

  /// The same number of minor units in `currency` (the generators make francs).
  static func inCurrency(_ amount: Money, _ currency: Currency) throws -> Money {
    try Money(canonical: amount.description, currency: currency)
  }

  @Test("total.add(a, times: q) is total + a * q, in the same form, at every size and in both currencies")
  func addTimesIsThePlainExpression() async throws {
    await propertyCheck(count: 1000, input: MoneyGen.money, MoneyGen.money, Self.quantities, Gen.bool) {
      start, amountInFrancs, quantity, euros in
      let currency: Currency = euros ? .eur : .chf
      let total = try Self.inCurrency(start, currency)
      let amount = try Self.inCurrency(amountInFrancs, currency)
      let expected = total + amount * quantity
      var fused = total
      fused.add(amount, times: quantity)
      #expect(fused == expected, "\(total) + \(amount) × \(quantity)")
      #expect(fused.currency == currency)
      #expect(fused.isBoxed == expected.isBoxed, "canonical form")
      #expect(fused.hashValue == expected.hashValue)
      #expect(try total == Self.inCurrency(start, currency), "the value added to was a copy")
    }
  }

  @Test("add(_:times:) agrees with Int128 across the inline edges ±2^62 and ±2^63")
  func addTimesAgreesWithInt128() async {
    await propertyCheck(count: 1000, input: MoneyGen.productUnits, MoneyGen.productUnits, Gen.int64(in: -3...3)) {
      start, units, quantity in
      var total = Money(minorUnits: start, currency: .chf)
      total.add(Money(minorUnits: units, currency: .chf), times: Int(quantity))
      let expected = start + units * Int128(quantity)
      #expect(total.int128 == expected, "\(start) + \(units) × \(quantity)")
      #expect(total.isBoxed == !(-(Int128(1) << 62)..<(Int128(1) << 62)).contains(expected), "canonical form")
    }
  }

  @Test("adding to a total whose box is shared, or to itself, leaves every other value alone")
  func copyOnWrite() async {
    await propertyCheck(count: 300, input: MoneyGen.money, Self.quantities) { start, quantity in
      var total = start
      let kept = total  // shares a boxed start's box
      total.add(start, times: quantity)
      #expect(total == start + start * quantity)
      #expect(kept == start, "the copy was not written through")
      var selfTimes = start
      selfTimes.add(selfTimes, times: quantity)  // the operand is the total's own box
      #expect(selfTimes == start + start * quantity)
    }
  }

  @Test("Money.sum(of:times:) is the sum of the products, contiguous or not, at every size")
  func sumOfProductsIsTheSumOfProducts() async throws {
    await propertyCheck(count: 300, input: MoneyGen.money.array(of: 0...30), Self.quantities.array(of: 30), Gen.bool) {
      amountsInFrancs, allQuantities, euros in
      let currency: Currency = euros ? .eur : .chf
      let amounts = try amountsInFrancs.map { try Self.inCurrency($0, currency) }
      let quantities = Array(allQuantities.prefix(amounts.count))
      let expected = Money.sum(zip(amounts, quantities).map { $0 * $1 }, currency: currency)
      let fused = Money.sum(of: amounts, times: quantities, currency: currency)
      #expect(fused == expected)
      #expect(fused.isBoxed == expected.isBoxed, "canonical form")
      // A collection without contiguous storage takes the element-by-element path.
      #expect(Money.sum(of: amounts.lazy.map { $0 }, times: quantities, currency: currency) == expected)
      var oneByOne = Money.zero(currency)
      for (amount, quantity) in zip(amounts, quantities) { oneByOne.add(amount, times: quantity) }
      #expect(oneByOne == expected)
    }
  }

  @Test("Money.sum(of:times:) hands over to the box and back at the edges of the inline range")
  func sumOfProductsAtTheEdges() {
    let edge = Int64(1) << 62  // the first value that is boxed
    let cases: [[(Int64, Int)]] = [
      [(edge - 1, 1), (1, 1)], [(edge / 2, 2), (-1, 1)], [(-edge, 1), (-1, 1), (1, 1)], [(.max, 2), (.max, -2), (5, 3)],
      [(.min, 1), (.max, 1), (1, 1)], [(1, .max), (1, .max), (-1, .max), (-1, .max)], [(3, .min), (-3, .min), (7, 7)],
      [], [(0, .min)],
    ]
    for lines in cases {
      let amounts = lines.map { Money(minorUnits: $0.0, currency: .chf) }
      let expected = lines.reduce(Int128(0)) { $0 + Int128($1.0) * Int128($1.1) }
      let total = Money.sum(of: amounts, times: lines.map(\.1), currency: .chf)
      #expect(total.int128 == expected, "\(lines)")
      #expect(total.isBoxed == !(-Int128(edge)..<Int128(edge)).contains(expected), "\(lines): canonical form")
    }
  }

  @Test("mixing currencies, or fewer quantities than amounts, is a programmer error")
  func misuseTraps() async {
    await #expect(processExitsWith: .failure) {
      var total = Money(minorUnits: 1, currency: .chf)
      total.add(Money(minorUnits: 1, currency: .eur), times: 2)
    }
    await #expect(processExitsWith: .failure) {
      let amounts = [Money(minorUnits: Int64.max, currency: .chf), Money(minorUnits: 1, currency: .eur)]
      _ = Money.sum(of: amounts, times: [2, 2], currency: .chf)
    }
    // Small amounts only: the one-pass loop itself must notice the euro (its currency bits).
    await #expect(processExitsWith: .failure) {
      let amounts = [Money(minorUnits: 1, currency: .chf), Money(minorUnits: 1, currency: .eur), Money(minorUnits: 2, currency: .chf)]
      _ = Money.sum(of: amounts, times: [1, 1, 1], currency: .chf)
    }
    await #expect(processExitsWith: .failure) {
      let amounts = (0..<9).map { Money(minorUnits: Int64($0), currency: $0 == 6 ? .chf : .eur) }
      _ = Money.sum(of: amounts, times: Array(repeating: 3, count: 9), currency: .eur)
    }
    await #expect(processExitsWith: .failure) {
      _ = Money.sum(of: [Money(minorUnits: 1, currency: .chf)], times: [1, 2], currency: .chf)
    }
  }
}
