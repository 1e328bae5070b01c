/// How `Money.formatted(_:)` prints an amount: a precision, a sign display, and the
/// ``MoneyConventions`` of a region. The kernel prints every byte itself (no `NumberFormatter`, no
/// locale data), so the text is identical on every platform and toolchain.
///
/// Without explicit conventions a format uses the amount's currency default
/// (``Currency/defaultConventions``): francs as Pulpe writes them (``MoneyConventions/pulpeCHF``),
/// euros as Pulpe writes them (``MoneyConventions/pulpeEUR``, U+202F groups):
///
/// | style | 1234.56 CHF | -500.80 CHF | 0.00 CHF | 5500.00 CHF | 1234.56 EUR |
/// |---|---|---|---|---|---|
/// | `.full` | `1’234.56 CHF` | `-500.80 CHF` | `0.00 CHF` | `5’500.00 CHF` | `1 234,56 €` |
/// | `.compact` | `1’235 CHF` | `-501 CHF` | `0 CHF` | `5’500 CHF` | `1 235 €` |
/// | `.adaptive` | `1’234.56 CHF` | `-500.8 CHF` | `0 CHF` | `5’500 CHF` | `1 234,56 €` |
/// | `.compact.signed` | `+1’235 CHF` | `-501 CHF` | `0 CHF` | `+5’500 CHF` | `+1 235 €` |
/// | `.full.grouping(.apostrophe)` | `1'234.56 CHF` | | | | `1'234,56 €` |
/// | `.full.symbol(.prefix)` | `CHF 1’234.56` | `CHF -500.80` | | | `€ 1 234,56` |
/// | `.full.conventions(.deCH)` | `CHF 1’234.56` | `CHF-500.80` | | | `EUR 1’234.56` |
/// | ``entry(_:)`` | `1’234.56` | `-500.8` | `0` | `5’500` | `1 234,56` |
///
/// The sign is decided after rounding, so an amount that rounds to zero prints without one:
/// there is never a `-0`. Compact rounds half away from zero, as Pulpe does.
///
/// ## Laws
/// - `.grouping(_:)` and `.symbol(_:)` override only the conventions' grouping character and
///   currency side; everything else comes from the conventions.
/// - A grouping override that is the conventions' decimal separator (`.comma` on euros) is a
///   programmer error: `Money.formatted(_:)` stops with a precondition failure naming it.
public struct MoneyFormat: Sendable, Hashable {
  /// How many decimals are printed.
  public enum Precision: Sendable, Hashable {
    /// Always two decimals: `1’234.50`.
    case full
    /// Whole units, rounded half-up (half away from zero): `1’235`, `-501`, `3` for 2.50.
    case compact
    /// Zero to two decimals, dropping trailing zeros: `5’500`, `112.2`, `112.23`.
    case adaptive
  }

  /// When a sign is printed.
  public enum SignDisplay: Sendable, Hashable {
    /// `-` for negative amounts only.
    case negativeOnly
    /// `-` for negative amounts and `+` for positive ones; zero never has a sign.
    case always
  }

  /// The character between groups of thousands.
  public enum Grouping: Sendable, Hashable, CaseIterable {
    /// U+2019 RIGHT SINGLE QUOTATION MARK `’`, as Pulpe prints CHF (the CHF default).
    case rightSingleQuotationMark
    /// U+0027 APOSTROPHE `'`, as newer CLDR data prints de-CH.
    case apostrophe
    /// U+202F NARROW NO-BREAK SPACE, as fr-FR and fr-CH print (the EUR default).
    case narrowNoBreakSpace
    /// U+00A0 NO-BREAK SPACE.
    case noBreakSpace
    /// `.`, as de-DE prints: `1.234,56`.
    case period
    /// `,`, as en-IE prints: `1,234.56`.
    case comma
    /// No grouping: `1234.56`.
    case none

    /// The separator as text (empty for ``none``).
    public var separator: String { utf8.description }

    /// The separator's bytes: the one table that both ``separator`` and the printing paths
    /// (`ResolvedMoneyFormat`) read.
    var utf8: StaticString {
      switch self {
      case .rightSingleQuotationMark: return "\u{2019}"
      case .apostrophe: return "'"
      case .narrowNoBreakSpace: return "\u{202F}"
      case .noBreakSpace: return "\u{00A0}"
      case .period: return "."
      case .comma: return ","
      case .none: return ""
      }
    }

    /// Whether the separator is `.` or `,`, which a reader could take for a decimal separator.
    public var isDecimalMark: Bool { self == .period || self == .comma }
  }

  /// Where the currency goes.
  public enum SymbolPlacement: Sendable, Hashable, CaseIterable {
    /// After the number: `1’234.56 CHF` (Pulpe's side).
    case suffix
    /// Before the number: `CHF 1’234.56`, `CHF -500.80`.
    case prefix
    /// No currency, as the accessory circular widget shows: `1’235`.
    case omitted
  }

  public var precision: Precision
  public var signDisplay: SignDisplay
  /// The region's conventions; `nil` means the amount's currency default
  /// (``Currency/defaultConventions``).
  public var conventions: MoneyConventions?
  /// A grouping character instead of the conventions' one; `nil` keeps theirs.
  public var grouping: Grouping?
  /// A currency side instead of the conventions' one; `nil` keeps theirs.
  public var symbolPlacement: SymbolPlacement?

