import GlanceKernel
import PropertyBased
import Testing

/// The laws of ``BudgetMetrics``, ``RealizedMetrics`` and ``LineConsumption`` on generated
/// budgets: mixed kinds, allocations to lines of the other direction, dangling and empty line
/// ids, rollover lines, signed rollovers, and amounts far beyond `Int64`.
@Suite("Budget metrics properties")
struct BudgetMetricsProperties {
  /// 10^20: scaled amounts leave `Int64` (±9.2 × 10^18 minor units) far behind.
  static let scale: Int128 = 100_000_000_000_000_000_000

  @Test("remaining == endingBalance == available − totalExpenses; available == income + rollover")
  func remainingIsAvailableMinusExpenses() async {
    await propertyCheck(count: 400, input: BudgetGen.hugeBudget) { budget in
      let metrics = try budget.metrics()
      #expect(metrics.remaining == metrics.available - metrics.totalExpenses)
      #expect(metrics.endingBalance == metrics.remaining)
      #expect(metrics.available == metrics.totalIncome + budget.rollover)
      #expect(metrics.rollover == budget.rollover)
      #expect(metrics.remaining == metrics.rollover + metrics.ownDelta)
    }
  }

  @Test("hero ledger: checked + committed + remaining == available, and committed never clamps")
  func heroLedgerBalances() async {
    await propertyCheck(count: 400, input: BudgetGen.hugeBudget) { budget in
      let metrics = try budget.metrics()
      #expect(metrics.checked + metrics.committed + metrics.remaining == metrics.available)
      #expect(metrics.realized.expenses <= metrics.totalExpenses)
      #expect(metrics.committed == metrics.totalExpenses - metrics.realized.expenses)
      #expect(!metrics.committed.isNegative)
    }
  }

  @Test("envelope totals are at least the line amounts; savings are part of expenses")
  func envelopesCoverLineAmounts() async {
    await propertyCheck(count: 400, input: BudgetGen.hugeBudget) { budget in
      let metrics = try budget.metrics()
      let outflowLines = Money.sum(
        budget.lines.filter(\.kind.isOutflow).map(\.amount), currency: .chf)
      let incomeLines = Money.sum(
        budget.lines.filter { $0.kind == .income }.map(\.amount), currency: .chf)
      let savingLines = Money.sum(
        budget.lines.filter { $0.kind == .saving }.map(\.amount), currency: .chf)
      #expect(metrics.totalExpenses >= outflowLines)
      #expect(metrics.totalIncome >= incomeLines)
      #expect(metrics.totalSavings >= savingLines)
      #expect(metrics.totalSavings <= metrics.totalExpenses)
      // Envelopes never exceed lines plus every transaction of that direction.
      let outflowTransactions = Money.sum(
        budget.transactions.filter(\.kind.isOutflow).map(\.amount), currency: .chf)
      #expect(metrics.totalExpenses <= outflowLines + outflowTransactions)
    }
  }

  @Test("realized figures are bounded by the planned ones and completion by 100 %")
  func realizedBounds() async {
    await propertyCheck(count: 400, input: BudgetGen.hugeBudget) { budget in
      let realized = try budget.metrics().realized
      #expect(realized.balance == realized.income - realized.expenses)
      #expect(realized.savings <= realized.expenses)
      #expect(!realized.savings.isNegative)
      #expect(realized.totalItemsCount == budget.lines.count + budget.transactions.count)
      #expect(realized.completionPercentage >= .zero && realized.completionPercentage <= Ratio(100))
      #expect(
        (realized.completionPercentage == Ratio(100))
          == (realized.checkedItemsCount == realized.totalItemsCount
            && realized.totalItemsCount > 0))
    }
  }

  @Test("scaling every amount by 10^20 scales every amount and keeps every ratio and state")
  func scalingPreservesMeaning() async {
    await propertyCheck(count: 500, input: BudgetGen.smallBudget) { budget in
      let small = try budget.metrics()
      let scaledBudget = try budget.scaled(by: Self.scale)
      let large = try scaledBudget.metrics()
      let times = { (amount: Money) in amount.multiplied(by: Self.scale) }
      #expect(large.totalIncome == times(small.totalIncome))
      #expect(large.totalExpenses == times(small.totalExpenses))
      #expect(large.totalSavings == times(small.totalSavings))
      #expect(large.available == times(small.available))
      #expect(large.remaining == times(small.remaining))
      #expect(large.committed == times(small.committed))
      #expect(large.realized.income == times(small.realized.income))
      #expect(large.realized.expenses == times(small.realized.expenses))
      #expect(large.realized.savings == times(small.realized.savings))
      #expect(large.usagePercentage == small.usagePercentage)
      #expect(large.emotion == small.emotion)
      #expect(large.realized.completionPercentage == small.realized.completionPercentage)
      let smallLines = try LineConsumption.consumptions(
        lines: budget.lines, transactions: budget.transactions, currency: .chf)
      let largeLines = try LineConsumption.consumptions(
        lines: scaledBudget.lines, transactions: scaledBudget.transactions, currency: .chf)
      #expect(largeLines.map(\.percentage) == smallLines.map(\.percentage))
      #expect(largeLines.map(\.allocated) == smallLines.map { times($0.allocated) })
      let smallDaily = try small.dailyBudget(daysLeftIncludingToday: 17)
      #expect(try large.dailyBudget(daysLeftIncludingToday: 17) == smallDaily * Ratio(Self.scale))
    }
  }

  @Test("the order of lines and transactions does not matter")
  func inputOrderDoesNotMatter() async {
    await propertyCheck(count: 500, input: BudgetGen.hugeBudget) { budget in
      let forward = try budget.metrics()
      let backward = try budget.reversed.metrics()
      #expect(forward == backward)
    }
  }

  @Test("consumption: available + allocated == line; over exactly when allocated > line")
  func consumptionAddsUp() async {
    await propertyCheck(count: 500, input: BudgetGen.hugeBudget) { budget in
      let consumptions = try LineConsumption.consumptions(
        lines: budget.lines, transactions: budget.transactions, currency: .chf)
      for (line, consumption) in zip(budget.lines, consumptions) {
        let allocated = Money.sum(
          budget.transactions.filter { $0.lineID == line.id }.map(\.amount), currency: .chf)
        #expect(consumption.allocated == allocated)
        #expect(consumption.available + consumption.allocated == line.amount)
        #expect(consumption.isOverBudget == (allocated > line.amount))
        #expect(!(consumption.isOverBudget && consumption.isNearLimit))
      }
    }
  }

  @Test("emotion follows its rule from remaining, available and usage")
  func emotionRule() async {
    await propertyCheck(count: 400, input: BudgetGen.hugeBudget) { budget in
      let metrics = try budget.metrics()
      let expected: EmotionState
      if metrics.remaining.isNegative {
        expected = .deficit
      } else if metrics.available.signum <= 0 {
        expected = .comfortable
      } else {
        // usage ≥ 80 % ⇔ 100 × expenses ≥ 80 × available, in integers.
        let tight = metrics.totalExpenses.multiplied(by: 5) >= metrics.available.multiplied(by: 4)
        expected = tight ? .tight : .comfortable
      }
      #expect(metrics.emotion == expected)
    }
  }
}
