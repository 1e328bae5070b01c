// The envelope bookkeeping behind BudgetMetrics, RealizedMetrics and LineConsumption: the input
// checks, then one pass over the transactions that sorts each one into its line's sums or the
// free sums. Every formula is then a plain sum over lines.

/// Validated lines and transactions of one budget, with each line's allocated sums.
///
/// Matching kinds (Pulpe's TypeScript `calculateAllMetrics`): an income line draws on income
/// transactions; an expense or saving line draws on outflow transactions of either outflow kind.
/// A transaction allocated to a line of the other direction counts nowhere in the planned and
/// realized expense totals; one allocated to a missing line likewise (its id dangles).
struct EnvelopeBook {
  let currency: Currency
  let lines: [BudgetLine]
  let transactions: [BudgetTransaction]

  /// Per line (same index as `lines`): allocated transactions of a matching kind.
  private(set) var matchingAllocated: [Money]
  /// Per line: the checked ones among `matchingAllocated`.
  private(set) var checkedMatchingAllocated: [Money]
  /// Per line: allocated checked transactions of kind `saving` (TypeScript's kind-strict
  /// realized savings); zero on lines that are not savings.
  private(set) var checkedSavingAllocated: [Money]
  /// Per line: every allocated transaction, whatever its kind (per-line consumption).
  private(set) var anyKindAllocated: [Money]

  /// Free transactions, by kind: income, outflow (expense + saving), saving.
  private(set) var freeIncome: Money
  private(set) var freeOutflow: Money
  private(set) var freeSaving: Money
  /// Checked free outflow transactions.
  private(set) var checkedFreeOutflow: Money
  /// Every checked income transaction, allocated, free or dangling (TypeScript realized income).
  private(set) var checkedIncomeTransactions: Money

  /// Checks the input and sorts every transaction into the sums.
  ///
  /// - Throws: ``BudgetError/currencyMismatch(_:expected:found:)`` for an amount not in
  ///   `currency`; ``BudgetError/duplicateID(_:)`` for a line id or transaction id seen before.
  init(
    lines: [BudgetLine], transactions: [BudgetTransaction], currency: Currency
  )
    throws(BudgetError)
  {
    let zero = Money.zero(currency)
    var lineIndex: [String: Int] = [:]
    lineIndex.reserveCapacity(lines.count)
    for (index, line) in lines.enumerated() {
      guard line.amount.currency == currency else {
        throw .currencyMismatch(.line(id: line.id), expected: currency, found: line.amount.currency)
      }
      guard lineIndex.updateValue(index, forKey: line.id) == nil else {
        throw .duplicateID(.line(id: line.id))
      }
    }
    var seenTransactions = Set<String>()
    seenTransactions.reserveCapacity(transactions.count)
    for transaction in transactions {
      guard transaction.amount.currency == currency else {
        throw .currencyMismatch(
          .transaction(id: transaction.id), expected: currency, found: transaction.amount.currency)
      }
      guard seenTransactions.insert(transaction.id).inserted else {
        throw .duplicateID(.transaction(id: transaction.id))
      }
    }
    self.currency = currency
    self.lines = lines
    self.transactions = transactions
    let perLine = [Money](repeating: zero, count: lines.count)
    (matchingAllocated, checkedMatchingAllocated) = (perLine, perLine)
    (checkedSavingAllocated, anyKindAllocated) = (perLine, perLine)
    (freeIncome, freeOutflow, freeSaving) = (zero, zero, zero)
    (checkedFreeOutflow, checkedIncomeTransactions) = (zero, zero)
    for transaction in transactions {
      record(transaction, lineIndex: lineIndex)
    }
  }

  /// Adds one transaction to the sums it belongs to.
  private mutating func record(_ transaction: BudgetTransaction, lineIndex: [String: Int]) {
    let amount = transaction.amount
    if transaction.kind == .income, transaction.isChecked { checkedIncomeTransactions += amount }
    guard let lineID = transaction.lineID else {
      switch transaction.kind {
      case .income: freeIncome += amount
      case .expense, .saving:
        freeOutflow += amount
        if transaction.isChecked { checkedFreeOutflow += amount }
        if transaction.kind == .saving { freeSaving += amount }
      }
      return
    }
    // A dangling allocation (no such line) counts in no envelope (Pulpe drops it too).
    guard let index = lineIndex[lineID] else { return }
    anyKindAllocated[index] += amount
    let line = lines[index]
    guard Self.matches(line: line.kind, transaction: transaction.kind) else { return }
    matchingAllocated[index] += amount
    guard transaction.isChecked else { return }
    checkedMatchingAllocated[index] += amount
    if line.kind == .saving, transaction.kind == .saving { checkedSavingAllocated[index] += amount }
  }

  /// Whether a transaction of kind `transaction` draws on a line of kind `line`: the same
  /// direction (TypeScript `calculateAllMetrics` counts every outflow kind on an outflow line).
  static func matches(line: BudgetKind, transaction: BudgetKind) -> Bool {
    line.isOutflow == transaction.isOutflow
  }

  /// Which of a line's envelopes ``sum(where:of:)`` adds up.
  enum Envelope {
    /// The line's own amount.
    case line
    /// ``envelope(_:)``.
    case planned
    /// ``realizedEnvelope(_:)``.
    case realized
    /// ``realizedSavingEnvelope(_:)``.
    case realizedSaving
  }

  /// Σ over the lines that pass `include` of their `envelope`. (An enum rather than a method
  /// reference such as `book.envelope`, which captured a copy of the whole book.)
  func sum(where include: (BudgetLine) -> Bool, of envelope: Envelope) -> Money {
    var total = Money.zero(currency)
    for index in lines.indices where include(lines[index]) {
      switch envelope {
      case .line: total += lines[index].amount
      case .planned: total += self.envelope(index)
      case .realized: total += realizedEnvelope(index)
      case .realizedSaving: total += realizedSavingEnvelope(index)
      }
    }
    return total
  }

  /// A line's envelope: the larger of its amount and its matching allocated transactions.
  func envelope(_ index: Int) -> Money {
    max(lines[index].amount, matchingAllocated[index])
  }

  /// A line's realized outflow: checked line → the larger of its amount and its checked matching
  /// allocated transactions; unchecked line → those transactions only.
  func realizedEnvelope(_ index: Int) -> Money {
    lines[index].isChecked
      ? max(lines[index].amount, checkedMatchingAllocated[index]) : checkedMatchingAllocated[index]
  }

  /// A saving line's realized savings, counting only saving-kind transactions.
  func realizedSavingEnvelope(_ index: Int) -> Money {
    lines[index].isChecked
      ? max(lines[index].amount, checkedSavingAllocated[index]) : checkedSavingAllocated[index]
  }
}