  public init(
    precision: Precision, signDisplay: SignDisplay = .negativeOnly, conventions: MoneyConventions? = nil,
    grouping: Grouping? = nil, symbolPlacement: SymbolPlacement? = nil
  ) {
    self.precision = precision
    self.signDisplay = signDisplay
    self.conventions = conventions
    self.grouping = grouping
    self.symbolPlacement = symbolPlacement
  }

  /// Two decimals: `1’234.56 CHF`, `1 234,56 €`.
  public static let full = MoneyFormat(precision: .full)
  /// Whole units, half-up: `1’235 CHF`, `1 235 €`.
  public static let compact = MoneyFormat(precision: .compact)
  /// Zero to two decimals: `5’500 CHF`, `112.23 CHF`, `112,23 €`.
  public static let adaptive = MoneyFormat(precision: .adaptive)

  /// How an amount is written into the amount field to be edited (Pulpe's
  /// `Formatters.amountInput`, PUL-100): zero to two decimals, no currency, no `+`, the
  /// conventions' decimal separator, and their grouping unless it is `.` or `,`: `1’234.56`,
  /// `1 234,56`, `1234,56` (de-DE), `50`. Unlike their display, the prefill of a whole amount in
  /// de-DE or en-IE is never `1.234` or `1,234`, which `Money.parse(userInput:currency:)` refuses
  /// as ambiguous; so `AmountEntry(editing:conventions:)` always reads its own prefill back.
  public static func entry(_ conventions: MoneyConventions) -> MoneyFormat {
    MoneyFormat(
      precision: .adaptive, conventions: conventions, grouping: conventions.grouping.isDecimalMark ? Grouping.none : nil,
      symbolPlacement: .omitted)
  }

  /// The same style with a `+` on positive amounts: `+1’235 CHF`, `-501 CHF`, `0 CHF`.
  public var signed: MoneyFormat {
    var copy = self
    copy.signDisplay = .always
    return copy
  }

  /// The same style in other conventions: `.full.conventions(.frFR)`.
  public func conventions(_ conventions: MoneyConventions) -> MoneyFormat {
    var copy = self
    copy.conventions = conventions
    return copy
  }

  /// The same style with another grouping character.
  /// - Precondition (when formatting): not the conventions' decimal separator.
  public func grouping(_ grouping: Grouping) -> MoneyFormat {
    var copy = self
    copy.grouping = grouping
    return copy
  }

  /// The same style with the currency on another side (or none).
  public func symbol(_ placement: SymbolPlacement) -> MoneyFormat {
    var copy = self
    copy.symbolPlacement = placement
    return copy
  }
}

extension Money {
  /// The amount as a person reads it, in `style`. See `MoneyFormat` for examples.
  ///
  /// Law: `Money.parse(userInput: amount.formatted(style), currency: amount.currency) == amount`
  /// whenever `style.precision` is `.full`, and whenever it is `.adaptive` unless the text is a
  /// whole amount grouped once by `.` or `,` (`1.234 €` in de-DE), which the parser refuses as
  /// ambiguous (``MoneyParseError/ambiguousSeparator(_:position:)``) rather than guess.
  ///
  /// An amount that fits in `Int64` minor units is printed by integer arithmetic into one buffer
  /// (`formattedInt64(_:currency:style:)`); any other goes through its decimal digits
  /// (`formattedFromDigits(_:)`). Both print the same bytes (`MoneyFormattingTests` checks
  /// them against each other around every width and boundary).
  public func formatted(_ style: MoneyFormat) -> String {
    if let minorUnits = units.int64Value {
      return Money.formattedInt64(minorUnits, currency: currency, style: style)
    }
    return formattedFromDigits(style)
  }

  /// ``formatted(_:)`` built from the magnitude's decimal digits, for amounts of any size: the
  /// path for amounts beyond `Int64`, and the reference the `Int64` path is tested against.
  package func formattedFromDigits(_ style: MoneyFormat) -> String {
    let format = ResolvedMoneyFormat(style, currency: currency)
    var shown = self
    if style.precision == .compact {
      shown = rounded(toMultipleOf: 100, rounding: .halfUp)
    }
    let (whole, fraction) = shown.splitDigits()
    let separator = whole.count >= format.groupedDigitsMin ? format.grouping.text : ""
    var number = Money.grouped(whole, separator: separator)
    let decimal = String(UnicodeScalar(format.decimalSeparator))
    switch style.precision {
    case .full:
      number += decimal + String(decoding: fraction, as: UTF8.self)
    case .compact:
      break
    case .adaptive:
      let kept = fraction.last == UInt8(ascii: "0") ? fraction.dropLast() : fraction[...]
      if kept.contains(where: { $0 != UInt8(ascii: "0") }) {
        number += decimal + String(decoding: kept, as: UTF8.self)
      }
    }
    let (prefix, suffix) = format.affixes(sign: format.sign(signum: shown.signum))
    return prefix.text + number + suffix.text
  }

  /// `digits` with `separator` between groups of three, counted from the right.
  static func grouped(_ digits: ArraySlice<UInt8>, separator: String) -> String {
    guard !separator.isEmpty, digits.count > 3 else { return String(decoding: digits, as: UTF8.self) }
    var result = ""
    result.reserveCapacity(digits.count + digits.count / 3 * 3)
    let firstGroup = digits.count % 3 == 0 ? 3 : digits.count % 3
    var index = digits.startIndex
    var groupEnd = index + firstGroup
    while index < digits.endIndex {
      result += String(decoding: digits[index..<groupEnd], as: UTF8.self)
      index = groupEnd
      if index < digits.endIndex {
        result += separator
        groupEnd = index + 3
      }
    }
    return result
  }
}
