/// The state of the add-expense sheet: the amount field, the name field, and what they mean.
///
/// A pure reducer: `apply(_:)` takes one user action (a keystroke, a backspace, a paste, the
/// clear button, a quick-amount chip, an edit of the name) and updates the state; everything
/// else (`amount`, `amountError`, `selectedChip`, `canSubmit`) is derived from `amountText`,
/// `name` and `currency`. `submit()` turns a valid state into a `SubmittedExpense`.
///
/// ```swift
/// var entry = AmountEntry(currency: .chf)
/// try entry.apply(.type("1")); try entry.apply(.type("2")); try entry.apply(.type("."))
/// entry.amount                  // 12.00 CHF ("12." is accepted: no decimals yet)
/// try entry.apply(.chip(20))    // replaces, never adds
/// entry.amountText              // "20"
/// entry.selectedChip            // 20
/// try entry.apply(.rename("  Lunch "))
/// try entry.submit()            // SubmittedExpense(amount: 20.00 CHF, name: "Lunch")
/// ```
///
/// Decisions, and how they differ from Pulpe (see *The real apps Glance models*, Pulpe: amount entry):
/// - **Parsing** is `Money.parse(userInput:currency:)`, which never guesses: `1,234.56` is
///   1234.56 (Pulpe: 1.23), `1’234.50` is 1234.50, `-50` stays -50 and is refused at submit as
///   not greater than zero (Pulpe drops the sign), `1e3` and `0.005` are errors (Pulpe: 13 and 0).
///   A text that does not parse is never replaced by another number: it stays as typed and
///   `amountError` says where and why.
/// - **Empty**: text that is empty or only whitespace has no amount and no error; submitting it
///   fails with `missingAmount`.
/// - **Incomplete input**: while typing, some texts are not yet an amount but will be if the
///   person keeps typing: `-`, `1’` and `1’23` (on the way to `1’234`), `12.50 C` (on the way to
///   `12.50 CHF`). Such text is *incomplete*: `amountError` still holds the parse error (and
///   submit refuses it), but `visibleAmountError` is `nil`, so the sheet does not flash an error
///   at each keystroke. The rule is mechanical: the text is incomplete when appending `0`, `00`
///   or `000`, or the rest of the currency code (then optionally `0`) to it makes it parse.
///   A trailing decimal separator is not even incomplete: `12.` parses as 12.00, so backspacing
///   over `12.50` goes `12.5` (12.50), `12.` (12.00), `12`, `1`, empty, without an error.
///   `1,234` stays a visible error (`ambiguousSeparator`) until a decimal part follows:
///   three decimals or thousands? Glance does not guess, even for a moment.
/// - **Keystrokes** (`.type`) append any character, including letters, emoji and newlines: they
///   are kept so that the parse error can point at them (`12a` → unexpected `a` at position 2).
///   Refusing them would need a list of characters that can never appear in an amount, and
///   letters can (`CHF`, `€`).
/// - **Paste** replaces the whole amount text. Pulpe's amount field is a hidden text field with
///   no visible cursor or selection, so the only paste a person can aim is "replace what is
///   there"; appending would glue `12` and `1’234.50` into a third number.
/// - **Length**: the amount text holds at most `amountTextLengthMax` characters; a keystroke or
///   paste that would exceed it is refused with `amountTooLong` and changes nothing.
/// - **Clear** empties the amount text and keeps the name.
/// - **Chips** replace the amount text with the integer (`"20"`), never add to it, as Pulpe
///   does on both platforms. A value that is not one of `quickAmounts` is refused with
///   `unknownQuickAmount` and changes nothing. A chip is selected when the amount equals it,
///   however it was typed: `20`, `20.00`, `20.–`, `CHF 20`.
/// - **Name** is stored as typed; `submit()` trims whitespace and newlines from both ends
///   (`Character.isWhitespace`, which includes newlines, U+00A0 and U+2028), then requires 1 to
///   100 UTF-16 code units: Pulpe's API maximum, and the iOS sheet's minimum rather than the web
///   form's 2 (`SubmittedExpense` says why).
/// - **Prefill**: `init(editing:name:conventions:)` opens the sheet on an existing expense with
///   its amount as a person types it (`1’234.56`, `1 234,56`), which always reads back.
///
/// ## Laws
/// Property-tested over random sequences of every action (digits, separators, letters, emoji,
/// newlines, pastes, backspaces, valid and invalid chips, renames):
/// - `apply(_:)` never traps; when it throws, the state is unchanged.
/// - After every action, `amount` and `amountError` are what
///   `Money.parse(userInput: amountText, currency: currency)` says (whitespace-only text: both
///   `nil`); `visibleAmountError` is `amountError` unless the text is incomplete.
/// - `selectedChip == v` exactly when `amount` is `v` whole units; otherwise `nil`.
/// - `canSubmit` is `true` exactly when `submit()` succeeds.
/// - `.chip(v)` for `v` in `quickAmounts` leaves `amount == v` units and `selectedChip == v`,
///   whatever the state before; a second chip leaves the second value (replace, not add).
/// - Typing the characters of `x.formatted(.full)`, for any positive `x`, then naming the
///   expense, submits exactly `x`, and no visible error appears on the way.
/// - `.paste(t)` sets `amountText` to `t`; `.type(c)` then `.backspace` restores `amountText`
///   when `c` does not join the last character into one (a combining mark, `\r` + `\n`, flags).
/// - `Codable` and `==` carry only `currency`, `amountText` and `name`; everything else is
///   derived from them.
public struct AmountEntry: Sendable {
  /// The quick-amount chips, in whole francs or euros: 10, 15, 20, 30 (Pulpe's
  /// `DesignTokens.AmountInput.quickAmounts` and `predefinedAmounts`).
  public static let quickAmounts = [10, 15, 20, 30]

