/// How busy a day was, as a histogram cell's shade: BabySteps' `ActivityLevel` table.
///
/// | count | level |
/// |---|---|
/// | 0 | ``none`` |
/// | 1–3 | ``low`` |
/// | 4–6 | ``medium`` |
/// | 7–9 | ``high`` |
/// | 10 or more | ``veryHigh`` |
///
/// ## Laws
/// - `ActivityLevel(count:)` is monotonic: `a <= b` implies `ActivityLevel(count: a) <=
///   ActivityLevel(count: b)`.
/// - The table edges hold: 0 → none, 1 and 3 → low, 4 and 6 → medium, 7 and 9 → high, 10 → veryHigh.
/// - Order is the order of the raw values.
public enum ActivityLevel: Int, Comparable, CaseIterable, Sendable, Codable {
  /// No completions.
  case none = 0
  /// 1 to 3 completions.
  case low = 1
  /// 4 to 6 completions.
  case medium = 2
  /// 7 to 9 completions.
  case high = 3
  /// 10 or more completions.
  case veryHigh = 4

  /// The level of a day with `count` completions.
  ///
  /// - Precondition: `count >= 0` (a count is never negative; a negative one is a programmer
  ///   error).
  public init(count: Int) {
    precondition(count >= 0, "an activity count cannot be negative (got \(count))")
    switch count {
    case 0: self = .none
    case 1...3: self = .low
    case 4...6: self = .medium
    case 7...9: self = .high
    default: self = .veryHigh
    }
  }

  /// By raw value: none < low < medium < high < veryHigh.
  public static func < (lhs: ActivityLevel, rhs: ActivityLevel) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
