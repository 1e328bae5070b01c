import Foundation
import GlanceKernel

/// `Money.parse(userInput:currency:)` and `Money(canonical:currency:)` on any text, in both
/// currencies.
///
/// Laws checked (from `Money+Parsing.swift`, `MoneyFormat.swift` and `Money.swift`):
/// - an accepted amount is in the requested currency and prints its canonical form, which is never
///   `-0.00`, and reads back with `Money(canonical:)`;
/// - `parse(userInput: amount.formatted(style)) == amount` for every style that keeps decimals
///   (`full`, `adaptive`, any sign, grouping and symbol placement, and every `MoneyConventions`
///   preset); `compact` reads back as the amount rounded half-up to whole units;
/// - never a silent guess: the amount's digits are the text's ASCII digits in order (leading zeros
///   aside) followed by zero to two zeros, and the amount is negative only if the text has a minus;
/// - the strict grammar accepts exactly `-?[0-9]+(\.[0-9]{1,2})?` (an independent matcher), its
///   value is the one the text spells, and the lenient door reads every canonical text the same;
/// - `Codable` round-trips; an error's position lies in the text, and a character it names is
///   the one at its position;
/// - (with `GLANCE_INTERNAL_CHECKS`) no GMP integer outlives the input.
enum MoneyFuzzing {
  /// Every style whose text `parse(userInput:)` must read back exactly.
  static let exactStyles: [MoneyFormat] = {
    var styles: [MoneyFormat] = []
    for precision in [MoneyFormat.Precision.full, .adaptive] {
      for grouping in [MoneyFormat.Grouping.rightSingleQuotationMark, .apostrophe, .none] {
        for symbol in [MoneyFormat.SymbolPlacement.suffix, .prefix, .omitted] {
          for sign in [MoneyFormat.SignDisplay.negativeOnly, .always] {
            styles.append(
              MoneyFormat(
                precision: precision, signDisplay: sign, grouping: grouping, symbolPlacement: symbol
              )
            )
          }
        }
      }
    }
    // Every named conventions: `.full` always reads back; `.adaptive` too where the grouping is
    // not `.` or `,` (a whole `1.234 €` is refused as ambiguous, by design).
    for preset in MoneyConventions.presets {
      styles += [MoneyFormat.full, .full.signed, .full.symbol(.omitted)].map { $0.conventions(preset.conventions) }
      if !preset.conventions.grouping.isDecimalMark {
        styles += [MoneyFormat.adaptive, .adaptive.signed].map { $0.conventions(preset.conventions) }
      }
    }
    return styles
  }()

