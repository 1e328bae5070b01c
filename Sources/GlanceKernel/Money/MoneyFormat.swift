/// How `Money.formatted(_:)` prints an amount. The kernel prints every byte itself (no
/// `NumberFormatter`, no locale data), so the text is identical on every platform and toolchain.
///
/// | style | 1234.56 | -500.80 | 0.00 | 5500.00 |
/// |---|---|---|---|---|
/// | `.full` | `1’234.56 CHF` | `-500.80 CHF` | `0.00 CHF` | `5’500.00 CHF` |
/// | `.compact` | `1’235 CHF` | `-501 CHF` | `0 CHF` | `5’500 CHF` |
/// | `.adaptive` | `1’234.56 CHF` | `-500.8 CHF` | `0 CHF` | `5’500 CHF` |
/// | `.compact.signed` | `+1’235 CHF` | `-501 CHF` | `0 CHF` | `+5’500 CHF` |
/// | `.full.grouping(.apostrophe)` | `1'234.56 CHF` | | | |
/// | `.full.symbol(.prefix)` | `CHF 1’234.56` | `CHF -500.80` | | |
///
/// The sign is decided after rounding, so an amount that rounds to zero prints without one:
/// there is never a `-0`. These are Pulpe's formats (see *The real apps Glance models*, Pulpe: currencies and formats): U+2019
/// grouping as Pulpe forces for CHF, symbol after the number, compact rounding half-up.
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
  public enum Grouping: Sendable, Hashable {
    /// U+2019 RIGHT SINGLE QUOTATION MARK `’`, as Pulpe prints CHF (the default).
    case rightSingleQuotationMark
    /// U+0027 APOSTROPHE `'`, as CLDR 48 prints de-CH.
    case apostrophe
    /// No grouping: `1234.56`.
    case none

    var separator: String {
      switch self {
      case .rightSingleQuotationMark: return "\u{2019}"
      case .apostrophe: return "'"
      case .none: return ""
      }
    }
  }

  /// Where the currency symbol goes.
  public enum SymbolPlacement: Sendable, Hashable {
    /// After the number, with one space: `1’234.56 CHF` (the default, as Pulpe).
    case suffix
    /// Before the number, with one space: `CHF 1’234.56`, `CHF -500.80`.
    case prefix
    /// No symbol, as the accessory circular widget shows: `1’235`.
    case omitted
  }

  public var precision: Precision
  public var signDisplay: SignDisplay
  public var grouping: Grouping
  public var symbolPlacement: SymbolPlacement

  public init(
    precision: Precision, signDisplay: SignDisplay = .negativeOnly,
    grouping: Grouping = .rightSingleQuotationMark, symbolPlacement: SymbolPlacement = .suffix
  ) {
    self.precision = precision
    self.signDisplay = signDisplay
    self.grouping = grouping
    self.symbolPlacement = symbolPlacement
  }

  /// Two decimals: `1’234.56 CHF`.
  public static let full = MoneyFormat(precision: .full)
  /// Whole units, half-up: `1’235 CHF`.
  public static let compact = MoneyFormat(precision: .compact)
  /// Zero to two decimals: `5’500 CHF`, `112.23 CHF`.
  public static let adaptive = MoneyFormat(precision: .adaptive)

  /// The same style with a `+` on positive amounts: `+1’235 CHF`, `-501 CHF`, `0 CHF`.
  public var signed: MoneyFormat {
    var copy = self
    copy.signDisplay = .always
    return copy
  }

  /// The same style with another grouping character.
  public func grouping(_ grouping: Grouping) -> MoneyFormat {
    var copy = self
    copy.grouping = grouping
    return copy
  }

  /// The same style with the symbol placed elsewhere.
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
  /// whenever `style.precision` is `.full` or `.adaptive`.
  ///
  /// An amount that fits in `Int64` minor units is printed by integer arithmetic into one buffer
  /// (`formattedInt64(_:currency:style:)`); any other goes through its decimal digits
  /// (``formattedFromDigits(_:)``). Both print the same bytes (`MoneyFormattingTests` checks
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
    var shown = self
    if style.precision == .compact {
      shown = rounded(toMultipleOf: 100, rounding: .halfUp)
    }
    let (whole, fraction) = shown.splitDigits()
    var number = Money.grouped(whole, separator: style.grouping.separator)
    switch style.precision {
    case .full:
      number += "." + String(decoding: fraction, as: UTF8.self)
    case .compact:
      break
    case .adaptive:
      let kept = fraction.last == UInt8(ascii: "0") ? fraction.dropLast() : fraction[...]
      if kept.contains(where: { $0 != UInt8(ascii: "0") }) {
        number += "." + String(decoding: kept, as: UTF8.self)
      }
    }
    let sign: String
    switch shown.signum {
    case -1: sign = "-"
    case 1: sign = style.signDisplay == .always ? "+" : ""
    default: sign = ""
    }
    switch style.symbolPlacement {
    case .suffix: return sign + number + " " + currency.symbol
    case .prefix: return currency.symbol + " " + sign + number
    case .omitted: return sign + number
    }
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
