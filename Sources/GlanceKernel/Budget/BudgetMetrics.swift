/// The figures of one monthly budget under Pulpe's envelope rule (see *The real apps Glance models*, Pulpe: budget formulas),
/// exact over ``Money`` and ``Ratio``: no rounding anywhere, at any size.
///
/// ```swift
/// let metrics = try BudgetMetrics(
///   lines: lines, transactions: transactions, rollover: .chf(-20_000))
/// metrics.remaining        // "Reste": available − totalExpenses
/// metrics.usagePercentage  // 3070/51 (60.19… %) for §1.6 example 2, an exact Ratio
/// metrics.emotion          // .comfortable, .tight or .deficit
/// ```
///
/// **Envelopes.** Each line counts the larger of its amount and the sum of the transactions
/// allocated to it *of a matching kind*; free transactions (no line id, or `""`) count in full.
/// - An income line draws on income transactions; an expense or a saving line draws on
///   transactions of **either outflow kind** (Pulpe's TypeScript `calculateAllMetrics`; Pulpe's
///   Swift aggregate lets a saving line draw only on saving transactions, so a 500 saving line
///   with a 600 expense transaction allocated to it counts 600 here and 500 there).
/// - A transaction allocated to a line of the other direction (income on an expense line, or
///   the reverse) counts nowhere; one allocated to a line that is not in `lines` counts nowhere
///   (Pulpe drops both silently; Glance does the same, and says so here).
/// - Rollover lines count like any other line (TypeScript rule; see ``BudgetLine``).
///
/// **Totals.** `totalIncome` = income envelopes + free income; `totalExpenses` = expense and
/// saving envelopes + free expense and saving transactions (savings are expenses);
/// `totalSavings` = saving envelopes (the same envelope amount that `totalExpenses` counts for
/// that line) + free saving transactions; `available` = `totalIncome + rollover`;
/// `endingBalance` = `remaining` = `available − totalExpenses`.
///
/// **Hero ledger.** `checked` (pointé, the realized expenses) + `committed` (engagé,
/// `max(totalExpenses − checked, 0)`) + `remaining` = `available`. It holds for every input:
/// realized expenses never exceed `totalExpenses` (a checked line counts at most its envelope,
/// an unchecked one only part of it, checked free transactions are a subset of the free ones),
/// so the `max` never clamps and the three terms are `checked + (totalExpenses − checked) +
/// (available − totalExpenses)`. The init checks it.
///
/// ## Laws
/// - `remaining == endingBalance == available - totalExpenses`;
///   `available == totalIncome + rollover`.
/// - `remaining == rollover + ownDelta`.
/// - `checked + committed + remaining == available`, and `committed >= 0`.
/// - `totalExpenses >= Σ expense and saving line amounts`;
///   `totalIncome >= Σ income line amounts`.
/// - `totalSavings <= totalExpenses`; `realized.expenses <= totalExpenses`.
/// - Scaling every amount (and the rollover) by a positive integer `k` scales every amount by
///   `k` and changes neither ``usagePercentage`` nor ``emotion``, far beyond `Int64`.
/// - Lines and transactions may come in any order; the result is the same.
public struct BudgetMetrics: Sendable, Hashable {
  /// The budget's currency: the rollover's, which every line and transaction shares.
  public let currency: Currency
  /// Income envelopes plus free income transactions.
  public let totalIncome: Money
  /// Expense and saving envelopes plus free expense and saving transactions.
  public let totalExpenses: Money
  /// Saving envelopes plus free saving transactions; part of ``totalExpenses``.
  public let totalSavings: Money
  /// The rollover ("report") carried in from earlier months, echoed back. May be negative.
  public let rollover: Money
  /// `totalIncome + rollover`: what the month has to spend ("Disponible" in Pulpe's web hero).
  public let available: Money
  /// `available − totalExpenses`; the same number as ``remaining``.
  public let endingBalance: Money
  /// `available − totalExpenses` ("Reste"); negative in a deficit month.
  public let remaining: Money
  /// The checked ("pointé") figures of the same lines and transactions.
  public let realized: RealizedMetrics
  /// Engagé: planned outflow not yet checked, `max(totalExpenses − realized.expenses, 0)`.
  public let committed: Money
  /// `totalExpenses ÷ available × 100`, exact; 0 when `available ≤ 0`; may exceed 100.
  public let usagePercentage: Ratio
  /// Deficit, tight or comfortable (see ``EmotionState``).
  public let emotion: EmotionState

