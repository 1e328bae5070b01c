public import GlanceKernel

/// How the converged design plans every widget's timeline: from now to a horizon that holds the
/// next day (or pay-period) boundary, with an entry at each change point (so midnight needs no
/// reload), and a reload asked for an hour after planning at the latest: the zone check.
///
/// A planned timeline stays right as time passes, but only in the zone it was planned in, and
/// WidgetKit documents no reload when the device's time zone changes (a flight). Capping every
/// timeline at ``zoneCheckMilliseconds`` bounds how long a widget can show "today" of a zone the
/// device has left, at the cost of one charged reload an hour: 24 of the 40–70 a day WidgetKit
/// grants a widget that is looked at.
///
/// ## Laws
/// - ``plan(_:now:horizonMilliseconds:)`` is `TimelinePlanner.plan` capped with
///   `reloading(noLaterThan: now + zoneCheckMilliseconds)`: for every `t` in `[now, horizon)` the
///   entry in force shows the projection's model at `t`, and the reload it asks for comes within
///   the hour.
public enum WidgetTimelines {
  /// The longest a converged timeline goes without a reload: one hour.
  public static let zoneCheckMilliseconds = Instant.millisecondsPerHour
  /// How far a tally or steps widget's timeline is planned: two days, so that the next day
  /// boundary is always in it.
  public static let dayHorizonMilliseconds = 2 * Instant.millisecondsPerDay
  /// How far a budget widget's timeline is planned: the planner's longest horizon, 31 days, so
  /// that the next pay-period boundary is always in it.
  public static let periodHorizonMilliseconds = TimelinePlanner.horizonMaxMilliseconds

  /// `projection` planned from `now` over `horizonMilliseconds` (at most 31 days), reloaded after
  /// the zone check at the latest.
  public static func plan<Projection: TimelineProjection>(
    _ projection: Projection, now: Instant, horizonMilliseconds: Int64
  ) -> Timeline<Projection.Model> {
    precondition(
      horizonMilliseconds > 0 && horizonMilliseconds <= TimelinePlanner.horizonMaxMilliseconds,
      "a horizon of \(horizonMilliseconds) ms is outside (0, 31 days]")
    do {
      return try TimelinePlanner.plan(projection, now: now, horizon: now.advanced(by: horizonMilliseconds))
        .reloading(noLaterThan: now.advanced(by: zoneCheckMilliseconds))
    } catch {
      preconditionFailure("planning \(horizonMilliseconds) ms from \(now) cannot fail: \(error)")
    }
  }
}
