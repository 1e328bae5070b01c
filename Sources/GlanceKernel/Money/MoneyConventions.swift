/// How a region writes an amount of money: which characters group the thousands and mark the
/// decimals, whether the currency is its symbol or its code, on which side, with which space, and
/// where the sign goes. Plain data: the kernel never reads locale data, so a text is the same bytes
/// on every platform and toolchain.
///
/// | conventions | 1234.56 CHF | -1234.56 EUR | 1234.56 EUR, `.compact.signed` |
/// |---|---|---|---|
/// | ``pulpeCHF`` (the CHF default) | `1’234.56 CHF` | `-1’234.56 €` | `+1’235 €` |
/// | ``pulpeEUR`` (the EUR default) | `1 234,56 CHF` | `-1 234,56 €` | `+1 235 €` |
/// | ``deCH`` | `CHF 1’234.56` | `EUR-1’234.56` | `EUR+1’235` |
/// | ``frCH`` | `CHF 1 234,56` | `€ -1 234,56` | `€ +1 235` |
/// | ``itCH`` | `CHF 1234.56` | `€-1234.56` | `€+1235` |
/// | ``frFR`` | `1 234,56 CHF` | `-1 234,56 €` | `+1 235 €` |
/// | ``deDE`` | `1.234,56 CHF` | `-1.234,56 €` | `+1.235 €` |
/// | ``enIE`` | `CHF 1,234.56` | `-€1,234.56` | `+€1,235` |
///
/// (The spaces differ: U+202F NARROW NO-BREAK SPACE groups French thousands, U+00A0 NO-BREAK
/// SPACE separates the currency in the regional presets, U+0020 in Pulpe's; see each preset.)
///
/// The regional presets are what Foundation's ICU currency formatting prints for
/// `Locale(identifier: "de_CH")` and so on (Swift 6.3's Foundation on Linux, whose data has de-CH
/// group with U+2019; newer CLDR data, as in Node's ICU 78, prints U+0027, which
/// ``MoneyFormat/Grouping/apostrophe`` selects). `MoneyConventionsDifferentialTests` compares every
/// preset with ICU for a spread of amounts and lists each difference it allows, with the reason.
///
/// Each currency has a default (``Currency/defaultConventions``): how Pulpe writes it, on iOS and
/// on the web alike (see *The real apps Glance models*, Pulpe: currencies and formats).
///
/// ## Laws
/// - The grouping separator is never the decimal separator (checked by the initialiser, and by
///   `Money.formatted(_:)` for a format that overrides the grouping).
/// - The sign is `-` or `+` (ASCII), and only ever next to the number or the symbol, never inside
///   the digits; zero, and an amount that rounds to zero, has no sign.
/// - A currency *code* (letters) never touches a digit: with ``SymbolSpacing/none`` a U+00A0 is
///   put between them, as CLDR's currency spacing does (`€1,234.56`, but `CHF 1,234.56`).
/// - `Money.parse(userInput:currency:)` reads back every `.full` text in every conventions (and
///   `.adaptive` except a whole amount grouped once by `.` or `,`, such as `1.234 €`, which it
///   refuses as ambiguous rather than guess).
public struct MoneyConventions: Sendable, Hashable {
  /// The character between the whole units and the decimals.
  public enum DecimalSeparator: Sendable, Hashable, CaseIterable {
    /// `.`, as Switzerland (de-CH, it-CH), Ireland and Pulpe's francs write it: `1’234.56`.
    case period
    /// `,`, as France, Germany and fr-CH write it: `1 234,56`.
    case comma

    /// The separator as text.
    public var text: String { utf8.description }

    /// The separator's byte, as `ResolvedMoneyFormat` prints it.
    var utf8: StaticString {
      switch self {
      case .period: return "."
      case .comma: return ","
      }
    }
  }

  /// How many digits the whole units need before they are grouped (CLDR's
  /// `minimumGroupingDigits`).
  public enum MinimumGroupingDigits: Sendable, Hashable, CaseIterable {
    /// Grouped from four digits: `1’234`.
    case one
    /// Grouped from five digits: `1234`, but `12’345` (it-CH).
    case two
  }

  /// What stands for the currency.
  public enum CurrencyDisplay: Sendable, Hashable, CaseIterable {
    /// ``Currency/symbol``: `€`, and `CHF` (the franc has no other symbol).
    case symbol
    /// ``Currency/code``: `EUR`, `CHF` (de-CH writes the euro `EUR`).
    case code
  }

