public import GlanceKernel

/// How a chart writes the values on its y axis.
public enum ChartValueFormat: Hashable, Sendable {
  /// Whole numbers: a count.
  case count
  /// Minor units of `currency`, written by the kernel (`5’000 CHF`).
  case money(Currency)

  /// The text of a tick at `value`.
  func text(_ value: Int64) -> String {
    switch self {
    case .count: return "\(value)"
    case .money(let currency): return Money(minorUnits: value, currency: currency).formatted(.compact)
    }
  }

  /// The smallest tick step: one unit, or one major unit of money.
  var minimumStep: Int64 {
    switch self {
    case .count: return 1
    case .money: return 100
    }
  }
}
