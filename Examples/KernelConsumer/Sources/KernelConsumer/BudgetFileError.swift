/// Why a budget file cannot be read.
public enum BudgetFileError: Error, Equatable {
  /// The file names no income.
  case missingIncome
  /// An amount is not money (canonical text such as `12.50`).
  case notMoney(String)
}
