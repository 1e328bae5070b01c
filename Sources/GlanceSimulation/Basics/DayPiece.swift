import GlanceKernel

/// A local day, or the part of one spent in one zone: what ``Itinerary/days(from:until:)``
/// cuts a run into, and what the workload and the faults are drawn over, day by day.
///
/// ## Laws
/// - `window` lies within `day`, and is not empty.
struct DayPiece {
  /// The local day's index since the start (0, 1, …): a day cut by a zone change keeps its
  /// index across the change.
  let index: Int
  /// The whole local day in the piece's zone.
  let day: DayInterval
  /// The part of `day` the device spent in that zone.
  let window: Range<Instant>

  /// The milliseconds of the whole local day, first to last, as the planners draw instants in
  /// it.
  var span: ClosedRange<Int64> { day.start.millisecondsSince1970...(day.end.millisecondsSince1970 - 1) }
}