  /// The metrics of `lines` and `transactions` with `rollover` carried in.
  ///
  /// - Parameters:
  ///   - lines: the budget lines, in any order, ids unique.
  ///   - transactions: the transactions, in any order, ids unique.
  ///   - rollover: the amount carried in (``RolloverChain/Balance/rollover``); its currency is
  ///     the budget's.
  /// - Throws: ``BudgetError/currencyMismatch(_:expected:found:)`` when a line or transaction is
  ///   not in the rollover's currency; ``BudgetError/duplicateID(_:)`` when two lines or two
  ///   transactions share an id.
  /// - Complexity: O(lines + transactions).
  public init(
    lines: [BudgetLine], transactions: [BudgetTransaction], rollover: Money
  )
    throws(BudgetError)
  {
    let book = try EnvelopeBook(
      lines: lines, transactions: transactions, currency: rollover.currency)
    currency = rollover.currency
    totalIncome = book.sum(where: { $0.kind == .income }, of: .planned) + book.freeIncome
    totalExpenses = book.sum(where: { $0.kind.isOutflow }, of: .planned) + book.freeOutflow
    totalSavings = book.sum(where: { $0.kind == .saving }, of: .planned) + book.freeSaving
    self.rollover = rollover
    available = totalIncome + rollover
    endingBalance = available - totalExpenses
    remaining = endingBalance
    realized = RealizedMetrics(book: book)
    committed = max(totalExpenses - realized.expenses, .zero(currency))
    usagePercentage = Self.usage(totalExpenses: totalExpenses, available: available)
    emotion = EmotionState(
      remaining: remaining, available: available, usagePercentage: usagePercentage)
    precondition(
      realized.expenses <= totalExpenses,
      "realized expenses \(realized.expenses) exceed total expenses \(totalExpenses)")
    precondition(
      realized.expenses + committed + remaining == available,
      "hero ledger \(realized.expenses) + \(committed) + \(remaining) is not \(available)")
  }

  /// The same as ``init(lines:transactions:rollover:)``, named after Pulpe's `calculateAllMetrics`.
  public static func compute(
    lines: [BudgetLine], transactions: [BudgetTransaction], rollover: Money
  ) throws(BudgetError) -> BudgetMetrics {
    try BudgetMetrics(lines: lines, transactions: transactions, rollover: rollover)
  }

  /// Pointé: the realized expenses, the first term of the hero ledger.
  public var checked: Money { realized.expenses }

  /// The month's own delta, `totalIncome − totalExpenses` (the remaining with no rollover):
  /// what Pulpe stores as `monthly_budget.ending_balance` and what ``RolloverChain`` adds up.
  public var ownDelta: Money { totalIncome - totalExpenses }

  /// `totalExpenses ÷ available × 100` as an exact ratio; 0 when `available ≤ 0`.
  ///
  /// - Throws: ``BudgetError/currencyMismatch(_:expected:found:)`` when the amounts are in
  ///   different currencies (the subject is `totalExpenses`).
  public static func usagePercentage(
    totalExpenses: Money, available: Money
  ) throws(BudgetError)
    -> Ratio
  {
    guard available.currency == totalExpenses.currency else {
      throw .currencyMismatch(
        .argument("totalExpenses"), expected: available.currency, found: totalExpenses.currency)
    }
    return usage(totalExpenses: totalExpenses, available: available)
  }

  /// The usage rule on amounts of one currency.
  static func usage(totalExpenses: Money, available: Money) -> Ratio {
    guard available.signum > 0 else { return .zero }
    return totalExpenses.ratio(to: available) * 100
  }
}
