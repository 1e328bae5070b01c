extension BudgetMetrics {
  /// Where the period is heading if spending goes on at today's pace: Pulpe's iOS projection
  /// (see *The real apps Glance models*, Pulpe: budget formulas), exact.
  ///
  /// - daily rate = realized expenses ÷ day of the period;
  /// - projected end balance = available − daily rate × days in the period;
  /// - on track when the projected end balance ≥ available − budgeted expenses (that is, when
  ///   the pace would spend no more than the plan).
  ///
  /// Pulpe uses the calendar day of the month and the calendar month's length, whatever the
  /// pay day, and returns nothing for a past or future month. Glance takes the period's own day
  /// counts as inputs (from ``PayPeriods`` for a pay-day period, or a calendar month), and the
  /// caller asks only about the current period.
  ///
  /// ## Laws
  /// - `projectedEndBalance == available − dailyRate × daysInPeriod`, exactly.
  /// - On the last day, `projectedEndBalance == available − realizedExpenses`.
  /// - No realized spending → `dailyRate == 0`, projected end balance = available, on track
  ///   whenever budgeted expenses ≥ 0.
  public struct Projection: Sendable, Hashable {
    /// The currency of the amounts.
    public let currency: Currency
    /// Realized expenses per elapsed day, in minor units per day, exact.
    public let dailyRate: Ratio
    /// The balance at the end of the period at that pace, in minor units, exact.
    public let projectedEndBalance: Ratio
    /// `available − budgetedExpenses`: the end balance the plan leads to.
    public let plannedEndBalance: Money
    /// Whether `projectedEndBalance ≥ plannedEndBalance`.
    public let isOnTrack: Bool

    /// ``dailyRate`` as an amount, rounded by `rounding`.
    public func dailyRate(rounding: RoundingMode) -> Money {
      Money(minorUnits: dailyRate, currency: currency, rounding: rounding)
    }

    /// ``projectedEndBalance`` as an amount, rounded by `rounding`.
    public func projectedEndBalance(rounding: RoundingMode) -> Money {
      Money(minorUnits: projectedEndBalance, currency: currency, rounding: rounding)
    }
  }

  /// The projection of a period with `available` money, `budgetedExpenses` planned and
  /// `realizedExpenses` checked so far, on day `dayOfPeriod` of `daysInPeriod`.
  ///
  /// - Parameters:
  ///   - available: the period's available money (income + rollover); its currency is the
  ///     projection's.
  ///   - budgetedExpenses: the expenses the budget plans for the whole period.
  ///   - realizedExpenses: the expenses checked (realized) so far.
  ///   - dayOfPeriod: today's 1-based position in the period (1 on its first day). Pulpe divides
  ///     by `max(1, day)`; a day is never below 1 here, so the guard is the range check below.
  ///   - daysInPeriod: the number of days of the period (28…31 for a calendar month).
  /// - Throws: ``BudgetError/nonPositiveDayCount(argument:value:)`` when `daysInPeriod < 1`;
  ///   ``BudgetError/dayOutsidePeriod(dayOfPeriod:daysInPeriod:)`` when `dayOfPeriod` is not in
  ///   `1...daysInPeriod` (Pulpe's "past or future month → nil" case);
  ///   ``BudgetError/currencyMismatch(_:expected:found:)`` when the amounts are not all in
  ///   `available`'s currency.
  public static func projection(
    available: Money, budgetedExpenses: Money, realizedExpenses: Money,
    dayOfPeriod: Int, daysInPeriod: Int
  ) throws(BudgetError) -> Projection {
    let currency = available.currency
    for (name, amount) in [
      ("budgetedExpenses", budgetedExpenses), ("realizedExpenses", realizedExpenses),
    ]
    where amount.currency != currency {
      throw .currencyMismatch(.argument(name), expected: currency, found: amount.currency)
    }
    guard daysInPeriod >= 1 else {
      throw .nonPositiveDayCount(argument: "daysInPeriod", value: daysInPeriod)
    }
    guard (1...daysInPeriod).contains(dayOfPeriod) else {
      throw .dayOutsidePeriod(dayOfPeriod: dayOfPeriod, daysInPeriod: daysInPeriod)
    }
    let dailyRate = realizedExpenses.minorUnitsRatio * Ratio(numerator: 1, denominator: dayOfPeriod)
    let projected = available.minorUnitsRatio - dailyRate * daysInPeriod
    let planned = available - budgetedExpenses
    return Projection(
      currency: currency, dailyRate: dailyRate, projectedEndBalance: projected,
      plannedEndBalance: planned, isOnTrack: projected >= planned.minorUnitsRatio)
  }

  /// This month's projection: ``available``, ``totalExpenses`` as budgeted and the realized
  /// expenses, on day `dayOfPeriod` of `daysInPeriod`.
  ///
  /// - Throws: as
  ///   ``projection(available:budgetedExpenses:realizedExpenses:dayOfPeriod:daysInPeriod:)``.
  public func projection(dayOfPeriod: Int, daysInPeriod: Int) throws(BudgetError) -> Projection {
    try Self.projection(
      available: available, budgetedExpenses: totalExpenses, realizedExpenses: realized.expenses,
      dayOfPeriod: dayOfPeriod, daysInPeriod: daysInPeriod)
  }
}
