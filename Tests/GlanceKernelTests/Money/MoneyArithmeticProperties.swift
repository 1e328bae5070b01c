@testable import GlanceKernel
import PropertyBased
import Testing

@Suite("Money arithmetic properties")
struct MoneyArithmeticProperties {
  @Test("adding then subtracting is the identity, at every size")
  func addThenSubtractIsIdentity() async {
    await propertyCheck(count: 500, input: MoneyGen.money, MoneyGen.money) { a, b in
      #expect((a + b) - b == a)
      #expect((a - b) + b == a)
      #expect(a + .zero(.chf) == a)
      #expect(a - a == .zero(.chf))
    }
  }

  @Test("addition is commutative")
  func additionIsCommutative() async {
    await propertyCheck(count: 500, input: MoneyGen.money, MoneyGen.money) { a, b in
      #expect(a + b == b + a)
    }
  }

  @Test("addition is associative")
  func additionIsAssociative() async {
    await propertyCheck(count: 500, input: MoneyGen.money, MoneyGen.money, MoneyGen.money) {
      a, b, c in
      #expect((a + b) + c == a + (b + c))
    }
  }

  @Test("order agrees with the sign of the difference")
  func orderAgreesWithSignOfDifference() async {
    await propertyCheck(count: 500, input: MoneyGen.money, MoneyGen.money) { a, b in
      let difference = b - a
      #expect((a < b) == (difference.signum > 0))
      #expect((a == b) == difference.isZero)
      #expect((a > b) == difference.isNegative)
    }
  }

  @Test("+, -, * and negation agree with Int128 across ±2^63 (differential)")
  func agreesWithInt128() async {
    await propertyCheck(count: 1000, input: MoneyGen.int128Units, MoneyGen.int128Units) { x, y in
      let a = Money(minorUnits: x, currency: .chf)
      let b = Money(minorUnits: y, currency: .chf)
      #expect((a + b).int128 == x + y)
      #expect((a - b).int128 == x - y)
      #expect((-a).int128 == -x)
      #expect(a.magnitude.int128 == x.magnitude.asInt128)
      #expect((a < b) == (x < y))
    }
    await propertyCheck(count: 1000, input: MoneyGen.productUnits, MoneyGen.productUnits) { x, y in
      let a = Money(minorUnits: x, currency: .chf)
      #expect(a.multiplied(by: y).int128 == x * y)
    }
  }

  @Test("promotion past the inline range (±2^62 minor units) and demotion back are invisible")
  func promotionAndDemotionAreInvisible() {
    // The word holds value << 1 | currency: inline from -2^62 to 2^62 - 1 minor units.
    let max = Money.chf(Int64.max >> 1)
    let one = Money.chf(1)
    #expect(!max.isBoxed)
    let beyond = max + one
    #expect(beyond.isBoxed)
    #expect(beyond.description == "46116860184273879.04")
    #expect(beyond.minorUnits(exactlyAs: Int64.self) == 1 << 62, "boxed, yet an Int64")
    let back = beyond - one
    #expect(!back.isBoxed, "a result back in the inline range is demoted")
    #expect(back == max)
    #expect(back.hashValue == max.hashValue)

    let min = Money.chf(Int64.min >> 1)
    #expect(!min.isBoxed)
    #expect((-min).isBoxed, "negating -2^62 leaves the inline range")
    #expect(-(-min) == min)
    #expect(!(-(-min)).isBoxed)
    #expect((min - one).isBoxed)
    #expect(min - one + one == min)

    // Past Int64 itself, as before.
    let int64Max = Money.chf(.max)
    #expect(int64Max.isBoxed)
    #expect((int64Max + one).description == "92233720368547758.08")
    #expect((int64Max + one).minorUnits(exactlyAs: Int64.self) == nil)
    #expect(int64Max + one - one == int64Max)
    #expect(Money.chf(.min).minorUnits(exactlyAs: Int64.self) == .min)
    #expect(-Money.chf(.min) - one == int64Max)
  }

  @Test("an amount is 16 bytes, and its currency survives every path")
  func layout() {
    #expect(MemoryLayout<Money>.size == 16)
    #expect(MemoryLayout<Money>.stride == 16)
    #expect(Currency.allCases.count <= 2, "the currency tag is one bit")
    #expect(Currency.allCases.allSatisfy { Currency(tag: $0.tag) == $0 })
    for currency in Currency.allCases {
      let huge = Money(minorUnits: Int64.max, currency: currency) * 3
      #expect(huge.currency == currency)
      #expect((huge - huge).currency == currency)
      #expect((-Money(minorUnits: 5, currency: currency)).currency == currency)
      #expect(Money.zero(currency).currency == currency)
    }
    #expect(Money.zero(.chf) != Money.zero(.eur), "same word value, other currency")
    #expect(Money(minorUnits: 1 << 62, currency: .chf) != Money(minorUnits: 1 << 62, currency: .eur))
  }

