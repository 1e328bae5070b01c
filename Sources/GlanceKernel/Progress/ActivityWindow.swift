/// How many days an activity histogram shows: BabySteps' 7- and 14-day widget dots and its
/// 91-cell history grid.
///
/// The raw value is the number of cells. The quarter is 91 cells because BabySteps' history runs
/// from the start of the day 90 days ago to today, inclusive (drawn as a 7 × 13 grid that is not
/// aligned to weekdays).
///
/// ## Laws
/// - ``StepProgress/activity(_:endingAt:in:)`` returns exactly `rawValue` days.
public enum ActivityWindow: Int, CaseIterable, Sendable, Codable {
  /// Today and the 6 days before it.
  case week = 7
  /// Today and the 13 days before it.
  case fortnight = 14
  /// Today and the 90 days before it.
  case quarter = 91

  /// The number of cells (days) in the window: `rawValue`.
  public var dayCount: Int { rawValue }
}
