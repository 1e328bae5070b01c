/// How the month feels: Pulpe's iOS `EmotionState` (see *The real apps Glance models*, Pulpe: budget formulas), decided exactly.
///
/// In order:
/// 1. remaining < 0 → ``deficit``;
/// 2. otherwise, available ≤ 0 → ``comfortable`` (with remaining ≥ 0 this only happens when
///    available and expenses are both exactly 0);
/// 3. otherwise, usage ≥ 80 % → ``tight``: exactly 80 % is tight, and 100 % with remaining 0 is
///    tight, not deficit;
/// 4. otherwise → ``comfortable``.
///
/// Usage is ``BudgetMetrics/usagePercentage``, an exact `Ratio`, so the 80 % boundary is exact:
/// 79.99…% is comfortable, 80 % is tight. Pulpe's Swift compares a binary floating-point
/// conversion of a decimal quotient, which can land on either side of 80.
///
/// ## Laws
/// - `deficit` exactly when remaining < 0.
/// - `tight` exactly when remaining ≥ 0, available > 0 and usage ≥ ``tightUsageThreshold``.
/// - Scaling available and expenses by the same positive factor changes nothing.
public enum EmotionState: String, Sendable, Hashable, Codable, CaseIterable {
  /// Remaining ≥ 0 and less than 80 % of the available money is used (or nothing is available
  /// and nothing is spent).
  case comfortable
  /// Remaining ≥ 0 and at least 80 % of the available money is used.
  case tight
  /// Remaining < 0: the month spends more than it has.
  case deficit

  /// The usage percentage from which a month is tight: exactly 80.
  public static let tightUsageThreshold = Ratio(80)

  /// The state of a month with `available` money and `totalExpenses` planned.
  ///
  /// - Throws: ``BudgetError/currencyMismatch(_:expected:found:)`` when the two amounts are in
  ///   different currencies (the subject is `totalExpenses`).
  public init(available: Money, totalExpenses: Money) throws(BudgetError) {
    guard available.currency == totalExpenses.currency else {
      throw .currencyMismatch(
        .argument("totalExpenses"), expected: available.currency, found: totalExpenses.currency)
    }
    self.init(
      remaining: available - totalExpenses, available: available,
      usagePercentage: BudgetMetrics.usage(totalExpenses: totalExpenses, available: available))
  }

  /// The rule itself, from figures already in one currency.
  init(remaining: Money, available: Money, usagePercentage: Ratio) {
    if remaining.isNegative {
      self = .deficit
    } else if available.signum <= 0 {
      self = .comfortable
    } else if usagePercentage >= Self.tightUsageThreshold {
      self = .tight
    } else {
      self = .comfortable
    }
  }
}
