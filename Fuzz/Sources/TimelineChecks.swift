import GlanceKernel

/// The planner's laws (`TimelinePlanner.swift`), checked on a timeline planned from fuzzed data.
enum TimelineChecks {
  /// 2026-03-10T12:00:00Z: the planning instant when the data's own instant is implausible.
  static let fallbackNow = Instant(millisecondsSince1970: 1_773_144_000_000)
  /// The instants a device clock can read, with room for a month's horizon: the zone calendar's
  /// table years (1900–2199) less their last two months.
  static let plausibleNows = earliestNow...latestNow
  /// 1900-01-01T00:00:00Z.
  static let earliestNow = Instant(millisecondsSince1970: -2_208_988_800_000)
  /// 2199-11-01T00:00:00Z.
  static let latestNow = Instant(millisecondsSince1970: 7_252_848_000_000)
  /// The longest horizon the planner accepts.
  static let horizonMilliseconds = TimelinePlanner.horizonMaxMilliseconds

  /// Where a widget would plan from when handed data written at `asOf`: `asOf` itself when a
  /// clock can read it, else ``fallbackNow``.
  static func now(near asOf: Instant) -> Instant {
    plausibleNows.contains(asOf) ? asOf : fallbackNow
  }

  /// Entries start at `now`, are in order, never repeat a model, and agree with the projection at
  /// each entry's date and the millisecond before it.
  static func check<Projection: TimelineProjection>(
    _ timeline: Timeline<Projection.Model>, of projection: Projection, now: Instant,
    context: String
  ) {
    let entries = timeline.entries
    law(entries.first?.date == now, "\(context): the first entry is not at \(now)")
    for (index, entry) in entries.enumerated() {
      law(
        projection.model(at: entry.date) == entry.model,
        "\(context): entry \(index) at \(entry.date) disagrees with the projection")
      guard index > 0 else { continue }
      let previous = entries[index - 1]
      law(previous.date < entry.date, "\(context): entry \(index) is not after the one before")
      law(previous.model != entry.model, "\(context): entry \(index) repeats the one before")
      law(
        projection.model(at: entry.date.advanced(by: -1)) == previous.model,
        "\(context): the model changes before entry \(index) at \(entry.date)")
    }
  }
}
