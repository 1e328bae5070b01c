// Submitting the sheet: the checks Pulpe makes (amount > 0, a trimmed name of 1 to 100 UTF-16
// code units), with the reason when they fail.

/// An expense the add-expense sheet accepted: an amount greater than zero and a name of 1 to
/// ``nameLengthMax`` UTF-16 code units once trimmed.
///
/// The name rule, decided against Pulpe's three (see *The real apps Glance models*, Where
/// Glance differs):
/// - **At most 100 UTF-16 code units**, Pulpe's API maximum (`shared/schemas.ts`,
///   `transactionCreateSchema`: `z.string().min(1).max(100).trim()`, and the web form's
///   `Validators.maxLength(100)`), counted as they count it (a JavaScript string's `length`): an
///   expense Glance accepts is one Pulpe's API stores. "🍕" is 2 units, "é" 1 or 2 as it is
///   composed.
/// - **At least one character after trimming**, as the iOS sheet and the API require, not the web
///   form's 2 (`transaction-form-validators.ts`, `Validators.minLength(2)`): that minimum counts
///   UTF-16 units before trimming, so it takes " a" and "🍕" but refuses "A", and the API it
///   submits to accepts one character.
///
/// ## Laws
/// - `amount` is greater than zero and `name` is non-empty, at most ``nameLengthMax`` UTF-16 code
///   units, with no whitespace or newline at either end; `init(amount:name:)` and `init(from:)`
///   enforce it.
/// - `AmountEntry.submit()` returns exactly the parsed amount (no rounding, no truncation).
public struct SubmittedExpense: Sendable, Hashable, Codable {
  /// The amount, greater than zero.
  public let amount: Money
  /// The name, trimmed of whitespace and newlines at both ends, never empty.
  public let name: String

  /// The longest name, in UTF-16 code units once trimmed: 100, Pulpe's API maximum.
  public static let nameLengthMax = 100

  /// An expense of `amount` named `name` (trimmed here).
  ///
  /// - Throws: `AmountEntryError.amountNotPositive` when the amount is zero or negative,
  ///   `AmountEntryError.emptyName` when the trimmed name is empty,
  ///   `AmountEntryError.nameTooLong(length:maximum:)` when it is longer than ``nameLengthMax``
  ///   UTF-16 code units. The amount is checked first.
  public init(amount: Money, name: String) throws(AmountEntryError) {
    guard amount.signum > 0 else { throw .amountNotPositive(amount) }
    let trimmed = Self.trimmed(name)
    guard !trimmed.isEmpty else { throw .emptyName }
    let length = trimmed.utf16.count
    guard length <= Self.nameLengthMax else { throw .nameTooLong(length: length, maximum: Self.nameLengthMax) }
    self.amount = amount
    self.name = trimmed
  }

  enum CodingKeys: String, CodingKey {
    case amount, name
  }

  /// Decodes an amount and a name and checks them as `init(amount:name:)` does.
  ///
  /// - Throws: `DecodingError.dataCorrupted` naming the `AmountEntryError` when the amount is
  ///   not positive or the name is blank.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let amount = try container.decode(Money.self, forKey: .amount)
    let name = try container.decode(String.self, forKey: .name)
    do throws(AmountEntryError) {
      self = try SubmittedExpense(amount: amount, name: name)
    } catch {
      let key: CodingKeys
      switch error {
      case .emptyName, .nameTooLong: key = .name
      default: key = .amount
      }
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: error.description)
    }
  }

  /// `text` without whitespace or newlines (`Character.isWhitespace`) at either end.
  static func trimmed(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }
}

extension AmountEntry {
  /// Submits the sheet: the amount must parse and be greater than zero, and the name must not be
  /// blank once trimmed.
  ///
  /// The amount is checked before the name, so a sheet with both problems reports the amount.
  /// ```swift
  /// // amountText "-50"  → throws .amountNotPositive(-50.00 CHF)   (Pulpe submits 50)
  /// // amountText "0.005" → throws .invalidAmount(.tooManyFractionDigits(position: 4, count: 3))
  /// // amountText "1,234.56", name " Rent\n" → SubmittedExpense(1234.56 CHF, "Rent")
  /// ```
  /// - Returns: the amount, exactly as parsed, and the trimmed name.
  /// - Throws: `AmountEntryError.missingAmount`, `.invalidAmount(_)` (incomplete text
  ///   included), `.amountNotPositive(_)`, `.emptyName` or `.nameTooLong(length:maximum:)`.
  public func submit() throws(AmountEntryError) -> SubmittedExpense {
    try submission().get()
  }

  /// `submit()` as a `Result`, shared with `canSubmit`.
  func submission() -> Result<SubmittedExpense, AmountEntryError> {
    let amount: Money
    switch evaluation {
    case .empty: return .failure(.missingAmount)
    case .incomplete(let error), .invalid(let error): return .failure(.invalidAmount(error))
    case .valid(let money): amount = money
    }
    do throws(AmountEntryError) {
      return .success(try SubmittedExpense(amount: amount, name: name))
    } catch {
      return .failure(error)
    }
  }
}
