/// The report ("rollover") chain across a user's monthly budgets (see *The real apps Glance models*, Pulpe: budget formulas).
///
/// Each budget contributes its **own delta** (income − expenses under the envelope rule, with no
/// rollover: ``BudgetMetrics/ownDelta``, Pulpe's stored `ending_balance`). In period order:
/// - a budget's rollover is the sum of the own deltas of **every** earlier budget: deficits
///   included, across year boundaries, with a missing delta (`nil`, Pulpe's null) counted as 0;
/// - its available-to-spend is that rollover plus its own delta: the cumulative closing balance,
///   which Pulpe's server also calls `remaining`;
/// - its previous budget is the one just before it.
///
/// Order: Pulpe sorts by the pay-period start date. Budgets are named by ``BudgetPeriod`` and
/// one pay day applies to all of them, so period starts grow with (year, month) and sorting by
/// ``BudgetPeriod`` is the same order. Two budgets for one period are refused.
///
/// Year closing (PUL‑263): ``yearClosingBalance(year:)`` is the available-to-spend of the last
/// budgeted period of that year, **not** the sum of that year's deltas (opening −856, deltas
/// +200, +163, +200 close at −293; the sum of the deltas, +563, is the bug Pulpe shipped).
///
/// ```swift
/// let chain = try RolloverChain(budgets: [march, january, february], currency: .chf)
/// try chain.balance(of: "march").rollover   // january's delta + february's delta
/// ```
///
/// ## Laws
/// - In period order, `rollover(k) == Σ_{i<k} ownDelta(i)` and
///   `availableToSpend(k) == rollover(k) + ownDelta(k) == rollover(k + 1)`.
/// - The input order does not matter.
/// - `yearClosingBalance(y)` is the running sum of every delta up to the last budget of year `y`,
///   or 0 when no budget is in year `y`.
/// - Exact at every size.
public struct RolloverChain: Sendable, Hashable {
  /// One budget's own delta, the input of the chain.
  ///
  /// ## Laws
  /// - The id is not empty; `Codable` round-trips exactly.
  public struct BudgetDelta: Sendable, Hashable {
    /// The budget's id.
    public let id: String
    /// The period the budget is for; it orders the chain.
    public let period: BudgetPeriod
    /// Income − expenses of this budget alone (no rollover), or `nil` when not computed yet
    /// (counted as 0, as Pulpe counts a null `ending_balance`).
    public let ownDelta: Money?

    /// The delta `ownDelta` of budget `id` for `period`.
    ///
    /// - Throws: ``BudgetError/emptyID(_:)`` when `id` is empty.
    public init(id: String, period: BudgetPeriod, ownDelta: Money?) throws(BudgetError) {
      guard !id.isEmpty else { throw .emptyID(.budget(id: id)) }
      self.id = id
      self.period = period
      self.ownDelta = ownDelta
    }
  }

  /// One budget's place in the chain.
  ///
  /// ## Laws
  /// - `availableToSpend == rollover + ownDelta`.
  public struct Balance: Sendable, Hashable {
    /// The budget's id.
    public let budgetID: String
    /// The budget's period.
    public let period: BudgetPeriod
    /// The budget's own delta, 0 when it was `nil`.
    public let ownDelta: Money
    /// The sum of the own deltas of every earlier budget; the budget's ``BudgetMetrics/rollover``.
    public let rollover: Money
    /// `rollover + ownDelta`: the cumulative closing balance (the server's `remaining`).
    public let availableToSpend: Money
    /// The budget just before this one, or `nil` for the first.
    public let previousBudgetID: String?
  }

  /// The currency of every amount.
  public let currency: Currency
  /// Every budget's balance, in period order.
  public let balances: [Balance]
  /// Position in `balances` by budget id.
  private let positions: [String: Int]

