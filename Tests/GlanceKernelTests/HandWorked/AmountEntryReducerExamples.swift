import GlanceKernel
import Testing

/// The amount entry's keystroke reducer, one action at a time, with the state after each worked
/// out by hand (Pulpe's sheet has no such test: its field keeps no text of its own).
@Suite("Hand-worked: the amount entry's reducer")
struct AmountEntryReducerExamples {
  /// One step: the action, then the text, the amount in Rappen (`nil`: none), whether an error
  /// shows, and the selected chip.
  struct Step: CustomStringConvertible {
    let action: AmountEntry.Action
    let text: String
    let rappen: Int64?
    let showsError: Bool
    let chip: Int?
    var description: String { "\(action) → \(text)" }
  }

  /// Typing 1’234.5 digit by digit, then a chip, backspaces and a comma:
  /// - `1` is 1.00; `1’` is incomplete (no error shown: `1’000` would parse); `1’2` and `1’23`
  ///   too (a group needs three digits); `1’234` is 1234.00; `1’234.` is 1234.00 (no decimals
  ///   yet); `1’234.5` is 1234.50.
  /// - Chip 20 replaces the text with `20` (never adds: not 1254.50) and is selected.
  /// - Backspace leaves `2` (2.00, no chip); typing `0` gives `20` again, selected again.
  /// - `,` gives `20,` (20.00, still chip 20); `5` gives `20,5`, 20.50, no chip.
  /// - Clear empties the text: no amount, no error.
  @Test("typing 1’234.5, a chip, backspace, a comma, clear: every intermediate state")
  func typingSequence() throws {
    let steps = [
      Step(action: .type("1"), text: "1", rappen: 100, showsError: false, chip: nil),
      Step(action: .type("’"), text: "1’", rappen: nil, showsError: false, chip: nil),
      Step(action: .type("2"), text: "1’2", rappen: nil, showsError: false, chip: nil),
      Step(action: .type("3"), text: "1’23", rappen: nil, showsError: false, chip: nil),
      Step(action: .type("4"), text: "1’234", rappen: 123_400, showsError: false, chip: nil),
      Step(action: .type("."), text: "1’234.", rappen: 123_400, showsError: false, chip: nil),
      Step(action: .type("5"), text: "1’234.5", rappen: 123_450, showsError: false, chip: nil),
      Step(action: .chip(20), text: "20", rappen: 2000, showsError: false, chip: 20),
      Step(action: .backspace, text: "2", rappen: 200, showsError: false, chip: nil),
      Step(action: .type("0"), text: "20", rappen: 2000, showsError: false, chip: 20),
      Step(action: .type(","), text: "20,", rappen: 2000, showsError: false, chip: 20),
      Step(action: .type("5"), text: "20,5", rappen: 2050, showsError: false, chip: nil),
      Step(action: .clear, text: "", rappen: nil, showsError: false, chip: nil),
    ]
    try run(steps)
  }

  /// Errors, and what submit says:
  /// - `-` is incomplete (`-0` parses); `-5` is -5.00, which submit refuses as not positive;
  /// - pasting `12.345` replaces the text; one `.` then three digits is ambiguous (12.345 or
  ///   12 345?); appending `0`, `00` or `000` gives four to six decimals, still no amount, so the
  ///   text is not incomplete and the error shows at once;
  /// - chip 15 replaces it: 15.00, chip 15, and with a name, submit gives exactly 15.00.
  @Test("a minus, an ambiguous paste, a chip, and what submit says at each")
  func errorsAndSubmit() throws {
    var entry = AmountEntry(currency: .chf)
    try entry.apply(.rename("Kaffee"))
    try entry.apply(.type("-"))
    #expect(entry.amount == nil && entry.isAmountIncomplete && entry.visibleAmountError == nil)
    #expect(throws: AmountEntryError.invalidAmount(.missingDigits(position: 1))) { try entry.submit() }
    try entry.apply(.type("5"))
    #expect(entry.amount == .chf(-500))
    #expect(throws: AmountEntryError.amountNotPositive(.chf(-500))) { try entry.submit() }
    try entry.apply(.paste("12.345"))
    #expect(entry.amountText == "12.345" && entry.amount == nil)
    #expect(entry.visibleAmountError == .ambiguousSeparator(".", position: 2))
    try entry.apply(.chip(15))
    #expect(entry.amountText == "15" && entry.selectedChip == 15)
    #expect(try entry.submit() == SubmittedExpense(amount: .chf(1500), name: "Kaffee"))
  }

  func run(_ steps: [Step]) throws {
    var entry = AmountEntry(currency: .chf)
    for step in steps {
      try entry.apply(step.action)
      #expect(entry.amountText == step.text, "\(step)")
      #expect(entry.amount == step.rappen.map(Money.chf), "\(step)")
      #expect((entry.visibleAmountError != nil) == step.showsError, "\(step)")
      #expect(entry.selectedChip == step.chip, "\(step)")
    }
  }
}
