/// The kind of a budget line or transaction: the direction of the flow.
///
/// Amounts are always positive; the kind says whether money comes in (`income`) or goes out
/// (`expense`, `saving`). Savings are outflows on purpose: Pulpe counts them as expenses "to
/// force users to budget their savings" (see *The real apps Glance models*, Pulpe: budget formulas).
///
/// ## Laws
/// - `isOutflow` is true for exactly `expense` and `saving`.
/// - The raw values are Pulpe's (`"income"`, `"expense"`, `"saving"`), which is also the
///   `Codable` form.
public enum BudgetKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// Money coming in (a salary, a refund).
  case income
  /// Money going out to be spent.
  case expense
  /// Money going out to be put aside; counted as an expense in every total.
  case saving

  /// Whether the flow leaves the budget: `expense` and `saving` (Pulpe's `isOutflowKind`).
  public var isOutflow: Bool { self != .income }
}

/// A budget line (Pulpe's "prévision"): a planned flow of one kind, which is also the envelope
/// that transactions allocated to it draw on.
///
/// ```swift
/// let groceries = try BudgetLine(id: "courses", kind: .expense, amount: .chf(80_000))
/// ```
///
/// Pulpe's line also has a name and a recurrence (`fixed`, `one_off`); no formula reads them, so
/// they are not here. `isChecked` is Pulpe's `checkedAt != null` ("pointé").
///
/// `isRollover` marks Pulpe's virtual "Report du mois précédent" line. **Glance follows Pulpe's
/// TypeScript here: a rollover line counts like any other line** in every total, realized or
/// planned (TS tests: expense 100 + rollover expense 50 → realized 150). Pulpe's Swift instead
/// leaves rollover lines out of every flow and carries the rollover only through the `rollover`
/// argument (→ 100). Do not pass both a rollover line and a non-zero `rollover` to
/// ``BudgetMetrics``: the carried amount would count twice, as it would in Pulpe's TypeScript.
///
/// ## Laws
/// - `amount > 0` for every line that exists (the throwing init refuses anything else), and the
///   id is not empty.
/// - `Codable` round-trips exactly; decoding runs the same checks as the init.
public struct BudgetLine: Sendable, Hashable {
  /// Pulpe's id (a UUID string in practice; any non-empty string here).
  public let id: String
  /// Income, expense or saving.
  public let kind: BudgetKind
  /// The planned amount: the envelope's size. Always greater than zero.
  public let amount: Money
  /// Whether the line is checked ("pointé"): Pulpe's `checkedAt != nil`.
  public let isChecked: Bool
  /// Whether this is Pulpe's virtual rollover line. It changes no formula (TypeScript rule).
  public let isRollover: Bool

  /// A line of `kind` for `amount`.
  ///
  /// - Throws: ``BudgetError/nonPositiveAmount(_:amount:)`` when `amount` is zero or negative
  ///   (Pulpe's schema says `.positive()`); ``BudgetError/emptyID(_:)`` when `id` is empty (an
  ///   empty id would match the transactions that Pulpe treats as free, and count them twice).
  public init(
    id: String, kind: BudgetKind, amount: Money, isChecked: Bool = false, isRollover: Bool = false
  ) throws(BudgetError) {
    guard !id.isEmpty else { throw .emptyID(.line(id: id)) }
    guard amount.signum > 0 else { throw .nonPositiveAmount(.line(id: id), amount: amount) }
    self.id = id
    self.kind = kind
    self.amount = amount
    self.isChecked = isChecked
    self.isRollover = isRollover
  }
}

extension BudgetLine: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, kind, amount, isChecked, isRollover
  }

  /// Decodes what ``encode(to:)`` writes, through the throwing init.
  ///
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``BudgetError`` when the amount is not
  ///   positive or the id is empty; every key is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(String.self, forKey: .id)
    let kind = try container.decode(BudgetKind.self, forKey: .kind)
    let amount = try container.decode(Money.self, forKey: .amount)
    let isChecked = try container.decode(Bool.self, forKey: .isChecked)
    let isRollover = try container.decode(Bool.self, forKey: .isRollover)
    do {
      try self.init(
        id: id, kind: kind, amount: amount, isChecked: isChecked, isRollover: isRollover)
    } catch {
      throw error.decodingError(in: container, idKey: .id, amountKey: .amount)
    }
  }

  /// Encodes `id`, `kind`, `amount` (Money's `"800.00 CHF"` form), `isChecked`, `isRollover`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(kind, forKey: .kind)
    try container.encode(amount, forKey: .amount)
    try container.encode(isChecked, forKey: .isChecked)
    try container.encode(isRollover, forKey: .isRollover)
  }
}
