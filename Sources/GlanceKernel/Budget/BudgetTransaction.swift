/// A transaction (Pulpe's "réel"): an actual flow, either allocated to a budget line (it draws
/// on that envelope) or free.
///
/// ```swift
/// let shop = try BudgetTransaction(
///   id: "t1", kind: .expense, amount: .chf(6_000), lineID: "courses")
/// let coffee = try BudgetTransaction(id: "t2", kind: .expense, amount: .chf(450), lineID: nil)
/// ```
///
/// A `lineID` of `nil` or `""` means free: Pulpe's TypeScript tests `!tx.budgetLineId`, which is
/// true for both. The init stores `""` as `nil`, so both spellings make equal values.
/// `isChecked` is Pulpe's `checkedAt != null`. Pulpe's transaction date only places the
/// transaction in a month; the caller does that, and no formula here reads it.
///
/// ## Laws
/// - `amount > 0` and the id is not empty for every transaction that exists.
/// - `lineID` is never `""`; `isFree == (lineID == nil)`.
/// - `Codable` round-trips exactly; decoding runs the same checks as the init.
public struct BudgetTransaction: Sendable, Hashable {
  /// Pulpe's id (a UUID string in practice; any non-empty string here).
  public let id: String
  /// Income, expense or saving.
  public let kind: BudgetKind
  /// The amount. Always greater than zero.
  public let amount: Money
  /// The id of the line this transaction is allocated to, or `nil` for a free transaction.
  public let lineID: String?
  /// Whether the transaction is checked ("pointé"): Pulpe's `checkedAt != nil`.
  public let isChecked: Bool

  /// A transaction of `kind` for `amount`, allocated to the line `lineID` (`nil` or `""`: free).
  ///
  /// An id that names no line of the budget is accepted here: ``BudgetMetrics`` then ignores the
  /// transaction, as Pulpe does (see there).
  /// - Throws: ``BudgetError/nonPositiveAmount(_:amount:)`` when `amount` is zero or negative;
  ///   ``BudgetError/emptyID(_:)`` when `id` is empty.
  public init(
    id: String, kind: BudgetKind, amount: Money, lineID: String?, isChecked: Bool = false
  ) throws(BudgetError) {
    guard !id.isEmpty else { throw .emptyID(.transaction(id: id)) }
    guard amount.signum > 0 else {
      throw .nonPositiveAmount(.transaction(id: id), amount: amount)
    }
    self.id = id
    self.kind = kind
    self.amount = amount
    self.lineID = (lineID?.isEmpty ?? true) ? nil : lineID
    self.isChecked = isChecked
  }

  /// Whether the transaction is allocated to no line.
  public var isFree: Bool { lineID == nil }
}

extension BudgetTransaction: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, kind, amount, lineID, isChecked
  }

  /// Decodes what ``encode(to:)`` writes, through the throwing init; a missing, `null` or `""`
  /// `lineID` is a free transaction.
  ///
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``BudgetError`` when the amount is not
  ///   positive or the id is empty.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(String.self, forKey: .id)
    let kind = try container.decode(BudgetKind.self, forKey: .kind)
    let amount = try container.decode(Money.self, forKey: .amount)
    let lineID = try container.decodeIfPresent(String.self, forKey: .lineID)
    let isChecked = try container.decode(Bool.self, forKey: .isChecked)
    do {
      try self.init(id: id, kind: kind, amount: amount, lineID: lineID, isChecked: isChecked)
    } catch {
      throw error.decodingError(in: container, idKey: .id, amountKey: .amount)
    }
  }

  /// Encodes `id`, `kind`, `amount`, `lineID` (left out when free) and `isChecked`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(kind, forKey: .kind)
    try container.encode(amount, forKey: .amount)
    try container.encodeIfPresent(lineID, forKey: .lineID)
    try container.encode(isChecked, forKey: .isChecked)
  }
}
