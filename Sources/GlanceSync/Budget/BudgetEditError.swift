public import GlanceKernel

/// Why ``BudgetApp/edit(_:to:ids:at:)`` refused an edit. Nothing was written.
///
/// ## Laws
/// - `description` names the expense.
public enum BudgetEditError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The log holds no live expense with this id (never recorded, or deleted).
  case unknownExpense(EventID)

  public var description: String {
    switch self {
    case .unknownExpense(let id): return "no live expense \(id) to edit: it was never recorded or was deleted"
    }
  }
}
