/// How much of one budget line's envelope the transactions allocated to it have used: Pulpe's
/// iOS per-line consumption (see *The real apps Glance models*, Pulpe: budget formulas).
///
/// - `allocated` = the sum of **every** transaction allocated to the line, whatever its kind.
///   This is Pulpe's display rule and differs on purpose from the envelope rule of
///   ``BudgetMetrics``, which ignores allocations of the other direction.
/// - `available` = line amount − allocated (negative when the envelope is overspent).
/// - `percentage` = allocated ÷ line amount × 100, exact. Pulpe returns 0 for a line ≤ 0;
///   ``BudgetLine`` cannot hold one, so here the division is always defined.
/// - `isOverBudget` when percentage > 100; `isNearLimit` when 80 ≤ percentage ≤ 100 (both ends
///   included, compared exactly).
///
/// ## Laws
/// - `available + allocated == lineAmount`.
/// - `isOverBudget` exactly when `allocated > lineAmount`; `isNearLimit` and `isOverBudget` are
///   never both true.
/// - Scaling every amount by a positive `k` leaves `percentage` unchanged.
public struct LineConsumption: Sendable, Hashable {
  /// The line's id.
  public let lineID: String
  /// The line's planned amount (always > 0).
  public let lineAmount: Money
  /// Every transaction allocated to the line, any kind.
  public let allocated: Money
  /// `lineAmount − allocated`.
  public let available: Money
  /// `allocated ÷ lineAmount × 100`, exact.
  public let percentage: Ratio

  /// The usage percentage from which a line is near its limit: exactly 80.
  public static let nearLimitThreshold = Ratio(80)

  /// The consumption of `line` by the transactions allocated to it (others are ignored).
  ///
  /// - Throws: ``BudgetError/currencyMismatch(_:expected:found:)`` when a transaction is not in
  ///   the line's currency; ``BudgetError/duplicateID(_:)`` when two transactions share an id.
  /// - Complexity: O(transactions).
  public init(line: BudgetLine, transactions: [BudgetTransaction]) throws(BudgetError) {
    let book = try EnvelopeBook(
      lines: [line], transactions: transactions, currency: line.amount.currency)
    self.init(line: line, allocated: book.anyKindAllocated[0])
  }

  init(line: BudgetLine, allocated: Money) {
    lineID = line.id
    lineAmount = line.amount
    self.allocated = allocated
    available = line.amount - allocated
    percentage = allocated.ratio(to: line.amount) * 100
  }

  /// The consumption of every line, in the order of `lines`.
  ///
  /// - Throws: ``BudgetError/currencyMismatch(_:expected:found:)`` when an amount is not in
  ///   `currency`; ``BudgetError/duplicateID(_:)`` when two lines or two transactions share an id.
  /// - Complexity: O(lines + transactions).
  public static func consumptions(
    lines: [BudgetLine], transactions: [BudgetTransaction], currency: Currency
  ) throws(BudgetError) -> [LineConsumption] {
    let book = try EnvelopeBook(lines: lines, transactions: transactions, currency: currency)
    return lines.indices.map {
      LineConsumption(line: lines[$0], allocated: book.anyKindAllocated[$0])
    }
  }

  /// Whether the transactions exceed the envelope: percentage > 100.
  public var isOverBudget: Bool { percentage > Ratio(100) }

  /// Whether the envelope is nearly used up: 80 ≤ percentage ≤ 100.
  public var isNearLimit: Bool { (Self.nearLimitThreshold...Ratio(100)).contains(percentage) }
}
