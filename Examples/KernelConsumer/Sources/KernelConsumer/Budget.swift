import GlanceKernel
import Yams

/// An app's own settings file (YAML, read with the app's Yams 5) and a figure from Glance's
/// kernel: the remaining of a budget after the expenses the file lists.
public enum Budget {
  /// The remaining of `yaml`'s income after its expenses, written as Pulpe writes CHF.
  ///
  /// - Throws: what Yams throws for text that is not YAML; ``BudgetFileError`` for a file
  ///   without an income or with an amount that is not money.
  public static func remaining(of yaml: String) throws -> String {
    guard let file = try Yams.load(yaml: yaml) as? [String: Any], let income = file["income"] as? String else {
      throw BudgetFileError.missingIncome
    }
    var remaining = try money(income)
    for expense in file["expenses"] as? [String] ?? [] { remaining -= try money(expense) }
    return remaining.formatted(.full)
  }

  private static func money(_ text: String) throws -> Money {
    do {
      return try Money(canonical: text, currency: .chf)
    } catch {
      throw BudgetFileError.notMoney(text)
    }
  }
}