  /// The longest amount text, in `Character`s: 64. Far more than any real amount with currency
  /// and separators (`999’999’999.99 CHF` is 18), and it bounds the work of each action.
  public static let amountTextLengthMax = 64

  /// The currency the amount is read in and submitted in.
  public let currency: Currency

  /// What the amount field holds, exactly as typed or pasted.
  public private(set) var amountText: String

  /// What the name field holds, exactly as typed (trimmed only by `submit()`).
  public private(set) var name: String

  /// What `amountText` means; recomputed whenever `amountText` changes.
  private(set) var evaluation: Evaluation

  /// An empty sheet in `currency`: no amount, no name.
  public init(currency: Currency) {
    self.currency = currency
    self.amountText = ""
    self.name = ""
    self.evaluation = .empty
  }

  /// A sheet that edits an existing expense: the amount field prefilled with `amount` as a
  /// person would type it (`MoneyFormat.entry(_:)`: `1’234.56`, `1 234,56`, `50`), the name field
  /// with `name`.
  ///
  /// The prefill always reads back: `AmountEntry(editing: x).amount == x` (Pulpe's PUL-100 rule,
  /// "otherwise prefilled amounts would mutate on save").
  ///
  /// - Parameters:
  ///   - amount: the expense's amount; the sheet counts in its currency.
  ///   - name: the expense's name, as stored.
  ///   - conventions: how to write the amount; `nil` for the currency's default.
  /// - Throws: ``AmountEntryError/amountTooLong(length:maximum:)`` when the prefill would be
  ///   longer than ``amountTextLengthMax`` (an amount of more than about 45 digits).
  public init(editing amount: Money, name: String = "", conventions: MoneyConventions? = nil) throws(AmountEntryError) {
    self.init(currency: amount.currency)
    try replaceAmountText(with: amount.formatted(.entry(conventions ?? amount.currency.defaultConventions)))
    setName(name)
    assert(self.amount == amount, "the prefill \(amountText) does not read back as \(amount)")
  }

  // MARK: - Derived state

  /// The amount the text says, or `nil` when the text is empty, whitespace or does not parse.
  /// It may be zero or negative (`-50` is -50.00); `submit()` refuses those.
  public var amount: Money? {
    if case .valid(let money) = evaluation { return money }
    return nil
  }

  /// Why the non-empty amount text is not an amount, with the position; `nil` when it is one or
  /// when the text is empty. Set for incomplete text too (see `visibleAmountError`).
  public var amountError: MoneyParseError? {
    switch evaluation {
    case .empty, .valid: return nil
    case .incomplete(let error), .invalid(let error): return error
    }
  }

  /// Whether the text is not yet an amount but becomes one when more is typed (`1’`, `-`,
  /// `12 CH`). Such text has an `amountError` that the sheet should not show yet.
  public var isAmountIncomplete: Bool {
    if case .incomplete = evaluation { return true }
    return false
  }

  /// The error to show under the field: `amountError`, except while the text is incomplete.
  public var visibleAmountError: MoneyParseError? {
    if case .invalid(let error) = evaluation { return error }
    return nil
  }

  /// The quick amount equal to the current amount, if any: the chip to show as selected.
  public var selectedChip: Int? {
    guard let amount else { return nil }
    return Self.quickAmounts.first { amount == Self.wholeUnits($0, currency: currency) }
  }

  /// Whether `submit()` would succeed: an amount greater than zero and a name of 1 to
  /// `SubmittedExpense.nameLengthMax` UTF-16 code units once trimmed.
  public var canSubmit: Bool {
    if case .success = submission() { return true }
    return false
  }

