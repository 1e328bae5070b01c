import Foundation
import GlanceKernel
import Testing

/// Every named `MoneyConventions` against Foundation's ICU currency formatting (Swift's Foundation
/// on Linux, a `Locale` built from an identifier, never the device's), for a spread of amounts and
/// every style. ICU is the independent reference: the kernel reads no locale data.
///
/// Each difference the kernel makes on purpose is listed below with its reason, as a rewrite of
/// ICU's text; the test checks that ICU's text, so rewritten, is the kernel's, and that every listed
/// rewrite changes at least one of ICU's texts (so that no stale entry hides in the list). A new
/// toolchain whose ICU data moved (CLDR changes a separator now and then) fails here first.
@Suite("Money conventions against ICU")
struct MoneyConventionsDifferentialTests {
  /// What ICU was asked to print.
  struct Printed: Sendable {
    let value: Decimal
    let currency: Currency
    let locale: String
    let style: String
  }

  /// A deliberate difference from ICU: what it is, why, and ICU's text rewritten accordingly.
  struct Difference: Sendable {
    let what: String
    let why: String
    let rewrite: @Sendable (_ icuText: String, _ printed: Printed) -> String
  }

  /// Every preset's: an amount that rounds to zero prints as zero does, never `-0`.
  static let noNegativeZero = Difference(
    what: "no sign on an amount that rounds to zero: `0 CHF`, `CHF 0` (ICU: `-0 CHF`, `CHF-0` for -0.40 in whole units)",
    why:
      "Pulpe fixed a \"+0\" and a \"-0\" on screen (commits ae9d1fb9e, b32ae5f72), and a budget that balances must not read as a deficit; ICU keeps the sign of the unrounded value unless asked for .always(showZero: false)",
    rewrite: { text, printed in
      text.contains(where: { ("1"..."9").contains($0) }) || !text.contains("-")
        ? text : icu(0, currency: printed.currency, locale: printed.locale, style: printed.style)
    })

  /// A named conventions, the ICU locale it follows, and its deliberate differences.
  struct Reference: Sendable, CustomStringConvertible {
    let name: String
    let conventions: MoneyConventions
    let locale: String
    let differences: [Difference]
    var description: String { "\(name) (ICU \(locale))" }
  }

  static let references: [Reference] = [
    Reference(name: "deCH", conventions: .deCH, locale: "de_CH", differences: [noNegativeZero]),
    Reference(name: "frCH", conventions: .frCH, locale: "fr_CH", differences: [noNegativeZero]),
    Reference(name: "itCH", conventions: .itCH, locale: "it_CH", differences: [noNegativeZero]),
    Reference(name: "frFR", conventions: .frFR, locale: "fr_FR", differences: [noNegativeZero]),
    Reference(name: "deDE", conventions: .deDE, locale: "de_DE", differences: [noNegativeZero]),
    Reference(name: "enIE", conventions: .enIE, locale: "en_IE", differences: [noNegativeZero]),
    Reference(
      name: "pulpeCHF", conventions: .pulpeCHF, locale: "de_CH",
      differences: [
        noNegativeZero,
        Difference(
          what: "the currency after the number, after a U+0020 SPACE (ICU: before it, after U+00A0 or in place of the sign)",
          why:
            "Pulpe formats the number with de-CH and appends \" CHF\" by hand on both platforms (shared/src/currency-format.ts, ios Decimal+Extensions.swift asCurrency): de-CH's own pattern puts the code first (Pulpe commit e8bf19d51)",
          rewrite: { text, printed in movedAfterNumber(text, currency: printed.currency) }),
      ]),
    Reference(
      name: "pulpeEUR", conventions: .pulpeEUR, locale: "fr_FR",
      differences: [
        noNegativeZero,
        Difference(
          what: "U+0020 SPACE before the currency (ICU: U+00A0 NO-BREAK SPACE)",
          why:
            "Pulpe formats the number with fr-FR and appends \" €\" with a plain space by hand (shared/src/currency-format.ts, ios Decimal+Extensions.swift asCurrency); a widget that must not break the line uses .symbol(.omitted) and its own layout",
          rewrite: { text, printed in
            text.replacingOccurrences(of: "\u{00A0}" + printed.currency.symbol, with: " " + printed.currency.symbol)
          }),
      ]),
  ]

