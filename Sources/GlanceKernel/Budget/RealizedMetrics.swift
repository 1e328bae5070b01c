/// The "pointé" (checked) side of a month: what has actually happened, as far as the user has
/// ticked it off (see *The real apps Glance models*, Pulpe: budget formulas).
///
/// - **Realized income** = checked income lines + every checked income transaction. No envelope
///   applies (Pulpe's TypeScript and Swift agree), so a checked 5000 line with a checked 5000
///   income transaction allocated to it gives 10000, and a checked income transaction counts
///   even when it is allocated to an expense line or to a line that does not exist.
/// - **Realized expenses**, per expense or saving line: a checked line counts the larger of its
///   amount and its checked allocated outflow transactions; an unchecked line counts only those
///   transactions. Checked free outflow transactions are added in full.
/// - **Realized balance** = realized income − realized expenses. **TypeScript rule, without the
///   rollover**; Pulpe's Swift (since PUL‑295) adds the rollover. Callers who want the iOS figure
///   add ``BudgetMetrics/rollover`` themselves.
/// - **Realized savings** = per saving line, the same checked/unchecked rule counting only
///   `saving` transactions, and **no free transactions (TypeScript rule**, which feeds savings
///   goals); Pulpe's Swift also counts checked free saving transactions.
/// - Rollover lines count like any other line (TypeScript rule; see ``BudgetLine``).
/// - ``checkedItemsCount`` and ``totalItemsCount`` count lines and transactions (rollover lines
///   included); ``completionPercentage`` is checked ÷ total × 100, 0 when there are no items
///   (these three are from Pulpe's Swift; TypeScript has no counterpart).
///
/// ## Laws
/// - `balance == income - expenses`.
/// - `expenses <= BudgetMetrics.totalExpenses` and `savings <= expenses` for the same input (each
///   term is bounded by its planned counterpart), so the hero ledger always balances.
/// - `0 <= completionPercentage <= 100`; it is 100 exactly when every item is checked.
/// - Exact at every size: scaling every amount by `k` scales every amount here by `k`.
public struct RealizedMetrics: Sendable, Hashable {
  /// The currency of every amount.
  public let currency: Currency
  /// Checked income lines plus checked income transactions.
  public let income: Money
  /// Checked outflow, under the checked/unchecked line rule.
  public let expenses: Money
  /// `income - expenses`, without the rollover (TypeScript rule).
  public let balance: Money
  /// Checked savings on saving lines, kind-strict, without free transactions (TypeScript rule).
  public let savings: Money
  /// The number of checked lines and transactions.
  public let checkedItemsCount: Int
  /// The number of lines and transactions.
  public let totalItemsCount: Int
  /// `checkedItemsCount / totalItemsCount × 100`, exact; 0 when there are no items.
  public let completionPercentage: Ratio

  /// The realized metrics of `lines` and `transactions`, every amount in `currency`.
  ///
  /// - Throws: ``BudgetError/currencyMismatch(_:expected:found:)`` when an amount is not in
  ///   `currency`; ``BudgetError/duplicateID(_:)`` when two lines or two transactions share an id.
  /// - Complexity: O(lines + transactions).
  public init(
    lines: [BudgetLine], transactions: [BudgetTransaction], currency: Currency
  )
    throws(BudgetError)
  {
    self.init(book: try EnvelopeBook(lines: lines, transactions: transactions, currency: currency))
  }

  init(book: EnvelopeBook) {
    currency = book.currency
    let checkedIncomeLines = book.sum(where: { $0.kind == .income && $0.isChecked }, of: .line)
    income = checkedIncomeLines + book.checkedIncomeTransactions
    expenses =
      book.sum(where: { $0.kind.isOutflow }, of: .realized) + book.checkedFreeOutflow
    balance = income - expenses
    savings = book.sum(where: { $0.kind == .saving }, of: .realizedSaving)
    checkedItemsCount =
      book.lines.count(where: \.isChecked) + book.transactions.count(where: \.isChecked)
    totalItemsCount = book.lines.count + book.transactions.count
    completionPercentage =
      totalItemsCount == 0
      ? .zero : Ratio(numerator: checkedItemsCount * 100, denominator: totalItemsCount)
    precondition(
      savings <= expenses, "realized savings \(savings) exceed realized expenses \(expenses)")
    precondition(checkedItemsCount <= totalItemsCount, "more checked items than items")
  }
}
