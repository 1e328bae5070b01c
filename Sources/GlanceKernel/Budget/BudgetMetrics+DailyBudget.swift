extension BudgetMetrics {
  /// What can be spent per day for the rest of the period: `remaining ÷ daysLeftIncludingToday`,
  /// as an exact ratio of **minor units** per day; 0 when `remaining ≤ 0` (Pulpe's iOS rule;
  /// see *The real apps Glance models*, Pulpe: budget formulas).
  ///
  /// Pulpe counts the days from today to the period's last day, both included, with both ends
  /// at the start of their day (fixed in `aecfe79fd`). Glance takes that count as an input: the
  /// caller gets it from the period's dates and today's local date, so no clock or calendar is
  /// read here.
  ///
  /// ```swift
  /// try BudgetMetrics.dailyBudget(remaining: .chf(203_000), daysLeftIncludingToday: 17)
  /// // 203000/17 Rappen a day, i.e. 119.41… CHF
  /// ```
  ///
  /// - Throws: ``BudgetError/nonPositiveDayCount(argument:value:)`` when
  ///   `daysLeftIncludingToday < 1`. Today is always one of the days left, so 0 or fewer means
  ///   the caller asked about a period that is over; Glance refuses rather than guessing a value.
  public static func dailyBudget(
    remaining: Money, daysLeftIncludingToday: Int
  ) throws(BudgetError)
    -> Ratio
  {
    guard daysLeftIncludingToday >= 1 else {
      throw .nonPositiveDayCount(argument: "daysLeftIncludingToday", value: daysLeftIncludingToday)
    }
    guard remaining.signum > 0 else { return .zero }
    return remaining.minorUnitsRatio * Ratio(numerator: 1, denominator: daysLeftIncludingToday)
  }

  /// ``dailyBudget(remaining:daysLeftIncludingToday:)`` as an amount, rounded by `rounding`
  /// (`.down` never promises more than there is).
  ///
  /// - Throws: as ``dailyBudget(remaining:daysLeftIncludingToday:)``.
  public static func dailyBudget(
    remaining: Money, daysLeftIncludingToday: Int, rounding: RoundingMode
  ) throws(BudgetError) -> Money {
    let perDay = try dailyBudget(
      remaining: remaining, daysLeftIncludingToday: daysLeftIncludingToday)
    return Money(minorUnits: perDay, currency: remaining.currency, rounding: rounding)
  }

  /// This month's ``remaining`` per day left, in minor units per day.
  ///
  /// - Throws: as ``dailyBudget(remaining:daysLeftIncludingToday:)``.
  public func dailyBudget(daysLeftIncludingToday: Int) throws(BudgetError) -> Ratio {
    try Self.dailyBudget(remaining: remaining, daysLeftIncludingToday: daysLeftIncludingToday)
  }

  /// This month's ``remaining`` per day left, rounded by `rounding`.
  ///
  /// - Throws: as ``dailyBudget(remaining:daysLeftIncludingToday:)``.
  public func dailyBudget(
    daysLeftIncludingToday: Int, rounding: RoundingMode
  ) throws(BudgetError)
    -> Money
  {
    try Self.dailyBudget(
      remaining: remaining, daysLeftIncludingToday: daysLeftIncludingToday, rounding: rounding)
  }
}