  /// The chain of `budgets`, given in any order, every delta in `currency`.
  ///
  /// - Throws: ``BudgetError/duplicateID(_:)`` when two budgets share an id;
  ///   ``BudgetError/duplicatePeriod(_:firstBudgetID:secondBudgetID:)`` when two budgets share a
  ///   period; ``BudgetError/currencyMismatch(_:expected:found:)`` when a delta is not in
  ///   `currency`.
  /// - Complexity: O(n log n) for n budgets.
  public init(budgets: [BudgetDelta], currency: Currency) throws(BudgetError) {
    // Each id's position, hashed once: in `budgets` while checking them, in period order below.
    var positions: [String: Int] = [:]
    positions.reserveCapacity(budgets.count)
    for (index, budget) in budgets.enumerated() {
      guard positions.updateValue(index, forKey: budget.id) == nil else { throw .duplicateID(.budget(id: budget.id)) }
      if let delta = budget.ownDelta, delta.currency != currency {
        throw .currencyMismatch(.budget(id: budget.id), expected: currency, found: delta.currency)
      }
    }
    // Budgets given in period order (the common case) keep their positions; otherwise they are
    // sorted, ties being refused below, so the id tiebreak only makes the error deterministic.
    let isInPeriodOrder = budgets.indices.dropFirst().allSatisfy { budgets[$0 - 1].period < budgets[$0].period }
    let ordered = isInPeriodOrder ? budgets : budgets.sorted { ($0.period, $0.id) < ($1.period, $1.id) }
    var balances: [Balance] = []
    balances.reserveCapacity(ordered.count)
    var running = Money.zero(currency)
    for (index, budget) in ordered.enumerated() {
      let previous = index > 0 ? ordered[index - 1] : nil
      if let previous, previous.period == budget.period {
        throw .duplicatePeriod(budget.period, firstBudgetID: previous.id, secondBudgetID: budget.id)
      }
      let delta = budget.ownDelta ?? .zero(currency)
      balances.append(
        Balance(
          budgetID: budget.id, period: budget.period, ownDelta: delta, rollover: running,
          availableToSpend: running + delta, previousBudgetID: previous?.id))
      running += delta
      if !isInPeriodOrder { positions[budget.id] = index }
    }
    self.currency = currency
    self.balances = balances
    self.positions = positions
    precondition(
      balances.count == budgets.count, "chain lost budgets: \(balances.count) of \(budgets.count)")
    precondition(
      positions.count == balances.count, "chain has \(positions.count) ids for \(balances.count)")
  }

  /// The balance of the budget `id`.
  ///
  /// Pulpe's `calculateRollover` answers zeros and no previous budget for an unknown id, which
  /// reads like a real month that carried nothing; Glance refuses instead.
  /// - Throws: ``BudgetError/unknownBudget(id:)`` when no budget has that id.
  public func balance(of id: String) throws(BudgetError) -> Balance {
    guard let position = positions[id] else { throw .unknownBudget(id: id) }
    return balances[position]
  }

  /// The closing balance of `year`: the available-to-spend (cumulative remaining) of the last
  /// budgeted period of that year, or 0 when no budget is in that year (Pulpe's iOS
  /// `yearClosingBalance` on an empty list).
  ///
  /// A year without a December budget closes on its last budget
  /// (300 opening, −200, +150 → 250).
  /// - Complexity: O(n).
  public func yearClosingBalance(year: Int) -> Money {
    balances.last { $0.period.year == year }?.availableToSpend ?? .zero(currency)
  }
}

extension RolloverChain.BudgetDelta: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, period, ownDelta
  }

  /// Decodes what ``encode(to:)`` writes, through the throwing init; a missing or `null`
  /// `ownDelta` is `nil`.
  ///
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``BudgetError`` when the id is empty.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(String.self, forKey: .id)
    let period = try container.decode(BudgetPeriod.self, forKey: .period)
    let ownDelta = try container.decodeIfPresent(Money.self, forKey: .ownDelta)
    do {
      try self.init(id: id, period: period, ownDelta: ownDelta)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .id, in: container, debugDescription: error.description)
    }
  }

  /// Encodes `id`, `period` and `ownDelta` (left out when `nil`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(period, forKey: .period)
    try container.encodeIfPresent(ownDelta, forKey: .ownDelta)
  }
}
