import GlanceKernel
import PropertyBased
import Testing

/// The formatting conventions: Pulpe's euros, every preset's text written out by hand, the
/// amount-entry prefill, and the laws. (`MoneyConventionsDifferentialTests` holds the presets
/// against Foundation's ICU.)
@Suite("Money conventions")
struct MoneyConventionsTests {
  /// U+202F NARROW NO-BREAK SPACE and U+00A0 NO-BREAK SPACE, named so that the expected texts say
  /// which space they hold.
  static let narrow = "\u{202F}"
  static let noBreak = "\u{00A0}"

  static func eur(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .eur) }

  // MARK: - Pulpe's euros

  /// Pulpe's TypeScript `currency-format.spec.ts` ("should keep the EUR format with a space group
  /// and suffix €": contains `234,56`, ends with `€`) and its iOS `DecimalSignedCurrencyTests`
  /// (EUR: `+` or `-` first, `€` last, never `EUR`, never a Swiss apostrophe), translated.
  @Test("euros are written as Pulpe writes them: 1 234,56 €, on every style")
  func pulpeEuros() {
    let n = Self.narrow
    #expect(Self.eur(123_456).formatted(.full) == "1\(n)234,56 €")
    #expect(Self.eur(-123_456).formatted(.full) == "-1\(n)234,56 €")
    #expect(Self.eur(123_456).formatted(.full.signed) == "+1\(n)234,56 €")
    #expect(Self.eur(123_456).formatted(.compact) == "1\(n)235 €")
    #expect(Self.eur(-50_080).formatted(.compact.signed) == "-501 €")
    #expect(Self.eur(123_456).formatted(.compact.signed) == "+1\(n)235 €")
    #expect(Self.eur(0).formatted(.compact.signed) == "0 €")
    #expect(Self.eur(550_000).formatted(.adaptive) == "5\(n)500 €")
    #expect(Self.eur(11_220).formatted(.adaptive) == "112,2 €")
    #expect(Self.eur(123_456).formatted(.compact.symbol(.omitted)) == "1\(n)235")
    for style in [MoneyFormat.full, .compact, .adaptive, .full.signed, .compact.signed] {
      for cents: Int64 in [123_456, -123_456] {
        let text = Self.eur(cents).formatted(style)
        #expect(text.hasSuffix(" €"), "\(text)")
        #expect(!text.contains("EUR") && !text.contains("’") && !text.contains("'"), "\(text)")
        #expect(text.hasPrefix(cents < 0 ? "-" : style.signDisplay == .always ? "+" : "1"), "\(text)")
      }
    }
    // Francs stay as they were (Pulpe's DecimalSignedCompactTests).
    #expect(Money.chf(123_456).formatted(.compact.signed) == "+1’235 CHF")
    #expect(Currency.chf.defaultConventions == .pulpeCHF)
    #expect(Currency.eur.defaultConventions == .pulpeEUR)
  }

  // MARK: - Every preset, by hand

  /// The table of `MoneyConventions`' documentation: 1234.56 CHF, -1234.56 EUR and 1234.56 EUR
  /// compact and signed, in every named conventions. Written out by hand from each convention's
  /// parts (grouping, decimal, currency side and spacing, sign place).
  @Test(
    "each preset writes 1234.56 CHF, -1234.56 EUR and +1235 EUR as its region does",
    arguments: [
      ("pulpeCHF", "1’234.56 CHF", "-1’234.56 €", "+1’235 €"),
      ("pulpeEUR", "1\(narrow)234,56 CHF", "-1\(narrow)234,56 €", "+1\(narrow)235 €"),
      ("deCH", "CHF\(noBreak)1’234.56", "EUR-1’234.56", "EUR+1’235"),
      ("frCH", "CHF\(noBreak)1\(narrow)234,56", "€\(noBreak)-1\(narrow)234,56", "€\(noBreak)+1\(narrow)235"),
      ("itCH", "CHF\(noBreak)1234.56", "€-1234.56", "€+1235"),
      ("frFR", "1\(narrow)234,56\(noBreak)CHF", "-1\(narrow)234,56\(noBreak)€", "+1\(narrow)235\(noBreak)€"),
      ("deDE", "1.234,56\(noBreak)CHF", "-1.234,56\(noBreak)€", "+1.235\(noBreak)€"),
      ("enIE", "CHF\(noBreak)1,234.56", "-€1,234.56", "+€1,235"),
    ])
  func presetTable(name: String, chfFull: String, eurNegativeFull: String, eurCompactSigned: String) throws {
    let conventions = try #require(MoneyConventions.presets.first { $0.name == name }?.conventions)
    #expect(Money.chf(123_456).formatted(.full.conventions(conventions)) == chfFull)
    #expect(Self.eur(-123_456).formatted(.full.conventions(conventions)) == eurNegativeFull)
    #expect(Self.eur(123_456).formatted(.compact.signed.conventions(conventions)) == eurCompactSigned)
  }

  @Test("it-CH groups from five digits; the others from four")
  func minimumGroupingDigits() {
    #expect(Money.chf(123_456).formatted(.full.conventions(.itCH)) == "CHF\(Self.noBreak)1234.56")
    #expect(Money.chf(1_234_567).formatted(.full.conventions(.itCH)) == "CHF\(Self.noBreak)12’345.67")
    #expect(Money.chf(-123_456_789).formatted(.adaptive.conventions(.itCH)) == "CHF-1’234’567.89")
    #expect(Money.chf(123_456).formatted(.full.conventions(.deCH)) == "CHF\(Self.noBreak)1’234.56")
  }

  @Test("a code never touches a digit: no spacing puts a no-break space after CHF, none after €")
  func codeSpacing() throws {
    #expect(Money.chf(5).formatted(.full.conventions(.enIE)) == "CHF\(Self.noBreak)0.05")
    #expect(Money.chf(-5).formatted(.full.conventions(.enIE)) == "-CHF\(Self.noBreak)0.05")
    #expect(Self.eur(5).formatted(.full.conventions(.enIE)) == "€0.05")
    // Suffixed with no spacing: the code after a digit gets one too, the symbol does not.
    let tight = try MoneyConventions(
      grouping: .none, decimalSeparator: .period, symbolPlacement: .suffix, symbolSpacing: .none)
    #expect(Money.chf(123_456).formatted(.full.conventions(tight)) == "1234.56\(Self.noBreak)CHF")
    #expect(Self.eur(123_456).formatted(.full.conventions(tight)) == "1234.56€")
    // The sign between a code and the number: nothing is added (de-CH: CHF-1’234.56).
    let signFirst = try MoneyConventions(
      grouping: .none, decimalSeparator: .period, currencyDisplay: .code, symbolPlacement: .prefix,
      symbolSpacing: .none, signPlacement: .beforeNumber)
    #expect(Self.eur(-123_456).formatted(.full.conventions(signFirst)) == "EUR-1234.56")
    #expect(Self.eur(123_456).formatted(.full.conventions(signFirst)) == "EUR\(Self.noBreak)1234.56")
  }

  @Test("overrides replace the grouping or the currency side and keep everything else")
  func overrides() {
    #expect(Self.eur(123_456).formatted(.full.grouping(.apostrophe)) == "1'234,56 €")
    #expect(Self.eur(-123_456).formatted(.full.symbol(.prefix)) == "€ -1\(Self.narrow)234,56")
    #expect(Money.chf(-123_456).formatted(.full.conventions(.deDE).symbol(.omitted)) == "-1.234,56")
    #expect(Money.chf(123_456).formatted(.full.conventions(.deDE).grouping(.none)) == "1234,56\(Self.noBreak)CHF")
  }

  // MARK: - Bad conventions

  @Test("conventions that group with their decimal separator are refused, naming it")
  func groupingIsDecimalSeparator() {
    #expect(throws: MoneyConventionsError.groupingIsDecimalSeparator(.comma)) {
      try MoneyConventions(grouping: .comma, decimalSeparator: .comma, symbolPlacement: .suffix, symbolSpacing: .space)
    }
    #expect(throws: MoneyConventionsError.groupingIsDecimalSeparator(.period)) {
      try MoneyConventions(grouping: .period, decimalSeparator: .period, symbolPlacement: .suffix, symbolSpacing: .space)
    }
    #expect(
      MoneyConventionsError.groupingIsDecimalSeparator(.comma).description
        == "grouping: \",\" is also the decimal separator; choose another grouping or decimal separator")
  }

  @Test("a grouping override that is the decimal separator is a programmer error")
  func groupingOverrideCollision() async {
    await #expect(processExitsWith: .failure) {
      _ = Money(minorUnits: 123_456, currency: .eur).formatted(.full.grouping(.comma))
    }
  }

  // MARK: - Reading the text back

  /// The parse law of `Money.formatted(_:)`, in every named conventions: `.full` always reads
  /// back; `.adaptive` too, except a whole amount grouped exactly once by `.` or `,` (`1.234 €`,
  /// `€1,234`), which the parser refuses as ambiguous, never misreads.
  @Test("parse(userInput:) reads back .full and .adaptive in every preset, or refuses the one ambiguous form")
  func parseRoundTrip() async throws {
    let styles = MoneyConventions.presets.flatMap { preset in
      [MoneyFormat.full, .adaptive, .full.signed, .adaptive.signed, .adaptive.symbol(.omitted)].map {
        $0.conventions(preset.conventions)
      }
    }
    await propertyCheck(count: 1000, input: MoneyGen.money, Gen.element(of: styles), Gen.bool) { amount, style, euros in
      guard let style else { return }
      let money = euros ? try Money(canonical: amount.description, currency: .eur) : amount
      let text = money.formatted(style)
      let conventions = try #require(style.conventions)
      let digits = money.magnitude.description
      let ambiguous =
        style.precision == .adaptive && conventions.grouping.isDecimalMark && digits.hasSuffix(".00")
        && (7...9).contains(digits.count)  // 1000.00 to 999999.00: one group separator
      if ambiguous {
        #expect(throws: MoneyParseError.self, "\(text)") { try Money.parse(userInput: text, currency: money.currency) }
      } else {
        #expect(try Money.parse(userInput: text, currency: money.currency) == money, "\(text)")
      }
    }
  }

  @Test("the refused form is exactly the ambiguous one: 1.234 € and €1,234")
  func ambiguousAdaptive() throws {
    let whole = Self.eur(123_400)
    #expect(whole.formatted(.adaptive.conventions(.deDE)) == "1.234\(Self.noBreak)€")
    #expect(throws: MoneyParseError.ambiguousSeparator(".", position: 1)) {
      try Money.parse(userInput: whole.formatted(.adaptive.conventions(.deDE)), currency: .eur)
    }
    #expect(throws: MoneyParseError.ambiguousSeparator(",", position: 2)) {
      try Money.parse(userInput: whole.formatted(.adaptive.conventions(.enIE)), currency: .eur)
    }
    // Two groups, or decimals, are not ambiguous.
    #expect(try Money.parse(userInput: "1.234.567\(Self.noBreak)€", currency: .eur) == Self.eur(123_456_700))
    #expect(try Money.parse(userInput: "1.234,5\(Self.noBreak)€", currency: .eur) == Self.eur(123_450))
  }

  // MARK: - The amount-entry prefill

  /// Pulpe's `FormattersAmountInputTests` (PUL-100), translated: the prefill follows the currency
  /// (francs with the Swiss apostrophe, euros with French separators), a whole amount has no
  /// forced decimals, and the prefill reads back exactly.
  @Test("the prefill follows the currency, forces no decimals, and reads back exactly")
  func prefill() throws {
    #expect(Money.chf(123_456).formatted(.entry(.pulpeCHF)) == "1’234.56")
    #expect(Self.eur(123_456).formatted(.entry(.pulpeEUR)) == "1\(Self.narrow)234,56")
    #expect(Money.chf(5000).formatted(.entry(.pulpeCHF)) == "50")
    #expect(Self.eur(123_400).formatted(.entry(.deDE)) == "1234")
    #expect(Self.eur(123_450).formatted(.entry(.enIE)) == "1234.5")
    let chf = try AmountEntry(editing: Money.chf(123_456))
    #expect(chf.amountText == "1’234.56")
    #expect(chf.amount == Money.chf(123_456))
    let eur = try AmountEntry(editing: Self.eur(123_456), name: "Courses")
    #expect(eur.amountText == "1\(Self.narrow)234,56")
    #expect(eur.amount == Self.eur(123_456))
    #expect(try eur.submit() == SubmittedExpense(amount: Self.eur(123_456), name: "Courses"))
  }

  @Test("the prefill reads back for every amount in every preset")
  func prefillReadsBack() async throws {
    let presets = MoneyConventions.presets.map(\.conventions)
    // Index `presets.count` stands for no conventions: the currency's default.
    await propertyCheck(count: 500, input: MoneyGen.money, Gen.int(in: 0...presets.count), Gen.bool) { amount, index, euros in
      let money = euros ? try Money(canonical: amount.description, currency: .eur) : amount
      let conventions = index < presets.count ? presets[index] : nil
      let prefill = money.formatted(.entry(conventions ?? money.currency.defaultConventions))
      guard prefill.count <= AmountEntry.amountTextLengthMax else {
        #expect(throws: AmountEntryError.amountTooLong(length: prefill.count, maximum: AmountEntry.amountTextLengthMax)) {
          try AmountEntry(editing: money, conventions: conventions)
        }
        return
      }
      let entry = try AmountEntry(editing: money, conventions: conventions)
      #expect(entry.amountText == prefill)
      #expect(entry.amount == money, "\(prefill)")
      #expect(entry.visibleAmountError == nil)
    }
  }
}
