// Two doors into `Money` from text: a strict one for storage and JSON, a lenient one for people.

extension Money {
  /// Reads the canonical form that storage and JSON use: `-?[0-9]+(\.[0-9]{1,2})?`.
  ///
  /// Nothing else is accepted: no whitespace, no grouping, no `+`, no currency, no exponent.
  /// `Money(canonical: amount.description, currency: amount.currency) == amount` for every amount.
  ///
  /// ```swift
  /// try Money(canonical: "-1234.5", currency: .chf)   // -1’234.50 CHF
  /// try Money(canonical: "1’234", currency: .chf)     // throws .unexpectedCharacter("’", position: 1)
  /// ```
  /// - Throws: `MoneyParseError` naming the first offending position.
  public init(canonical text: String, currency: Currency) throws(MoneyParseError) {
    let bytes = Array(text.utf8)
    switch Money.scanCanonical(bytes) {
    case .success(let (negative, digits)):
      self.init(units: BigInteger(asciiDigits: digits, negative: negative), currency: currency)
    case .failure(let failure):
      throw failure.error(in: text)
    }
  }

  /// Reads an amount typed or pasted by a person, and never guesses.
  ///
  /// Accepted, for example: `1’234.56`, `1'234.56`, `1234,56`, `1 234.50`, `1,234.56`,
  /// `1.234,56`, `12.–`, `12.`, `.5`, `CHF 12.50`, `12.50 CHF`, `CHF -12.50`, `-12.5`, `+100`,
  /// `−12` (U+2212), and everything `formatted(_:)` prints. Thousands separators are `’`, `'`,
  /// spaces (including U+00A0 and U+202F), or whichever of `.` and `,` is not the decimal
  /// separator; groups after the first have exactly three digits. Only ASCII digits count.
  ///
  /// Rejected with a typed error naming the position: `1,234.56,7` and `1.2.3` (misplaced
  /// separator), `1e3` (unexpected character), `12.345` and `1,234` (ambiguous: three decimals or
  /// thousands?), `1’234.567` (too many decimals), a lone separator (missing digits), another
  /// currency (`12 EUR` when reading CHF), and empty text.
  ///
  /// Law: `Money.parse(userInput: amount.formatted(style), currency: amount.currency) == amount`
  /// for every amount, every `MoneyConventions` and every style that keeps the decimals (`full`,
  /// `adaptive`), except an `adaptive` whole amount grouped once by `.` or `,` (`1.234 €` in
  /// de-DE), which is refused as ambiguous: the text alone cannot say it is not 1.234.
  ///
  /// Unlike Pulpe's `parsedAsAmount` (see *The real apps Glance models*, Pulpe: amount entry), `1,234.56` is 1234.56
  /// (not 1.23), `-50` keeps its sign, `0.005` is an error (not 0) and `1e3` is an error (not 13).
  /// - Throws: `MoneyParseError` naming the first offending position.
  public static func parse(
    userInput text: String, currency: Currency
  ) throws(MoneyParseError)
    -> Money
  {
    var scanner = UserInputScanner(characters: Array(text), currency: currency)
    let (negative, digits) = try scanner.scanAmount()
    return Money(units: BigInteger(asciiDigits: digits, negative: negative), currency: currency)
  }
}

// MARK: - The strict grammar

extension Money {
  /// A canonical-grammar failure at a UTF-8 offset; turned into a `MoneyParseError` with a
  /// `Character` position only when it is thrown.
  struct CanonicalFailure: Error {
    enum Kind { case empty, unexpected, missingDigits, tooManyFractionDigits(count: Int) }
    let kind: Kind
    let utf8Offset: Int

    func error(in text: String) -> MoneyParseError {
      var position = -1
      var characterAtOffset: Character = " "
      for index in text.indices {
        guard text.utf8.distance(from: text.startIndex, to: index) <= utf8Offset else { break }
        position += 1
        characterAtOffset = text[index]
      }
      position = max(position, 0)
      switch kind {
      case .empty: return .empty
      case .unexpected: return .unexpectedCharacter(characterAtOffset, position: position)
      case .missingDigits:
        // Offset at the end of the text: digits were expected after the last character.
        return .missingDigits(position: utf8Offset >= text.utf8.count ? text.count : position)
      case .tooManyFractionDigits(let count):
        return .tooManyFractionDigits(position: position, count: count)
      }
    }
  }

