/// The number part of a user-typed amount: digit runs joined by separators.
///
/// The rules, in the order they are applied:
/// 1. Separators are `.` and `,` ("marks"), `’` and `'`, and a space between two digits.
/// 2. The decimal separator, if any, is the last separator, when it is a mark that occurs once.
///    Every other separator groups thousands.
/// 3. All grouping separators are the same character; the first group has 1–3 digits and every
///    later group exactly 3.
/// 4. At most two decimals. A lone mark followed by exactly three digits (`1,234`, `12.500`) is
///    ambiguous and rejected; `12.–` means `12.00`.
enum NumberScanner {
  enum Token {
    case digits(start: Int, count: Int)
    case separator(Character, position: Int)
  }

  /// Scans the number starting at `index`, leaves `index` just past it, and returns its digits
  /// in minor units (whole digits followed by exactly two decimals).
  static func scan(
    _ characters: [Character], from index: inout Int, end: Int
  )
    throws(MoneyParseError) -> [UInt8]
  {
    let start = index
    var tokens: [Token] = []
    var dashPosition: Int?
    while index < end {
      let character = characters[index]
      if isDigit(character) {
        if case .digits(let runStart, let count) = tokens.last {
          tokens[tokens.count - 1] = .digits(start: runStart, count: count + 1)
        } else {
          tokens.append(.digits(start: index, count: 1))
        }
      } else if isSeparator(character, at: index, in: characters, end: end) {
        if case .separator = tokens.last { throw .misplacedSeparator(character, position: index) }
        tokens.append(.separator(character, position: index))
      } else if isDash(character), case .separator(let mark, let position) = tokens.last,
        isMark(mark), position == index - 1
      {
        dashPosition = index
        index += 1
        break
      } else {
        break
      }
      index += 1
    }
    guard tokens.contains(where: { if case .digits = $0 { true } else { false } }) else {
      throw .missingDigits(position: start)
    }
    return try digits(of: tokens, in: characters, dashPosition: dashPosition)
  }

  static func digits(
    of tokens: [Token], in characters: [Character], dashPosition: Int?
  )
    throws(MoneyParseError) -> [UInt8]
  {
    let separators = tokens.compactMap { token -> (Character, Int)? in
      if case .separator(let character, let position) = token { return (character, position) }
      return nil
    }
    // Rule 2: the decimal separator.
    var decimalTokenIndex: Int?
    if let last = separators.last, isMark(last.0),
      separators.count(where: { $0.0 == last.0 }) == 1
    {
      decimalTokenIndex = tokens.lastIndex { token in
        if case .separator(_, let position) = token { return position == last.1 }
        return false
      }
    }
    if let dashPosition, decimalTokenIndex == nil {
      throw .misplacedSeparator(characters[dashPosition - 1], position: dashPosition - 1)
    }
    let integerTokens = tokens[..<(decimalTokenIndex ?? tokens.count)]
    let fractionTokens = decimalTokenIndex.map { tokens[($0 + 1)...] } ?? []

    let whole = try integerDigits(integerTokens, in: characters)
    let fraction = try fractionDigits(
      fractionTokens, decimal: decimalTokenIndex.map { tokens[$0] }, whole: integerTokens,
      grouped: separators.count > (decimalTokenIndex == nil ? 0 : 1), in: characters)
    if whole.isEmpty && fraction == nil {
      throw .missingDigits(position: separators.first?.1 ?? 0)
    }
    var result = whole.isEmpty ? [UInt8(ascii: "0")] : whole
    result.append(contentsOf: fraction ?? [])
    while result.count < max(whole.count, 1) + 2 { result.append(UInt8(ascii: "0")) }
    return result
  }

  /// Rule 3: the whole units, with grouping checked. Empty when there are no whole digits (`.5`).
  static func integerDigits(
    _ tokens: ArraySlice<Token>, in characters: [Character]
  )
    throws(MoneyParseError) -> [UInt8]
  {
    var digits: [UInt8] = []
    var groupCharacter: Character?
    var previousSeparator: (Character, Int)?
    for (offset, token) in tokens.enumerated() {
      switch token {
      case .separator(let character, let position):
        if offset == 0 || offset == tokens.count - 1 {
          throw .misplacedSeparator(character, position: position)
        }
        if let groupCharacter, groupCharacter != character {
          throw .misplacedSeparator(character, position: position)
        }
        groupCharacter = character
        previousSeparator = (character, position)
      case .digits(let start, let count):
        let isFirstGroup = offset == 0
        let hasGrouping = tokens.count > 1
        if hasGrouping {
          let valid = isFirstGroup ? (1...3).contains(count) : count == 3
          if !valid {
            // Blame the separator that opened or closed the bad group.
            let blamed = previousSeparator ?? separator(after: offset, in: tokens)
            throw .misplacedSeparator(blamed.0, position: blamed.1)
          }
        }
        digits.append(contentsOf: (start..<(start + count)).map { digitByte(characters[$0]) })
      }
    }
    return digits
  }

  /// Rule 4: the decimals (at most two), or `nil` when there is no decimal digit at all.
  static func fractionDigits(
    _ tokens: ArraySlice<Token>, decimal: Token?, whole: ArraySlice<Token>, grouped: Bool,
    in characters: [Character]
  ) throws(MoneyParseError) -> [UInt8]? {
    guard case .separator(let mark, let markPosition)? = decimal else { return nil }
    guard case .digits(let start, let count)? = tokens.first else {
      return whole.isEmpty ? nil : []  // `12.` and `12.–`: no decimals, two zeros implied.
    }
    if count == 3, !grouped, case .digits(let wholeStart, let wholeCount)? = whole.first,
      whole.count == 1, (1...3).contains(wholeCount), characters[wholeStart] != "0"
    {
      throw .ambiguousSeparator(mark, position: markPosition)
    }
    guard count <= 2 else { throw .tooManyFractionDigits(position: start + 2, count: count) }
    return (start..<(start + count)).map { digitByte(characters[$0]) }
  }

  static func separator(after offset: Int, in tokens: ArraySlice<Token>) -> (Character, Int) {
    for token in tokens.dropFirst(offset) {
      if case .separator(let character, let position) = token { return (character, position) }
    }
    preconditionFailure("a group with grouping has a separator beside it")
  }

  static func isDigit(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return false }
    return ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9")
  }

  /// The ASCII byte of a character that `isDigit` accepted.
  static func digitByte(_ character: Character) -> UInt8 {
    guard let ascii = character.asciiValue, isDigit(character) else {
      preconditionFailure("not an ASCII digit: \(character)")
    }
    return ascii
  }

  static func isMark(_ character: Character) -> Bool { character == "." || character == "," }

  static func isDash(_ character: Character) -> Bool {
    character == "-" || character == "\u{2013}" || character == "\u{2014}"
  }

  /// `.`, `,`, `’`, `'`, and whitespace that sits between two digits.
  static func isSeparator(
    _ character: Character, at index: Int, in characters: [Character], end: Int
  )
    -> Bool
  {
    if isMark(character) || character == "\u{2019}" || character == "'" { return true }
    guard character.isWhitespace, !character.isNewline, index > 0, index + 1 < end else {
      return false
    }
    return isDigit(characters[index - 1]) && isDigit(characters[index + 1])
  }
}
