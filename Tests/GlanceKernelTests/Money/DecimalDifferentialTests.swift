import Foundation
import GlanceKernel
import PropertyBased
import Testing

/// Foundation's `Decimal` as an independent reference, inside the range where it is exact
/// (38 significant digits; the amounts here stay below 10^17 minor units).
@Suite("Differential checks against Foundation's Decimal")
struct DecimalDifferentialTests {
  static func decimal(_ amount: Money) -> Decimal {
    Decimal(string: amount.description, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
  }

  @Test("sums, differences and products agree with Decimal")
  func arithmeticAgrees() async {
    await propertyCheck(
      count: 1000, input: MoneyGen.decimalRangeUnits, MoneyGen.decimalRangeUnits, Gen.int(in: -1000...1000)
    ) { x, y, quantity in
      let a = Money.chf(x)
      let b = Money.chf(y)
      #expect(Self.decimal(a + b) == Self.decimal(a) + Self.decimal(b))
      #expect(Self.decimal(a - b) == Self.decimal(a) - Self.decimal(b))
      #expect(Self.decimal(a * quantity) == Self.decimal(a) * Decimal(quantity))
    }
  }

  @Test("rounding a rate agrees with NSDecimalRound (.plain, .bankers, .down, .up)")
  func roundingAgrees() async {
    let modes: [(RoundingMode, Decimal.RoundingMode)] = [
      (.halfUp, .plain), (.halfEven, .bankers), (.down, .down), (.up, .up),
    ]
    await propertyCheck(
      count: 1000, input: MoneyGen.decimalRangeUnits, Gen.int64(in: -2000...2000), Gen.element(of: modes.indices.map { $0 })
    ) { units, perMille, modeIndex in
      guard let modeIndex else { return }
      let (mode, foundationMode) = modes[modeIndex]
      let amount = Money.chf(units)
      let glance = amount.multiplied(by: Ratio(numerator: perMille, denominator: 1000), rounding: mode)
      var product = Self.decimal(amount) * Decimal(perMille) / 1000
      var rounded = Decimal.zero
      NSDecimalRound(&rounded, &product, 2, foundationMode)
      #expect(Self.decimal(glance) == rounded, "\(amount) × \(perMille)‰ \(mode)")
    }
  }

  @Test("canonical text reads as the same number in Decimal")
  func canonicalTextAgrees() async {
    await propertyCheck(count: 1000, input: MoneyGen.decimalRangeUnits) { units in
      #expect(Self.decimal(.chf(units)) == Decimal(units) / 100)
    }
  }

  @Test("where Decimal silently goes wrong, Money stays exact (anchors.md §4)")
  func decimalLimitsAreNotShared() throws {
    // 41 significant digits: Decimal truncates them, Money keeps every one.
    let digits = "12345678901234567890123456789012345678901.23"
    let amount = try Money(canonical: digits, currency: .chf)
    #expect(amount.description == digits)
    #expect((amount + .chf(1)).description == "12345678901234567890123456789012345678901.24")
    // Decimal reads "1’500.50" as 1; Money reads 1500.50 or says why not.
    #expect(try Money.parse(userInput: "1’500.50", currency: .chf) == .chf(150_050))
  }
}