  /// Scans `-?[0-9]+(\.[0-9]{1,2})?` and returns the sign and the digits in minor units.
  static func scanCanonical(_ bytes: [UInt8]) -> Result<(Bool, [UInt8]), CanonicalFailure> {
    guard !bytes.isEmpty else { return .failure(CanonicalFailure(kind: .empty, utf8Offset: 0)) }
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    func failAt(_ offset: Int) -> Result<(Bool, [UInt8]), CanonicalFailure> {
      let kind: CanonicalFailure.Kind = offset < bytes.count ? .unexpected : .missingDigits
      return .failure(CanonicalFailure(kind: kind, utf8Offset: offset))
    }
    var index = 0
    let negative = bytes[0] == UInt8(ascii: "-")
    if negative { index = 1 }
    let wholeStart = index
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    guard index > wholeStart else { return failAt(index) }
    var digits = Array(bytes[wholeStart..<index])
    var fractionCount = 0
    if index < bytes.count {
      guard bytes[index] == UInt8(ascii: ".") else { return failAt(index) }
      index += 1
      let fractionStart = index
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      fractionCount = index - fractionStart
      guard fractionCount > 0 else { return failAt(index) }
      guard fractionCount <= 2 else {
        let kind = CanonicalFailure.Kind.tooManyFractionDigits(count: fractionCount)
        return .failure(CanonicalFailure(kind: kind, utf8Offset: fractionStart + 2))
      }
      guard index == bytes.count else { return failAt(index) }
      digits.append(contentsOf: bytes[fractionStart..<index])
    }
    digits.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 2 - fractionCount))
    return .success((negative, digits))
  }
}

// MARK: - The lenient grammar

/// Scans `[sign] [currency] [sign] number [currency]` with optional whitespace around the
/// currency, over `Character`s so that positions are what a person counts.
struct UserInputScanner {
  let characters: [Character]
  let currency: Currency
  var index = 0
  var end = 0

  init(characters: [Character], currency: Currency) {
    self.characters = characters
    self.currency = currency
  }

  /// Returns the sign and the digits of the amount in minor units.
  mutating func scanAmount() throws(MoneyParseError) -> (Bool, [UInt8]) {
    index = characters.firstIndex { !$0.isWhitespace } ?? characters.count
    end = (characters.lastIndex { !$0.isWhitespace } ?? -1) + 1
    guard index < end else { throw .empty }

    var negative = false
    var sawSign = scanSign(&negative)
    let sawPrefix = try scanCurrency()
    if sawPrefix {
      skipWhitespace()
      if !sawSign { sawSign = scanSign(&negative) }
    }
    let digits = try NumberScanner.scan(characters, from: &index, end: end)
    skipWhitespace()
    if index < end, !sawPrefix, try scanCurrency() {
      skipWhitespace()
    }
    guard index == end else { throw .unexpectedCharacter(characters[index], position: index) }
    return (negative, digits)
  }

  mutating func skipWhitespace() {
    while index < end, characters[index].isWhitespace { index += 1 }
  }

  /// Reads `-`, `−` (U+2212) or `+`.
  mutating func scanSign(_ negative: inout Bool) -> Bool {
    guard index < end else { return false }
    switch characters[index] {
    case "-", "\u{2212}": negative = true
    case "+": negative = false
    default: return false
    }
    index += 1
    return true
  }

  /// Reads a currency code or symbol if one starts here. A word that is not the expected
  /// currency is an error, so that `12 EUR` is never read as 12 CHF.
  mutating func scanCurrency() throws(MoneyParseError) -> Bool {
    let start = index
    while index < end, characters[index].isLetter || characters[index].isCurrencySymbol {
      index += 1
    }
    guard index > start else { return false }
    let word = String(characters[start..<index])
    let normalized = word.uppercased()
    if normalized == currency.code || word == currency.symbol { return true }
    if Currency.allCases.contains(where: { normalized == $0.code || word == $0.symbol }) {
      throw .currencyMismatch(found: word, expected: currency, position: start)
    }
    throw .unexpectedCharacter(characters[start], position: start)
  }
}
