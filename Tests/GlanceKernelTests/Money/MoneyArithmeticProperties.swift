import GlanceKernel
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

  @Test("promotion past Int64 and demotion back are invisible")
  func promotionAndDemotionAreInvisible() {
    let max = Money.chf(.max)
    let one = Money.chf(1)
    let beyond = max + one
    #expect(beyond.isBoxed)
    #expect(beyond.description == "92233720368547758.08")
    #expect(beyond.minorUnits(exactlyAs: Int64.self) == nil)
    let back = beyond - one
    #expect(!back.isBoxed, "a result that fits in Int64 is demoted")
    #expect(back == max)
    #expect(back.hashValue == max.hashValue)

    let min = Money.chf(.min)
    #expect(!min.isBoxed)
    #expect((-min).isBoxed, "negating Int64.min overflows into GMP")
    #expect(-(-min) == min)
    #expect(!(-(-min)).isBoxed)
    #expect((min - one).isBoxed)
    #expect(min - one + one == min)
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

  @Test("mixing currencies is a programmer error and traps")
  func mixingCurrenciesTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = Money(minorUnits: 1, currency: .chf) + Money(minorUnits: 1, currency: .eur)
    }
    await #expect(processExitsWith: .failure) {
      _ = Money(minorUnits: 1, currency: .chf) < Money(minorUnits: 1, currency: .eur)
    }
    #expect(Money(minorUnits: 1, currency: .chf) != Money(minorUnits: 1, currency: .eur))
  }
}

extension UInt128 {
  var asInt128: Int128 { Int128(self) }
}
