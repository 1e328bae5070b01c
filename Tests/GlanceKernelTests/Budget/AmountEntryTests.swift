import Foundation
import GlanceKernel
import Testing

@Suite("AmountEntry")
struct AmountEntryTests {
  // MARK: Pulpe's traps (pulpe.md §3) give Glance's answers

  @Test(
    "Pulpe's parser traps are not repeated: the amount is what was written",
    arguments: [
      ("1,234.56", 123_456),  // Pulpe: 1.23
      ("1.234,56", 123_456),  // Pulpe: 1.23
      ("1’234.50", 123_450),  // Pulpe: 1234.5 (same value; the apostrophe is a separator here)
      ("1'234.50", 123_450),
      ("12,50", 1250),
      ("42", 4200),
      ("-50", -5000),  // Pulpe: 50
    ] as [(String, Int64)])
  func pulpeTrapsParseExactly(text: String, rappen: Int64) throws {
    let entry = try AmountEntry.typed(text)
    #expect(entry.amount == Money(minorUnits: rappen, currency: .chf))
    #expect(entry.amountError == nil)
  }

  @Test(
    "Pulpe's silent guesses are visible errors here",
    arguments: [
      ("1e3", MoneyParseError.unexpectedCharacter("e", position: 1)),  // Pulpe: 13
      ("0.005", .tooManyFractionDigits(position: 4, count: 3)),  // Pulpe: 0
      ("10.999", .ambiguousSeparator(".", position: 2)),  // Pulpe: 10.99
      ("10.9999", .tooManyFractionDigits(position: 5, count: 4)),  // Pulpe: 10.99
      ("12.3.4", .misplacedSeparator(".", position: 2)),  // Pulpe: 12.34
      ("1a2b3", .unexpectedCharacter("a", position: 1)),  // Pulpe: 123
      ("abc", .unexpectedCharacter("a", position: 0)),
      ("1,234", .ambiguousSeparator(",", position: 1)),
      ("12 EUR", .currencyMismatch(found: "EUR", expected: .chf, position: 3)),
    ] as [(String, MoneyParseError)])
  func pulpeGuessesAreErrors(text: String, error: MoneyParseError) throws {
    var entry = try AmountEntry.typed(text)
    #expect(entry.amount == nil)
    #expect(entry.amountError == error)
    #expect(entry.visibleAmountError == error)
    #expect(!entry.isAmountIncomplete)
    try entry.apply(.rename("Coffee"))
    #expect(throws: AmountEntryError.invalidAmount(error)) { try entry.submit() }
    #expect(!entry.canSubmit)
  }

