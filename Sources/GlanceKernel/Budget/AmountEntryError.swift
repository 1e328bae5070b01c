/// Why the add-expense sheet refused an action or a submission: the field and the reason.
///
/// Two kinds of refusal share this type, because both are about what the sheet holds:
/// - an action that `AmountEntry.apply(_:)` rejects (`unknownQuickAmount`, `amountTooLong`),
///   which leaves the state exactly as it was;
/// - a submission that `AmountEntry.submit()` rejects (`missingAmount`, `invalidAmount`,
///   `amountNotPositive`, `emptyName`, `nameTooLong`).
///
/// ## Laws
/// - `AmountEntry.submit()` throws one of the five submission cases exactly when
///   `AmountEntry.canSubmit` is `false`; the amount is checked before the name.
/// - `apply(_:)` throws `unknownQuickAmount` or `amountTooLong` only, and never changes the state
///   when it throws.
/// - `description` names the field ("amount" or "name") first, then the reason.
public enum AmountEntryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The amount field is empty (or holds only whitespace).
  case missingAmount
  /// The amount text does not parse; the parse error says where and why.
  case invalidAmount(MoneyParseError)
  /// The amount parses but is zero or negative; an expense must be greater than zero. The sign is
  /// reported, never dropped (Pulpe reads `-50` as 50).
  case amountNotPositive(Money)
  /// The name is empty once whitespace and newlines are trimmed from both ends.
  case emptyName
  /// The trimmed name is `length` UTF-16 code units, more than `maximum`
  /// (`SubmittedExpense.nameLengthMax`, Pulpe's API maximum, counted as the API counts).
  case nameTooLong(length: Int, maximum: Int)
  /// `.chip(value)` with a value that is not one of `AmountEntry.quickAmounts`.
  case unknownQuickAmount(Int)
  /// A keystroke or a paste would make the amount text longer than
  /// `AmountEntry.amountTextLengthMax` characters; `length` is the length it would have had.
  case amountTooLong(length: Int, maximum: Int)

  /// The field and the reason, in words: `amount: 0.00 is not greater than zero`.
  public var description: String {
    switch self {
    case .missingAmount:
      return "amount: missing (the field is empty)"
    case .invalidAmount(let error):
      return "amount: not a valid amount: \(error)"
    case .amountNotPositive(let amount):
      return "amount: \(amount.description) \(amount.currency.code) is not greater than zero"
    case .emptyName:
      return "name: empty (a name is required; spaces and newlines alone do not count)"
    case .nameTooLong(let length, let maximum):
      return "name: \(length) UTF-16 code units is longer than the maximum of \(maximum) (as Pulpe's API counts them)"
    case .unknownQuickAmount(let value):
      let allowed = AmountEntry.quickAmounts.map(String.init).joined(separator: ", ")
      return "amount: \(value) is not a quick amount (one of \(allowed))"
    case .amountTooLong(let length, let maximum):
      return "amount: \(length) characters is longer than the maximum of \(maximum)"
    }
  }
}