  static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    #if GLANCE_INTERNAL_CHECKS && GLANCE_GMP
      let liveBoxes = GMPDiagnostics.liveBoxCount
    #endif
    for currency in Currency.allCases {
      checkUserInput(text, currency: currency)
      checkCanonical(text, bytes: Array(text.utf8), currency: currency)
    }
    #if GLANCE_INTERNAL_CHECKS && GLANCE_GMP
      law(
        GMPDiagnostics.liveBoxCount == liveBoxes,
        "\(GMPDiagnostics.liveBoxCount - liveBoxes) GMP integers outlived \(text.debugDescription)")
    #endif
  }

  // MARK: The lenient door

  static func checkUserInput(_ text: String, currency: Currency) {
    let amount: Money
    do throws(MoneyParseError) {
      amount = try Money.parse(userInput: text, currency: currency)
    } catch {
      checkError(error, in: text, currency: currency)
      return
    }
    let context = "\(text.debugDescription) read as \(amount.debugDescription)"
    law(amount.currency == currency, "\(context): wrong currency")
    checkCanonicalForm(amount, context: context)
    checkDigits(of: amount, in: text, context: context)
    if !text.unicodeScalars.contains(where: { $0 == "-" || $0 == "\u{2212}" }) {
      law(amount >= .zero(currency), "\(context): negative without a minus sign")
    }
    for style in exactStyles {
      let shown = amount.formatted(style)
      law(
        (try? Money.parse(userInput: shown, currency: currency)) == amount,
        "\(context): its \(style) text \(shown.debugDescription) does not read back")
    }
    let compact = amount.formatted(.compact)
    law(
      (try? Money.parse(userInput: compact, currency: currency))
        == amount.rounded(toMultipleOf: 100, rounding: .halfUp),
      "\(context): its compact text \(compact.debugDescription) is not the half-up whole amount")
    checkCodable(amount, context: context)
  }

  /// The canonical text is `-?[0-9]+\.[0-9]{2}` without leading zeros, never `-0.00`, and reads
  /// back to the same amount.
  static func checkCanonicalForm(_ amount: Money, context: String) {
    let canonical = amount.description
    let bytes = Array(canonical.utf8)
    law(
      isCanonical(bytes) && bytes.count >= 4 && bytes[bytes.count - 3] == UInt8(ascii: "."),
      "\(context): description \(canonical) has not two decimals")
    let unsigned = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
    law(
      unsigned.first != UInt8(ascii: "0") || unsigned.count == 4,
      "\(context): description \(canonical) has a leading zero")
    law(canonical != "-0.00", "\(context): negative zero")
    law(
      (try? Money(canonical: canonical, currency: amount.currency)) == amount,
      "\(context): description \(canonical) does not read back")
  }

  /// No digit is lost, moved or invented: the text's ASCII digits, then implied zero decimals.
  static func checkDigits(of amount: Money, in text: String, context: String) {
    let textDigits = text.unicodeScalars.filter { ("0"..."9").contains($0) }.map { UInt8($0.value) }
    let written = textDigits.drop { $0 == UInt8(ascii: "0") }
    let units = amount.description.utf8.filter {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
    }
    let read = units.drop { $0 == UInt8(ascii: "0") }
    guard !read.isEmpty else {
      law(written.isEmpty, "\(context): digits \(textDigits) read as zero")
      return
    }
    let paddings = (0...2).map { Array(written) + Array(repeating: UInt8(ascii: "0"), count: $0) }
    law(paddings.contains(Array(read)), "\(context): the digits are not the text's")
  }

  static func checkCodable(_ amount: Money, context: String) {
    do {
      let data = try JSONEncoder().encode([amount])
      let decoded = try JSONDecoder().decode([Money].self, from: data)
      law(
        decoded == [amount],
        "\(context): JSON \(String(decoding: data, as: UTF8.self)) decodes to \(decoded)")
    } catch {
      law(false, "\(context): JSON round trip threw \(error)")
    }
  }

  // MARK: The strict door

  static func checkCanonical(_ text: String, bytes: [UInt8], currency: Currency) {
    let amount: Money
    do throws(MoneyParseError) {
      amount = try Money(canonical: text, currency: currency)
    } catch {
      law(!isCanonical(bytes), "\(text.debugDescription) is canonical but was refused: \(error)")
      checkError(error, in: text, currency: currency)
      return
    }
    let context = "canonical \(text.debugDescription) read as \(amount.debugDescription)"
    law(isCanonical(bytes), "\(context): not canonical, yet accepted")
    law(amount.description == expectedDescription(bytes), "\(context): wrong value")
    checkCanonicalForm(amount, context: context)
    law(
      (try? Money.parse(userInput: text, currency: currency)) == amount,
      "\(context): the lenient door reads it otherwise")
  }

  /// `-?[0-9]+(\.[0-9]{1,2})?`, matched by hand (the oracle of the strict grammar).
  static func isCanonical(_ bytes: [UInt8]) -> Bool {
    var index = bytes.first == UInt8(ascii: "-") ? 1 : 0
    func digitRun() -> Int {
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index - start
    }
    guard digitRun() > 0 else { return false }
    if index == bytes.count { return true }
    guard bytes[index] == UInt8(ascii: ".") else { return false }
    index += 1
    return (1...2).contains(digitRun()) && index == bytes.count
  }

  /// The canonical description of a canonical text: sign unless zero, whole units without
  /// leading zeros, two decimals.
  static func expectedDescription(_ bytes: [UInt8]) -> String {
    let negative = bytes.first == UInt8(ascii: "-")
    let unsigned = Array(negative ? bytes.dropFirst() : bytes[...])
    let parts = unsigned.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    let whole = parts[0].drop { $0 == UInt8(ascii: "0") }
    var fraction = parts.count > 1 ? Array(parts[1]) : []
    fraction += Array(repeating: UInt8(ascii: "0"), count: 2 - fraction.count)
    let isZero = whole.isEmpty && fraction.allSatisfy { $0 == UInt8(ascii: "0") }
    let digits =
      (whole.isEmpty ? [UInt8(ascii: "0")] : Array(whole)) + [UInt8(ascii: ".")] + fraction
    return (negative && !isZero ? "-" : "") + String(decoding: digits, as: UTF8.self)
  }

  // MARK: Errors

  /// The position lies in the text (or just past it), and a named character is the one there.
  static func checkError(_ error: MoneyParseError, in text: String, currency: Currency) {
    let characters = Array(text)
    let context = "\(text.debugDescription) refused with \(error)"
    law(!error.description.isEmpty, "\(context): no description")
    law((0...characters.count).contains(error.position), "\(context): position outside the text")
    switch error {
    case .empty:
      law(text.allSatisfy(\.isWhitespace), "\(context): the text is not empty")
    case .unexpectedCharacter(let character, let position),
      .misplacedSeparator(let character, let position),
      .ambiguousSeparator(let character, let position):
      law(
        position < characters.count && characters[position] == character,
        "\(context): the character at that position is not the one named")
    case .currencyMismatch(let found, let expected, let position):
      law(expected == currency, "\(context): names another currency than the one asked for")
      law(
        characters[position...].starts(with: Array(found)),
        "\(context): the currency is not at that position")
    case .missingDigits, .tooManyFractionDigits:
      break
    }
  }
}