  @Test("-50 is refused for an expense with its sign, not submitted as 50")
  func negativeIsReportedNotDropped() throws {
    var entry = try AmountEntry.typed("-50")
    try entry.apply(.rename("Refund"))
    let minusFifty = Money(minorUnits: -5000, currency: .chf)
    #expect(throws: AmountEntryError.amountNotPositive(minusFifty)) { try entry.submit() }
    #expect(
      AmountEntryError.amountNotPositive(minusFifty).description
        == "amount: -50.00 CHF is not greater than zero")
  }

  // MARK: Typing, backspace, incomplete input

  @Test("backspace over 12.50 goes 12.5, 12., 12, 1, empty, without an error on the way")
  func backspaceOverADecimalAmount() throws {
    var entry = try AmountEntry.typed("12.50")
    let expected: [(String, Int64?)] = [
      ("12.5", 1250), ("12.", 1200), ("12", 1200), ("1", 100), ("", nil),
    ]
    for (text, rappen) in expected {
      try entry.apply(.backspace)
      #expect(entry.amountText == text)
      #expect(entry.amount == rappen.map { Money(minorUnits: $0, currency: .chf) })
      #expect(entry.amountError == nil)
    }
    try entry.apply(.backspace)  // on empty text: nothing happens
    #expect(entry == AmountEntry(currency: .chf))
  }

  @Test("backspace removes one whole Character, even one made of several scalars")
  func backspaceRemovesACharacter() throws {
    var entry = try AmountEntry.typed("12")
    try entry.apply(.type("🇨🇭"))
    try entry.apply(.type("e\u{301}"))
    #expect(entry.amountText.count == 4)
    try entry.apply(.backspace)
    #expect(entry.amountText == "12🇨🇭")
    try entry.apply(.backspace)
    #expect(entry.amountText == "12")
  }

  @Test(
    "text on its way to an amount is incomplete: the error is kept but not shown",
    arguments: [
      ("-", Currency.chf), ("+", .chf), (".", .chf), (",", .chf), ("1’", .chf), ("1’2", .chf),
      ("1’23", .chf), ("12’", .chf),
      ("1 2", .chf), ("C", .chf), ("CH", .chf), ("chf", .chf), ("CHF ", .chf), ("CHF -", .chf),
      ("12.50 C", .chf), ("12.50 Ch", .chf), ("12 E", .eur), ("12 EU", .eur), ("€", .eur),
    ])
  func incompleteInputIsNotShown(text: String, currency: Currency) throws {
    var entry = try AmountEntry.typed(text, currency: currency)
    #expect(entry.isAmountIncomplete)
    #expect(entry.amount == nil)
    let error = try #require(entry.amountError)
    #expect(entry.visibleAmountError == nil)
    try entry.apply(.rename("Taxi"))
    #expect(throws: AmountEntryError.invalidAmount(error)) { try entry.submit() }
  }

  @Test(
    "text that more typing cannot fix shows its error at once",
    arguments: ["1e", "1..", "12.3.", "0.005", "12 E", "12 €", "1,234", "12-", "--", "12a", "😀"])
  func invalidInputIsShown(text: String) throws {
    let entry = try AmountEntry.typed(text)
    #expect(!entry.isAmountIncomplete)
    #expect(entry.amountError != nil)
    #expect(entry.visibleAmountError == entry.amountError)
  }

  @Test("any character is kept, so that the error points at it")
  func lettersAreKept() throws {
    var entry = try AmountEntry.typed("12")
    try entry.apply(.type("a"))
    #expect(entry.amountText == "12a")
    #expect(entry.visibleAmountError == .unexpectedCharacter("a", position: 2))
    try entry.apply(.backspace)
    #expect(entry.amount == Money(minorUnits: 1200, currency: .chf))
    try entry.apply(.type("\n"))  // a trailing newline is whitespace: still 12
    #expect(entry.amountText == "12\n")
    #expect(entry.amount == Money(minorUnits: 1200, currency: .chf))
  }

  @Test("whitespace alone is no amount and no error")
  func whitespaceIsEmpty() throws {
    var entry = try AmountEntry.typed("  ")
    #expect(entry.amount == nil)
    #expect(entry.amountError == nil)
    try entry.apply(.rename("Bus"))
    #expect(throws: AmountEntryError.missingAmount) { try entry.submit() }
  }

  // MARK: Paste, clear, length

  @Test("paste replaces the whole amount text")
  func pasteReplaces() throws {
    var entry = try AmountEntry.typed("99")
    try entry.apply(.paste("1’234.50 CHF"))
    #expect(entry.amountText == "1’234.50 CHF")
    #expect(entry.amount == Money(minorUnits: 123_450, currency: .chf))
    try entry.apply(.paste(""))
    #expect(entry.amountText.isEmpty)
    #expect(entry.amount == nil)
  }

  @Test("clear empties the amount and keeps the name")
  func clearKeepsTheName() throws {
    var entry = try AmountEntry.typed("12")
    try entry.apply(.rename("Lunch"))
    try entry.apply(.clear)
    #expect(entry.amountText.isEmpty)
    #expect(entry.name == "Lunch")
    #expect(entry.amount == nil)
  }

  @Test("the amount text is bounded: a longer paste or keystroke is refused and changes nothing")
  func lengthIsBounded() throws {
    let maximum = AmountEntry.amountTextLengthMax
    var entry = AmountEntry(currency: .chf)
    try entry.apply(.paste(String(repeating: "1", count: maximum)))
    let full = entry
    #expect(throws: AmountEntryError.amountTooLong(length: maximum + 1, maximum: maximum)) {
      try entry.apply(.type("2"))
    }
    #expect(entry == full)
    #expect(throws: AmountEntryError.amountTooLong(length: maximum + 1, maximum: maximum)) {
      try entry.apply(.paste(String(repeating: "3", count: maximum + 1)))
    }
    #expect(entry == full)
    // A combining mark joins the last character: the length does not grow, so it is accepted.
    try entry.apply(.type("\u{301}"))
    #expect(entry.amountText.count == maximum)
  }

  // MARK: Chips

  @Test(
    "a chip is selected when the typed amount equals it, however it is written",
    arguments: [
      ("20", 20), ("20.00", 20), ("20.–", 20), ("20.-", 20), ("20.", 20), ("CHF 20", 20),
      ("20 CHF", 20), ("020", 20), ("10", 10), ("15.0", 15), ("30,00", 30),
    ] as [(String, Int)])
  func chipSelectedWhenEqual(text: String, chip: Int) throws {
    let entry = try AmountEntry.typed(text)
    #expect(entry.selectedChip == chip)
  }

  @Test(
    "no chip is selected otherwise",
    arguments: ["", "2", "20.01", "19.99", "-20", "200", "20a", "1’", "25"])
  func noChipOtherwise(text: String) throws {
    #expect(try AmountEntry.typed(text).selectedChip == nil)
  }

  @Test("a chip replaces the amount, never adds to it")
  func chipReplaces() throws {
    var entry = try AmountEntry.typed("1’234.56")
    try entry.apply(.rename("Dinner"))
    try entry.apply(.chip(10))
    #expect(entry.amountText == "10")
    try entry.apply(.chip(20))
    #expect(entry.amountText == "20")
    #expect(entry.amount == Money(minorUnits: 2000, currency: .chf))
    #expect(entry.selectedChip == 20)
    #expect(entry.name == "Dinner")
    try entry.apply(.type("5"))  // typing after a chip edits its text: 205
    #expect(entry.selectedChip == nil)
    #expect(entry.amount == Money(minorUnits: 20_500, currency: .chf))
  }

  @Test("a chip in euros is whole euros")
  func chipInEuros() throws {
    var entry = AmountEntry(currency: .eur)
    try entry.apply(.chip(15))
    #expect(entry.amount == Money(minorUnits: 1500, currency: .eur))
    #expect(entry.selectedChip == 15)
  }

  @Test(
    "a value that is not a quick amount is refused and changes nothing",
    arguments: [0, -10, 25, 1, 100, Int.max, Int.min])
  func unknownChipIsRefused(value: Int) throws {
    var entry = try AmountEntry.typed("7.50")
    let before = entry
    #expect(throws: AmountEntryError.unknownQuickAmount(value)) { try entry.apply(.chip(value)) }
    #expect(entry == before)
    #expect(entry.amount == Money(minorUnits: 750, currency: .chf))
  }

  // MARK: Submit

  @Test(
    "submit refuses zero, negative, blank names, and reports the amount first",
    arguments: [
      ("0", "Coffee", AmountEntryError.amountNotPositive(Money(minorUnits: 0, currency: .chf))),
      ("0.00", "Coffee", .amountNotPositive(Money(minorUnits: 0, currency: .chf))),
      ("-0.05", "Coffee", .amountNotPositive(Money(minorUnits: -5, currency: .chf))),
      ("", "Coffee", .missingAmount),
      ("4.50", "", .emptyName),
      ("4.50", "   ", .emptyName),
      ("4.50", " \n\t\u{00A0}\u{2028}", .emptyName),
      ("-1", "", .amountNotPositive(Money(minorUnits: -100, currency: .chf))),
      ("", "", .missingAmount),
      ("1e", "", .invalidAmount(.unexpectedCharacter("e", position: 1))),
    ] as [(String, String, AmountEntryError)])
  func submitRefuses(text: String, name: String, error: AmountEntryError) throws {
    var entry = try AmountEntry.typed(text)
    try entry.apply(.rename(name))
    #expect(throws: error) { try entry.submit() }
    #expect(!entry.canSubmit)
  }

  @Test("submit trims the name and keeps the amount exactly")
  func submitTrims() throws {
    var entry = try AmountEntry.typed("1,234.56")
    try entry.apply(.rename("  \n Rent for May \t\n"))
    #expect(entry.canSubmit)
    let expense = try entry.submit()
    #expect(expense.amount == Money(minorUnits: 123_456, currency: .chf))
    #expect(expense.name == "Rent for May")
    #expect(entry.name == "  \n Rent for May \t\n")  // the field keeps what was typed
  }

  /// The name rule against Pulpe's three (the API: 1 to 100 UTF-16 units, trimmed; the web
  /// form: 2 to 100 units, untrimmed; the iOS sheet: non-blank). Lengths counted by hand in
  /// UTF-16 code units, as JavaScript's `length` counts them.
  @Test(
    "a name is 1 to 100 UTF-16 code units once trimmed: the API's maximum, the iOS sheet's minimum",
    arguments: [
      // One character is enough (the web form's minLength(2) would refuse "A").
      ("A", nil),
      // 100 × "a" = 100 units; the spaces around are trimmed before counting.
      ("  " + String(repeating: "a", count: 100) + "\n", nil),
      // 101 × "a" = 101 units.
      (String(repeating: "a", count: 101), AmountEntryError.nameTooLong(length: 101, maximum: 100)),
      // "🍕" is U+1F355, one character but a surrogate pair: 50 of them are 100 units, 51 are 102.
      (String(repeating: "🍕", count: 50), nil),
      (String(repeating: "🍕", count: 51), .nameTooLong(length: 102, maximum: 100)),
      // "é" decomposed is U+0065 U+0301: 2 units a character, so 51 of them are 102 units.
      (String(repeating: "e\u{0301}", count: 51), .nameTooLong(length: 102, maximum: 100)),
      // …and composed (U+00E9) 1 unit: 100 of them fit.
      (String(repeating: "\u{00E9}", count: 100), nil),
      (" \u{00A0}\n", .emptyName),
    ] as [(String, AmountEntryError?)])
  func nameRule(name: String, error: AmountEntryError?) throws {
    var entry = try AmountEntry.typed("12.50")
    try entry.apply(.rename(name))
    #expect(entry.canSubmit == (error == nil))
    if let error {
      #expect(throws: error) { try entry.submit() }
    } else {
      #expect(try entry.submit().name == name.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    #expect(SubmittedExpense.nameLengthMax == 100)
  }

  @Test("a stored expense whose name is too long is refused on decoding, naming the name")
  func decodingATooLongName() throws {
    let json = #"{"amount":"12.50 CHF","name":"\#(String(repeating: "x", count: 101))"}"#
    #expect {
      try JSONDecoder().decode(SubmittedExpense.self, from: Data(json.utf8))
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.codingPath.map(\.stringValue) == ["name"]
        && context.debugDescription == AmountEntryError.nameTooLong(length: 101, maximum: 100).description
    }
  }

  @Test("the smallest expense is one Rappen")
  func oneRappen() throws {
    var entry = try AmountEntry.typed("0.01")
    try entry.apply(.rename("Gum"))
    #expect(try entry.submit().amount == Money(minorUnits: 1, currency: .chf))
  }

  // MARK: Errors, Codable

  @Test("errors name the field and the reason")
  func errorDescriptions() {
    #expect(AmountEntryError.missingAmount.description.hasPrefix("amount: "))
    #expect(AmountEntryError.emptyName.description.hasPrefix("name: "))
    #expect(
      AmountEntryError.nameTooLong(length: 101, maximum: 100).description
        == "name: 101 UTF-16 code units is longer than the maximum of 100 (as Pulpe's API counts them)")
    #expect(
      AmountEntryError.invalidAmount(.unexpectedCharacter("e", position: 1)).description
        == "amount: not a valid amount: unexpected character \"e\" at position 1")
    #expect(
      AmountEntryError.unknownQuickAmount(25).description
        == "amount: 25 is not a quick amount (one of 10, 15, 20, 30)")
    #expect(
      AmountEntryError.amountTooLong(length: 65, maximum: 64).description
        == "amount: 65 characters is longer than the maximum of 64")
  }

  @Test("a restored sheet is the same sheet; an oversized one is refused")
  func codable() throws {
    var entry = try AmountEntry.typed("12 E", currency: .eur)
    try entry.apply(.rename("Taxi"))
    let data = try JSONEncoder().encode(entry)
    let decoded = try JSONDecoder().decode(AmountEntry.self, from: data)
    #expect(decoded == entry)
    #expect(decoded.isAmountIncomplete)
    let long = String(repeating: "1", count: AmountEntry.amountTextLengthMax + 1)
    let json = Data(#"{"currency":"CHF","amountText":"\#(long)","name":""}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(AmountEntry.self, from: json) }
  }

  @Test("a submitted expense decodes only when valid")
  func submittedExpenseCodable() throws {
    let expense = try SubmittedExpense(
      amount: Money(minorUnits: 450, currency: .chf), name: " Tea ")
    #expect(expense.name == "Tea")
    let data = try JSONEncoder().encode(expense)
    #expect(try JSONDecoder().decode(SubmittedExpense.self, from: data) == expense)
    let zero = Data(#"{"amount":"0.00 CHF","name":"Tea"}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(SubmittedExpense.self, from: zero)
    }
    let blank = Data(#"{"amount":"4.50 CHF","name":" "}"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(SubmittedExpense.self, from: blank)
    }
  }
}
