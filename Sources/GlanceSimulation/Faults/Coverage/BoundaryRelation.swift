public import GlanceKernel

/// Where a fault took effect relative to the nearest local day boundary, as the coverage of the
/// fault space counts it: the rollover invariant (no surface shows yesterday's value once a
/// boundary has passed) is tested only by faults that strike just before a boundary (what was
/// in flight crosses it) or just after it (the new day's first writes, reloads and messages).
///
/// The window is an hour on either side (`Limits.boundaryWindowMilliseconds`): it holds the
/// longest late firing a scenario allows, so a timeline reload due at midnight and served late
/// is near the boundary.
///
/// ## Laws
/// - Every instant has exactly one relation to the day interval holding it
///   (``init(of:in:)``): ``afterBoundary`` when it is less than an hour after the day's start,
///   else ``beforeBoundary`` when it is at most an hour before the day's end, else
///   ``awayFromBoundary``. A day shorter than two hours is never ``awayFromBoundary``.
/// - `allCases` is the order of cells (see `CoverageCell`); raw values contain no `/`.
public enum BoundaryRelation: String, Hashable, Sendable, CaseIterable {
  /// Within the hour before a local day boundary (the day's end).
  case beforeBoundary = "before-boundary"
  /// Within the hour after a local day boundary (the day's start).
  case afterBoundary = "after-boundary"
  /// More than an hour from any local day boundary.
  case awayFromBoundary = "away-from-boundary"

  /// The relation of `instant` to the boundaries of `day`, the local day interval that holds it.
  ///
  /// - Precondition: `day` contains `instant`.
  public init(of instant: Instant, in day: DayInterval) {
    precondition(day.contains(instant), "\(instant) is in the day it is related to: \(day)")
    let window = Limits.boundaryWindowMilliseconds
    if day.start.distance(to: instant) < window {
      self = .afterBoundary
    } else if instant.distance(to: day.end) <= window {
      self = .beforeBoundary
    } else {
      self = .awayFromBoundary
    }
  }

  /// Its place in `allCases`.
  var position: Int {
    switch self {
    case .beforeBoundary: 0
    case .afterBoundary: 1
    case .awayFromBoundary: 2
    }
  }
}