  /// The spread (0, ±0.05, ±1, ±999.99, ±1 234.56, ±10^9, beyond `Int64`), plus the
  /// amounts where rounding (±0.40, ±0.50, ±2.50, ±1 234.50), trailing zeros (±1 234.00, ±112.20)
  /// and it-CH's grouping from five digits (±12 345.67) decide the text.
  static let amounts: [String] = {
    let magnitudes = [
      "0", "0.05", "1", "999.99", "1234.56", "1000000000", "92233720368547758.09", "123456789012345678901234.56",
      "0.40", "0.50", "2.50", "1234.50", "1234", "112.20", "12345.67",
    ]
    return magnitudes + magnitudes.dropFirst().map { "-" + $0 }
  }()

  /// The kernel's styles, each with the ICU style that prints the same thing.
  static let styles: [(name: String, kernel: MoneyFormat)] = [
    ("full", .full), ("compact", .compact), ("adaptive", .adaptive), ("full.signed", .full.signed),
    ("compact.signed", .compact.signed), ("adaptive.signed", .adaptive.signed),
    ("compact.symbol(.omitted)", .compact.symbol(.omitted)), ("full.symbol(.omitted)", .full.symbol(.omitted)),
  ]

  /// What ICU prints for `value` in `currency`, in `locale`, in the style named `style`.
  static func icu(_ value: Decimal, currency: Currency, locale identifier: String, style: String) -> String {
    let locale = Locale(identifier: identifier)
    let precision: NumberFormatStyleConfiguration.Precision
    switch style {
    case let name where name.hasPrefix("full"): precision = .fractionLength(2)
    case let name where name.hasPrefix("compact"): precision = .fractionLength(0)
    default: precision = .fractionLength(0...2)
    }
    let sign: CurrencyFormatStyleConfiguration.SignDisplayStrategy =
      style.hasSuffix("signed") ? .always(showZero: false) : .automatic
    if style.hasSuffix("symbol(.omitted)") {
      return value.formatted(
        Decimal.FormatStyle(locale: locale).precision(precision).rounded(rule: .toNearestOrAwayFromZero))
    }
    return value.formatted(
      Decimal.FormatStyle.Currency(code: currency.code, locale: locale).precision(precision)
        .rounded(rule: .toNearestOrAwayFromZero).sign(strategy: sign))
  }

  @Test("every preset prints what ICU prints, but for its listed differences", arguments: references)
  func presetAgreesWithICU(reference: Reference) throws {
    var rewritten = [Int](repeating: 0, count: reference.differences.count)
    var compared = 0
    for text in Self.amounts {
      let value = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
      for currency in Currency.allCases {
        let amount = try Money(canonical: text, currency: currency)
        for (name, kernelStyle) in Self.styles {
          let printed = Printed(value: value, currency: currency, locale: reference.locale, style: name)
          var expected = Self.icu(value, currency: currency, locale: reference.locale, style: name)
          for (index, difference) in reference.differences.enumerated() {
            let next = difference.rewrite(expected, printed)
            if next != expected { rewritten[index] += 1 }
            expected = next
          }
          let actual = amount.formatted(kernelStyle.conventions(reference.conventions))
          #expect(actual == expected, "\(reference) \(currency) \(name) \(text): \(Self.scalars(actual)) vs \(Self.scalars(expected))")
          compared += 1
        }
      }
    }
    #expect(compared == Self.amounts.count * Currency.allCases.count * Self.styles.count)
    for (index, difference) in reference.differences.enumerated() {
      #expect(rewritten[index] > 0, "\(reference): the listed difference \"\(difference.what)\" never applies")
    }
  }

  /// ICU's de-CH text with the code moved after the number, after a U+0020: `CHF 1’234.56`,
  /// `CHF-1’234.56` and `CHF+1’234.56` become `1’234.56 CHF`, `-1’234.56 CHF`, `+1’234.56 CHF`.
  static func movedAfterNumber(_ text: String, currency: Currency) -> String {
    guard text.hasPrefix(currency.code) else { return text }
    var rest = text.dropFirst(currency.code.count)
    if rest.first == "\u{00A0}" { rest = rest.dropFirst() }
    return rest + " " + currency.symbol
  }

  /// The text with every character that is not printable ASCII written as its code point.
  static func scalars(_ text: String) -> String {
    text.unicodeScalars.map { $0.isASCII && $0.value > 32 ? String($0) : "<U+\(String($0.value, radix: 16, uppercase: true))>" }
      .joined()
  }
}