  /// What separates the currency from the number.
  public enum SymbolSpacing: Sendable, Hashable, CaseIterable {
    /// Nothing (`€1,234.56`); a code still gets a U+00A0 where it would touch a digit.
    case none
    /// U+0020 SPACE, as Pulpe appends it: `1’234.56 CHF`.
    case space
    /// U+00A0 NO-BREAK SPACE, as the regional presets write it.
    case noBreakSpace
    /// U+202F NARROW NO-BREAK SPACE.
    case narrowNoBreakSpace

    /// The spacing as text (empty for ``none``).
    public var text: String { utf8.description }

    /// The spacing's bytes: the one table that both ``text`` and the printing paths
    /// (`ResolvedMoneyFormat`) read.
    var utf8: StaticString {
      switch self {
      case .none: return ""
      case .space: return " "
      case .noBreakSpace: return "\u{00A0}"
      case .narrowNoBreakSpace: return "\u{202F}"
      }
    }
  }

  /// Where the sign goes when the currency comes before the number (after it, the sign is always
  /// just before the number: `-1 234,56 €`).
  public enum SignPlacement: Sendable, Hashable, CaseIterable {
    /// Between the currency and the number, after the spacing: `€ -1 234,56` (fr-CH).
    case beforeNumber
    /// Before the currency: `-€1,234.56` (en-IE).
    case beforeSymbol
    /// In place of the spacing: `CHF-1’234.56`, `CHF+1’234.56`, but `CHF 1’234.56` (de-CH and
    /// it-CH, whose CLDR pattern is `¤ #,##0.00;¤-#,##0.00`).
    case inPlaceOfSpacing
  }

  /// The character between groups of three whole digits.
  public let grouping: MoneyFormat.Grouping
  /// When grouping starts.
  public let minimumGroupingDigits: MinimumGroupingDigits
  /// The character before the decimals.
  public let decimalSeparator: DecimalSeparator
  /// Symbol or code.
  public let currencyDisplay: CurrencyDisplay
  /// The side of the currency (`.omitted`: none).
  public let symbolPlacement: MoneyFormat.SymbolPlacement
  /// What separates the currency from the number.
  public let symbolSpacing: SymbolSpacing
  /// Where the sign goes when the currency comes first.
  public let signPlacement: SignPlacement

  /// Conventions from their parts.
  ///
  /// - Throws: ``MoneyConventionsError/groupingIsDecimalSeparator(_:)`` when `grouping` is the
  ///   character of `decimalSeparator` (`1.234.56` could not be read).
  public init(
    grouping: MoneyFormat.Grouping, minimumGroupingDigits: MinimumGroupingDigits = .one,
    decimalSeparator: DecimalSeparator, currencyDisplay: CurrencyDisplay = .symbol,
    symbolPlacement: MoneyFormat.SymbolPlacement, symbolSpacing: SymbolSpacing,
    signPlacement: SignPlacement = .beforeNumber
  ) throws(MoneyConventionsError) {
    guard grouping.separator != decimalSeparator.text else { throw .groupingIsDecimalSeparator(decimalSeparator) }
    self.init(
      checkedGrouping: grouping, minimumGroupingDigits: minimumGroupingDigits, decimalSeparator: decimalSeparator,
      currencyDisplay: currencyDisplay, symbolPlacement: symbolPlacement, symbolSpacing: symbolSpacing,
      signPlacement: signPlacement)
  }

  /// The presets' door: the parts are known to be valid (a precondition says so).
  private init(
    checkedGrouping grouping: MoneyFormat.Grouping, minimumGroupingDigits: MinimumGroupingDigits,
    decimalSeparator: DecimalSeparator, currencyDisplay: CurrencyDisplay,
    symbolPlacement: MoneyFormat.SymbolPlacement, symbolSpacing: SymbolSpacing, signPlacement: SignPlacement
  ) {
    precondition(grouping.separator != decimalSeparator.text, "a preset groups with its decimal separator")
    self.grouping = grouping
    self.minimumGroupingDigits = minimumGroupingDigits
    self.decimalSeparator = decimalSeparator
    self.currencyDisplay = currencyDisplay
    self.symbolPlacement = symbolPlacement
    self.symbolSpacing = symbolSpacing
    self.signPlacement = signPlacement
  }

  /// What stands for `currency`: its symbol or its code.
  public func currencyText(_ currency: Currency) -> String {
    currencyDisplay == .code ? currency.code : currency.symbol
  }

  // MARK: - Pulpe's (each currency's default)