  // MARK: - Updating the text

  /// Sets the amount text after checking its length; throws and changes nothing when too long.
  mutating func replaceAmountText(with text: String) throws(AmountEntryError) {
    let length = text.count
    guard length <= Self.amountTextLengthMax else {
      throw .amountTooLong(length: length, maximum: Self.amountTextLengthMax)
    }
    setAmountText(text)
  }

  /// Sets the amount text (already within the length limit) and re-derives its meaning.
  mutating func setAmountText(_ text: String) {
    precondition(
      text.count <= Self.amountTextLengthMax,
      "amount text of \(text.count) characters exceeds \(Self.amountTextLengthMax)")
    amountText = text
    evaluation = Evaluation(of: text, currency: currency)
    #if GLANCE_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Sets the name field.
  mutating func setName(_ text: String) {
    name = text
  }

  /// `units` whole francs or euros.
  static func wholeUnits(_ units: Int, currency: Currency) -> Money {
    Money(minorUnits: Int64(units) * 100, currency: currency)
  }

  #if GLANCE_INTERNAL_CHECKS
    /// Deep check: the stored evaluation is what the text says, and its cases agree.
    func checkInvariants() {
      precondition(
        evaluation == Evaluation(of: amountText, currency: currency),
        "stale evaluation \(evaluation) for \(amountText.debugDescription)")
      precondition(
        (amount == nil) || (amountError == nil),
        "both an amount and an error for \(amountText.debugDescription)")
      if let chip = selectedChip {
        precondition(amount == Self.wholeUnits(chip, currency: currency), "chip \(chip) not equal")
      }
    }
  #endif
}

// MARK: - What the text means

extension AmountEntry {
  /// The meaning of an amount text: empty, an amount, or a parse error that more typing may or
  /// may not fix.
  enum Evaluation: Sendable, Equatable {
    case empty
    case valid(Money)
    case incomplete(MoneyParseError)
    case invalid(MoneyParseError)

    init(of text: String, currency: Currency) {
      switch Self.parse(text, currency: currency) {
      case .success(let money):
        self = .valid(money)
      case .failure(.empty):
        self = .empty
      case .failure(let error):
        self = Self.canBeCompleted(text, currency: currency) ? .incomplete(error) : .invalid(error)
      }
    }

    static func parse(_ text: String, currency: Currency) -> Result<Money, MoneyParseError> {
      do throws(MoneyParseError) {
        return .success(try Money.parse(userInput: text, currency: currency))
      } catch {
        return .failure(error)
      }
    }

    /// Whether appending `0`, `00`, `000`, or the rest of the currency code (then `0`) makes the
    /// text parse. At most five parses of at most `amountTextLengthMax + 3` characters.
    static func canBeCompleted(_ text: String, currency: Currency) -> Bool {
      var completions = ["0", "00", "000"]
      let trailingLetters = String(text.reversed().prefix { $0.isLetter }.reversed())
      let code = currency.code
      if !trailingLetters.isEmpty, trailingLetters.count < code.count,
        code.hasPrefix(trailingLetters.uppercased())
      {
        let rest = String(code.dropFirst(trailingLetters.count))
        completions += [rest, rest + "0"]
      }
      return completions.contains { completion in
        if case .success = parse(text + completion, currency: currency) { return true }
        return false
      }
    }
  }
}

// MARK: - Equatable, Hashable, Codable

extension AmountEntry: Hashable {
  /// Same currency, same amount text, same name; the derived state follows from these.
  public static func == (lhs: AmountEntry, rhs: AmountEntry) -> Bool {
    lhs.currency == rhs.currency && lhs.amountText == rhs.amountText && lhs.name == rhs.name
  }

  /// Hashes the currency, the amount text and the name.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(currency)
    hasher.combine(amountText)
    hasher.combine(name)
  }
}

extension AmountEntry: Codable {
  enum CodingKeys: String, CodingKey {
    case currency, amountText, name
  }

  /// Encodes the currency, the amount text and the name (the derived state is recomputed on
  /// decoding), so that a sheet can be restored exactly as the person left it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(currency, forKey: .currency)
    try container.encode(amountText, forKey: .amountText)
    try container.encode(name, forKey: .name)
  }

  /// Decodes what `encode(to:)` writes and re-derives the amount.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when the amount text is longer than
  ///   `amountTextLengthMax`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(currency: try container.decode(Currency.self, forKey: .currency))
    let text = try container.decode(String.self, forKey: .amountText)
    do throws(AmountEntryError) {
      try replaceAmountText(with: text)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .amountText, in: container, debugDescription: error.description)
    }
    setName(try container.decode(String.self, forKey: .name))
  }
}
