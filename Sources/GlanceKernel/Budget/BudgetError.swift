/// Why budget data cannot be counted, and which item or argument is at fault.
///
/// Pulpe's formulas accept anything and return a number; Glance refuses input that would make
/// that number a guess (a zero or negative amount, a duplicated id, two currencies in one budget,
/// a day count that means nothing) and names the culprit.
///
/// ## Laws
/// - Every case's ``description`` names the subject (line, transaction, budget or argument) and
///   the offending value.
public enum BudgetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What an error is about: an item of the budget, or a named argument of a function.
  public enum Subject: Sendable, Hashable, CustomStringConvertible {
    /// The budget line (prévision) with this id.
    case line(id: String)
    /// The transaction (réel) with this id.
    case transaction(id: String)
    /// The monthly budget with this id, in a ``RolloverChain``.
    case budget(id: String)
    /// The rollover passed to ``BudgetMetrics/init(lines:transactions:rollover:)``.
    case rollover
    /// The argument of that name, as in `budgetedExpenses`.
    case argument(String)

    /// `line "l-1"`, `transaction "t-2"`, `budget "b-3"`, `the rollover`,
    /// `argument budgetedExpenses`.
    public var description: String {
      switch self {
      case .line(let id): return "line \"\(id)\""
      case .transaction(let id): return "transaction \"\(id)\""
      case .budget(let id): return "budget \"\(id)\""
      case .rollover: return "the rollover"
      case .argument(let name): return "argument \(name)"
      }
    }
  }

  /// An amount that Pulpe requires to be strictly positive (a line's or a transaction's) is
  /// zero or negative. The sign of a flow comes from its ``BudgetKind``, never from the amount.
  case nonPositiveAmount(Subject, amount: Money)
  /// A line, transaction or budget has the empty string as its id.
  case emptyID(Subject)
  /// Two lines, two transactions or two budgets share an id (the subject names the second).
  case duplicateID(Subject)
  /// An amount is not in the budget's currency: the rollover's for ``BudgetMetrics``, the
  /// line's for ``LineConsumption``, the one passed to ``RealizedMetrics`` or ``RolloverChain``,
  /// or the first argument's for the functions that take several amounts.
  case currencyMismatch(Subject, expected: Currency, found: Currency)
  /// Two budgets of a ``RolloverChain`` are for the same period; Pulpe's database forbids it
  /// (`UNIQUE(month, year, user_id)`) and their order would be arbitrary.
  case duplicatePeriod(BudgetPeriod, firstBudgetID: String, secondBudgetID: String)
  /// ``RolloverChain/balance(of:)`` was asked about a budget that is not in the chain.
  case unknownBudget(id: String)
  /// A day count that must be at least 1 (days left in the period, days in the period) is not.
  case nonPositiveDayCount(argument: String, value: Int)
  /// The day of the period is outside `1...daysInPeriod`.
  case dayOutsidePeriod(dayOfPeriod: Int, daysInPeriod: Int)

  /// A sentence naming what is wrong and where.
  public var description: String {
    switch self {
    case .nonPositiveAmount(let subject, let amount):
      return "\(subject) has amount \(amount); amounts must be greater than zero "
        + "(the kind gives the direction)"
    case .emptyID(let subject):
      return "\(subject) has an empty id"
    case .duplicateID(let subject):
      return "\(subject) appears more than once"
    case .currencyMismatch(let subject, let expected, let found):
      return "\(subject) is in \(found.code), but the budget counts in \(expected.code)"
    case .duplicatePeriod(let period, let first, let second):
      return "budgets \"\(first)\" and \"\(second)\" are both for period \(period)"
    case .unknownBudget(let id):
      return "budget \"\(id)\" is not in the rollover chain"
    case .nonPositiveDayCount(let argument, let value):
      return "\(argument) is \(value); it must be at least 1"
    case .dayOutsidePeriod(let day, let days):
      return "dayOfPeriod \(day) is outside the period's days 1…\(days)"
    }
  }
}

extension BudgetError {
  /// This error as the `DecodingError` of a decoded line or transaction, pointing at the id or at
  /// the amount (the two fields the checking initializers refuse).
  func decodingError<Key: CodingKey>(
    in container: KeyedDecodingContainer<Key>, idKey: Key, amountKey: Key
  ) -> DecodingError {
    let key: Key
    if case .emptyID = self { key = idKey } else { key = amountKey }
    return DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: description)
  }
}