  /// How Pulpe writes francs, the default for CHF: de-CH numbers (U+2019 groups, `.` decimals),
  /// then U+0020 and `CHF`: `1’234.56 CHF`, `-501 CHF`. Pulpe's web app formats the number with
  /// `de-CH` and appends the symbol by hand (`shared/src/currency-format.ts`), its iOS app the
  /// same with U+2019 forced (`Formatters.swift`, PUL-125).
  public static let pulpeCHF = MoneyConventions(
    checkedGrouping: .rightSingleQuotationMark, minimumGroupingDigits: .one, decimalSeparator: .period,
    currencyDisplay: .symbol, symbolPlacement: .suffix, symbolSpacing: .space, signPlacement: .beforeNumber)

  /// How Pulpe writes euros, the default for EUR: fr-FR numbers (U+202F groups, `,` decimals),
  /// then U+0020 and `€`: `1 234,56 €`, `+1 235 €`. Pulpe formats the number with `fr-FR` on both
  /// platforms and appends the symbol by hand (`currency-format.spec.ts` expects `…234,56 €`; the
  /// iOS tests say "EUR amounts must not use Swiss apostrophe separators").
  public static let pulpeEUR = MoneyConventions(
    checkedGrouping: .narrowNoBreakSpace, minimumGroupingDigits: .one, decimalSeparator: .comma,
    currencyDisplay: .symbol, symbolPlacement: .suffix, symbolSpacing: .space, signPlacement: .beforeNumber)

  // MARK: - Regional presets (as ICU prints them)

  /// Swiss German: `CHF 1’234.56`, `CHF-1’234.56`, `EUR 1’234.56` (U+00A0 after the code).
  public static let deCH = MoneyConventions(
    checkedGrouping: .rightSingleQuotationMark, minimumGroupingDigits: .one, decimalSeparator: .period,
    currencyDisplay: .code, symbolPlacement: .prefix, symbolSpacing: .noBreakSpace, signPlacement: .inPlaceOfSpacing)

  /// Swiss French: `CHF 1 234,56`, `€ -1 234,56` (U+202F groups, U+00A0 after the currency).
  public static let frCH = MoneyConventions(
    checkedGrouping: .narrowNoBreakSpace, minimumGroupingDigits: .one, decimalSeparator: .comma,
    currencyDisplay: .symbol, symbolPlacement: .prefix, symbolSpacing: .noBreakSpace, signPlacement: .beforeNumber)

  /// Swiss Italian: `CHF 1234.56` (four digits are not grouped), `CHF 12’345.67`, `€-1234.56`.
  public static let itCH = MoneyConventions(
    checkedGrouping: .rightSingleQuotationMark, minimumGroupingDigits: .two, decimalSeparator: .period,
    currencyDisplay: .symbol, symbolPlacement: .prefix, symbolSpacing: .noBreakSpace, signPlacement: .inPlaceOfSpacing)

  /// French: `1 234,56 €`, `-1 234,56 €` (U+202F groups, U+00A0 before the currency).
  public static let frFR = MoneyConventions(
    checkedGrouping: .narrowNoBreakSpace, minimumGroupingDigits: .one, decimalSeparator: .comma,
    currencyDisplay: .symbol, symbolPlacement: .suffix, symbolSpacing: .noBreakSpace, signPlacement: .beforeNumber)

  /// German: `1.234,56 €`, `-1.234,56 €` (U+00A0 before the currency).
  public static let deDE = MoneyConventions(
    checkedGrouping: .period, minimumGroupingDigits: .one, decimalSeparator: .comma,
    currencyDisplay: .symbol, symbolPlacement: .suffix, symbolSpacing: .noBreakSpace, signPlacement: .beforeNumber)

  /// Irish English: `€1,234.56`, `-€1,234.56`, `CHF 1,234.56` (a code gets U+00A0).
  public static let enIE = MoneyConventions(
    checkedGrouping: .comma, minimumGroupingDigits: .one, decimalSeparator: .period,
    currencyDisplay: .symbol, symbolPlacement: .prefix, symbolSpacing: .none, signPlacement: .beforeSymbol)

  /// Every named conventions, by name: Pulpe's two, then the regional presets.
  public static let presets: [(name: String, conventions: MoneyConventions)] = [
    ("pulpeCHF", .pulpeCHF), ("pulpeEUR", .pulpeEUR), ("deCH", .deCH), ("frCH", .frCH), ("itCH", .itCH),
    ("frFR", .frFR), ("deDE", .deDE), ("enIE", .enIE),
  ]
}
