/// Why a set of ``MoneyConventions`` cannot be built.
public enum MoneyConventionsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The grouping separator is the decimal separator, so `1.234.56` (or `1,234,56`) could not be
  /// read back.
  case groupingIsDecimalSeparator(MoneyConventions.DecimalSeparator)

  public var description: String {
    switch self {
    case .groupingIsDecimalSeparator(let separator):
      return "grouping: \"\(separator.text)\" is also the decimal separator; choose another grouping or decimal separator"
    }
  }
}
