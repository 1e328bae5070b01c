// The reducer: one user action in, the next state out.

extension AmountEntry {
  /// One thing the person does on the add-expense sheet.
  ///
  /// Not `Codable`: actions are transient user-interface events, and `Character` has no
  /// `Codable` conformance; persist the `AmountEntry` instead.
  ///
  /// ## Laws
  /// - Every action is accepted by `AmountEntry.apply(_:)` without trapping; only `.type` and
  ///   `.paste` (too long) and `.chip` (unknown value) can be refused, with the state unchanged.
  public enum Action: Sendable, Hashable {
    /// A keystroke: the character is appended to the amount text, whatever it is (letters,
    /// emoji and newlines included, so that the parse error can point at them). Refused with
    /// `amountTooLong` past `AmountEntry.amountTextLengthMax` characters.
    case type(Character)
    /// Removes the last `Character` of the amount text; does nothing when it is empty.
    case backspace
    /// Replaces the whole amount text with the pasted text (the field has no visible
    /// selection, so "replace" is the only paste a person can aim). Refused with
    /// `amountTooLong` past `AmountEntry.amountTextLengthMax` characters.
    case paste(String)
    /// Empties the amount text; the name is kept.
    case clear
    /// A quick-amount chip: the amount text becomes the integer (`"20"`), replacing whatever
    /// was there, never adding to it. Refused with `unknownQuickAmount` unless the value is one
    /// of `AmountEntry.quickAmounts`.
    case chip(Int)
    /// Sets the name field to the text, as typed (`submit()` trims it).
    case rename(String)
  }

  /// Applies one action to the sheet.
  ///
  /// - Parameter action: what the person did.
  /// - Throws: `AmountEntryError.amountTooLong` for a keystroke or paste that would make the
  ///   amount text longer than `amountTextLengthMax`, `AmountEntryError.unknownQuickAmount` for
  ///   a chip value outside `quickAmounts`. The state is unchanged when it throws.
  /// - Complexity: O(n) in the length of the amount text (at most `amountTextLengthMax`), or in
  ///   the length of the pasted or renamed text.
  public mutating func apply(_ action: Action) throws(AmountEntryError) {
    switch action {
    case .type(let character):
      var text = amountText
      text.append(character)
      try replaceAmountText(with: text)
    case .backspace:
      guard !amountText.isEmpty else { return }
      var text = amountText
      text.removeLast()
      setAmountText(text)
    case .paste(let text):
      try replaceAmountText(with: text)
    case .clear:
      setAmountText("")
    case .chip(let value):
      guard Self.quickAmounts.contains(value) else { throw .unknownQuickAmount(value) }
      setAmountText(String(value))
      assert(
        amount == Self.wholeUnits(value, currency: currency), "chip \(value) gave \(amountText)")
    case .rename(let text):
      setName(text)
    }
  }
}