  @Test("equal values hash equally whichever path built them")
  func hashingFollowsValue() async {
    await propertyCheck(count: 300, input: MoneyGen.money, MoneyGen.money) { a, b in
      let viaArithmetic = (a + b) - b
      #expect(viaArithmetic == a)
      #expect(viaArithmetic.hashValue == a.hashValue)
      var set: Set<Money> = [a]
      set.insert(viaArithmetic)
      #expect(set.count == 1)
    }
  }

  @Test("adding to a copy does not modify the original (copy-on-write)")
  func addToCopyDoesNotModifyOriginal() async {
    await propertyCheck(count: 300, input: MoneyGen.money, MoneyGen.money) { a, b in
      let original = a
      var copy = a
      copy += b
      #expect(original == a)
      #expect(copy == a + b)
      copy -= b
      #expect(copy == original)
    }
  }

  @Test("adding in place to a value that shares its box with the operand (x += x)")
  func addInPlaceToItself() async {
    await propertyCheck(count: 300, input: MoneyGen.money) { a in
      var x = a
      x += x
      #expect(x == a.multiplied(by: 2))
      #expect(x - a == a)
      var y = a
      y -= y
      #expect(y.isZero)
    }
  }

  @Test("Money.sum equals a running total, inline and boxed")
  func sumEqualsRunningTotal() async {
    await propertyCheck(count: 200, input: MoneyGen.money.array(of: 0...40)) { amounts in
      var total = Money.zero(.chf)
      for amount in amounts { total = total + amount }
      #expect(Money.sum(amounts, currency: .chf) == total)
      #expect(Money.sum(AnySequence(amounts), currency: .chf) == total)
    }
  }

  @Test("Money.sum agrees with Int128 across ±2^62 and ±2^63, and its total is canonical")
  func sumAgreesWithInt128() async {
    await propertyCheck(count: 300, input: MoneyGen.int128Units.array(of: 0...40)) { units in
      let amounts = units.map { Money(minorUnits: $0, currency: .chf) }
      let expected = units.reduce(Int128(0), +)
      let total = Money.sum(amounts, currency: .chf)
      #expect(total.int128 == expected)
      #expect(total.isBoxed == !(-(Int128(1) << 62)..<(Int128(1) << 62)).contains(expected), "canonical form")
    }
  }

  @Test("Money.sum hands over to the box and back at the edges of the inline range")
  func sumAtTheInlineEdges() {
    let edge = Int64(1) << 62  // the first value that is boxed
    let cases: [[Int64]] = [
      [edge - 1, 1], [edge - 1, 1, -1], [-edge, -1], [-edge, -1, 1], [.max, .max, -.max, -.max],
      [.min, .max, 1], [1, edge - 1, -(edge - 1), 5], [.max, -1, -(.max - 1)],
    ]
    for units in cases {
      let amounts = units.map { Money(minorUnits: $0, currency: .chf) }
      let expected = units.reduce(Int128(0)) { $0 + Int128($1) }
      let total = Money.sum(amounts, currency: .chf)
      #expect(total.int128 == expected, "\(units)")
      #expect(total.isBoxed == !(-Int128(edge)..<Int128(edge)).contains(expected), "\(units): canonical form")
      var running = Money.zero(.chf)
      for amount in amounts { running += amount }
      #expect(total == running && total.hashValue == running.hashValue, "\(units): as +=")
    }
  }

  @Test("amount × quantity agrees with Int128 at every quantity, Int.min and Int.max included")
  func productWithQuantityAgreesWithInt128() async {
    let quantities = Gen.int(in: 0...6).map { band -> Int in [0, 1, -1, .max, .min, 3, -7][band] }
    await propertyCheck(count: 1000, input: MoneyGen.productUnits, Gen.int64(), quantities, Gen.bool) {
      x, any, edge, useEdge in
      let quantity = useEdge ? edge : Int(any % 1_000_000)
      let amount = Money(minorUnits: x, currency: .chf)
      let expected = x * Int128(quantity)
      #expect((amount * quantity).int128 == expected, "\(x) × \(quantity)")
      #expect((quantity * amount).int128 == expected, "\(quantity) × \(x)")
      #expect((amount * quantity).isBoxed == !(-(Int128(1) << 62)..<(Int128(1) << 62)).contains(expected))
      var total = Money(minorUnits: x, currency: .chf)
      total += amount * quantity
      #expect(total.int128 == x + expected, "\(x) + \(x) × \(quantity)")
    }
  }

  @Test("mixing currencies is a programmer error and traps")
  func mixingCurrenciesTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = Money(minorUnits: 1, currency: .chf) + Money(minorUnits: 1, currency: .eur)
    }
    await #expect(processExitsWith: .failure) {
      _ = Money(minorUnits: 1, currency: .chf) < Money(minorUnits: 1, currency: .eur)
    }
    await #expect(processExitsWith: .failure) {
      _ = Money.sum([Money(minorUnits: Int64.max, currency: .chf), Money(minorUnits: 1, currency: .eur)], currency: .chf)
    }
    #expect(Money(minorUnits: 1, currency: .chf) != Money(minorUnits: 1, currency: .eur))
  }
}

extension UInt128 {
  var asInt128: Int128 { Int128(self) }
}
