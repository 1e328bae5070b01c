import GlanceKernel
import PropertyBased
import Testing

@Suite("Ratio properties")
struct RatioProperties {
  static var ratio: Generator<Ratio, some SendableSequenceType> {
    zip(
      MoneyGen.int128Units, MoneyGen.int128Units
    ).map { numerator, denominator in
      Ratio(numerator: numerator, denominator: denominator == 0 ? 1 : denominator)
    }
  }

  @Test("field laws: + and * commute, associate and distribute; inverses cancel")
  func fieldLaws() async {
    await propertyCheck(count: 500, input: Self.ratio, Self.ratio, Self.ratio) { a, b, c in
      #expect(a + b == b + a)
      #expect(a * b == b * a)
      #expect((a + b) + c == a + (b + c))
      #expect((a * b) * c == a * (b * c))
      #expect(a * (b + c) == a * b + a * c)
      #expect(a - a == .zero)
      if !a.isZero { #expect(a * (Ratio.one / a) == .one) }
    }
  }

  @Test("the form is reduced with a positive denominator, so equal values print alike")
  func reducedForm() async {
    await propertyCheck(count: 500, input: MoneyGen.productUnits, Gen.int64(in: 1...1_000_000), Gen.int64(in: 1...1000)) {
      numerator, denominator, factor in
      let plain = Ratio(numerator: numerator, denominator: Int128(denominator))
      let scaled = Ratio(numerator: numerator * Int128(factor), denominator: -Int128(denominator) * Int128(factor))
      #expect(-scaled == plain)
      #expect((-scaled).description == plain.description)
      #expect((plain.denominator(exactlyAs: Int128.self) ?? 0) > 0)
    }
  }

  @Test("order agrees with the sign of the difference")
  func orderAgreesWithDifference() async {
    await propertyCheck(count: 500, input: Self.ratio, Self.ratio) { a, b in
      #expect((a < b) == ((b - a).signum > 0))
    }
  }

  @Test("examples: percent, description, rounding, money ratios")
  func examples() {
    #expect(Ratio(percent: 80) == Ratio(numerator: 4, denominator: 5))
    #expect(Ratio(numerator: 81, denominator: 1000).description == "81/1000")
    #expect(Ratio(numerator: 6, denominator: -4).description == "-3/2")
    #expect(Ratio(numerator: 10, denominator: 5).description == "2")
    #expect(Ratio(numerator: 965, denominator: 10).rounded(.halfUp, as: Int.self) == 97)
    #expect(Ratio(numerator: 965, denominator: 10).rounded(.halfEven, as: Int.self) == 96)
    let usage = Money.chf(400_000).ratio(to: .chf(500_000))
    #expect(usage == Ratio(percent: 80))
    #expect(Money(minorUnits: Ratio(numerator: 203_000, denominator: 17), currency: .chf, rounding: .down) == .chf(11941))
    #expect(Money.chf(10_000).multiplied(by: Ratio(numerator: 81, denominator: 1000), rounding: .halfUp) == .chf(810))
    #expect(Money.chf(5).multiplied(by: Ratio(numerator: 1, denominator: 2), rounding: .halfUp) == .chf(3))
    #expect(Money.chf(5).multiplied(by: Ratio(numerator: 1, denominator: 2), rounding: .halfEven) == .chf(2))
    #expect(Money.chf(1000).divided(by: Ratio(numerator: -3, denominator: 2), rounding: .halfUp) == .chf(-667))
  }
}
