/// Why a text is not an amount of money, and where.
///
/// Every position is a 0-based offset in `Character`s (what a person sees as one character)
/// from the start of the text that was parsed, so a user interface can point at it.
public enum MoneyParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is empty or only whitespace.
  case empty
  /// A character that has no place in an amount, such as the `e` of `1e3` or a letter.
  case unexpectedCharacter(Character, position: Int)
  /// Digits were expected at `position` but none came: a lone separator, a sign alone, a
  /// currency alone, or a canonical text ending in `.`.
  case missingDigits(position: Int)
  /// More than two digits after the decimal separator; `position` is the first extra digit.
  case tooManyFractionDigits(position: Int, count: Int)
  /// A separator that breaks the grouping rules: a second decimal separator, a separator after
  /// the decimal one, two separators in a row, mixed grouping characters, or a thousands group
  /// that does not have exactly three digits.
  case misplacedSeparator(Character, position: Int)
  /// A single `.` or `,` followed by exactly three digits, as in `1,234` or `1.500`: it could be
  /// a decimal separator (three decimals) or a thousands separator. Glance does not guess.
  case ambiguousSeparator(Character, position: Int)
  /// The text names another currency than the one requested.
  case currencyMismatch(found: String, expected: Currency, position: Int)

  /// Where the problem is, as a 0-based `Character` offset (0 for `empty`).
  public var position: Int {
    switch self {
    case .empty: return 0
    case .unexpectedCharacter(_, let position),
      .missingDigits(let position),
      .tooManyFractionDigits(let position, _),
      .misplacedSeparator(_, let position),
      .ambiguousSeparator(_, let position),
      .currencyMismatch(_, _, let position):
      return position
    }
  }

  public var description: String {
    switch self {
    case .empty:
      return "the amount is empty"
    case .unexpectedCharacter(let character, let position):
      return "unexpected character \(Self.quoted(character)) at position \(position)"
    case .missingDigits(let position):
      return "digits expected at position \(position)"
    case .tooManyFractionDigits(let position, let count):
      return "\(count) digits after the decimal separator (at most 2); the first extra one is at position \(position)"
    case .misplacedSeparator(let character, let position):
      return "separator \(Self.quoted(character)) at position \(position) is misplaced: "
        + "one decimal separator at most, last, and groups of three digits before it"
    case .ambiguousSeparator(let character, let position):
      return "separator \(Self.quoted(character)) at position \(position) is ambiguous: "
        + "three decimals or a thousands separator? Write 1’234 for thousands or at most two decimals"
    case .currencyMismatch(let found, let expected, let position):
      return "currency \"\(found)\" at position \(position) is not \(expected.code)"
    }
  }

  /// A character in quotes; with its code points when it is not plain ASCII, and as code points
  /// alone when it is invisible (whitespace, controls, lone combining marks).
  static func quoted(_ character: Character) -> String {
    let codes = character.unicodeScalars
      .map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
      .joined(separator: " ")
    let printable =
      character.isLetter || character.isNumber || character.isSymbol || character.isPunctuation
    if character.isASCII && printable { return "\"\(character)\"" }
    return printable ? "\"\(character)\" (\(codes))" : codes
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
