import Foundation
import GlanceKernel
import PropertyBased
import Testing

@Suite("Money formatting")
struct MoneyFormattingTests {
  /// Pulpe's worked examples (see *The real apps Glance models*, Pulpe: currencies and formats).
  @Test(
    "Pulpe's worked examples",
    arguments: [
      (123_456, MoneyFormat.full, "1’234.56 CHF"),
      (123_456, .compact, "1’235 CHF"),
      (130_902, .compact, "1’309 CHF"),
      (-50_080, .compact, "-501 CHF"),
      (250, .compact, "3 CHF"),
      (550_000, .adaptive, "5’500 CHF"),
      (11_223, .adaptive, "112.23 CHF"),
      (11_220, .adaptive, "112.2 CHF"),
      (123_456, .compact.signed, "+1’235 CHF"),
      (-50_080, .compact.signed, "-501 CHF"),
      (10_000, .compact.signed, "+100 CHF"),
      (0, .compact.signed, "0 CHF"),
      (9950, .full, "99.50 CHF"),
      (-40, .compact, "0 CHF"),
      (-40, .compact.signed, "0 CHF"),
      (-50, .compact, "-1 CHF"),
      (5, .full, "0.05 CHF"),
      (-5, .full, "-0.05 CHF"),
      (0, .full, "0.00 CHF"),
    ] as [(Int64, MoneyFormat, String)])
  func pulpeWorkedExamples(rappen: Int64, style: MoneyFormat, expected: String) {
    #expect(Money.chf(rappen).formatted(style) == expected)
  }

  @Test("grouping, symbol placement and currency options")
  func options() throws {
    let amount = Money.chf(123_456_789)
    #expect(amount.formatted(.full.grouping(.apostrophe)) == "1'234'567.89 CHF")
    #expect(amount.formatted(.full.grouping(.none)) == "1234567.89 CHF")
    #expect(amount.formatted(.full.symbol(.prefix)) == "CHF 1’234’567.89")
    #expect((-amount).formatted(.full.symbol(.prefix)) == "CHF -1’234’567.89")
    #expect(amount.formatted(.compact.symbol(.omitted)) == "1’234’568")
    // Euros default to Pulpe's French text (MoneyConventionsTests has the rest).
    #expect(Money(minorUnits: 123_456, currency: .eur).formatted(.full) == "1\u{202F}234,56 €")
    let huge = try Money(canonical: "-123456789012345678901234567890.05", currency: .chf)
    #expect(huge.formatted(.full) == "-123’456’789’012’345’678’901’234’567’890.05 CHF")
    #expect(huge.formatted(.compact) == "-123’456’789’012’345’678’901’234’567’890 CHF")
  }

  @Test("never prints -0, whatever the style and size")
  func neverNegativeZero() async {
    let styles: [MoneyFormat] = [.full, .compact, .adaptive, .compact.signed, .full.signed]
    await propertyCheck(count: 500, input: MoneyGen.money, Gen.element(of: styles)) { amount, style in
      guard let style else { return }
      let text = amount.formatted(style)
      let digits = text.filter(\.isNumber)
      if digits.allSatisfy({ $0 == "0" }) {
        #expect(!text.contains("-") && !text.contains("+"), "\(text)")
      }
    }
  }

  @Test("parse(userInput: formatted(x)) == x for every style that keeps the decimals")
  func parseFormattedRoundTrip() async throws {
    let styles: [MoneyFormat] = [
      .full, .adaptive, .full.signed, .adaptive.signed, .full.grouping(.apostrophe),
      .full.grouping(.none), .full.symbol(.prefix), .adaptive.symbol(.omitted),
      .full.symbol(.prefix).signed.grouping(.apostrophe),
    ]
    await propertyCheck(count: 1000, input: MoneyGen.money, Gen.element(of: styles)) { amount, style in
      guard let style else { return }
      let text = amount.formatted(style)
      let parsed = try Money.parse(userInput: text, currency: .chf)
      #expect(parsed == amount, "\(text)")
    }
  }

  @Test("compact is the amount rounded half-up to whole units")
  func compactIsHalfUpRounding() async throws {
    await propertyCheck(count: 500, input: MoneyGen.money) { amount in
      let rounded = amount.rounded(toMultipleOf: 100, rounding: .halfUp)
      let parsed = try Money.parse(userInput: amount.formatted(.compact), currency: .chf)
      #expect(parsed == rounded)
      let difference = (amount - parsed).magnitude
      #expect(difference <= .chf(50))
    }
  }

  @Test("formatting does not depend on Foundation's locale data")
  func independentOfLocale() {
    // The kernel prints every byte itself: the separators are fixed, whatever ICU says.
    let amount = Money.chf(123_456)
    #expect(Array(amount.formatted(.full).unicodeScalars).map(\.value).contains(0x2019))
    #expect(!amount.formatted(.full).contains(","))
  }
}
