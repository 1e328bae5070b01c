public import GlanceKernel

/// How the converged design plans every widget's timeline: from now to a horizon that holds the
/// next day (or pay-period) boundary, with an entry at each change point (so midnight needs no
/// reload), and a reload asked for no later than the zone check.
///
/// A planned timeline stays right as time passes, but only in the zone it was planned in, and
/// WidgetKit documents no reload when the device's time zone changes (a flight). Capping every
/// timeline at ``zoneCheckMilliseconds(refreshBudget:)`` bounds how long a widget can show
/// "today" of a zone the device has left, at the cost of one charged reload per check.
///
/// **The budget.** A widget's charged reloads are its timeline's own (one per zone check at
/// most: each reload plans a timeline whose policy asks again one check later) and the
/// reloads the ``ReloadCoordinator``'s pacing lets through for changes learned in the background
/// (at most one per `2 × 24 h / limit`: in any 24 hours, at most `limit / 2 + 1`). The zone check
/// is an hour, or `48 h / (limit − 4)` when that is longer (budgets under 52), so that the
/// timeline's own reloads take at most `(limit − 4) / 2 + 1` of any 24 hours: together at most
/// `limit`. No stream of changes can exhaust the budget. (One charged reload stands outside this
/// count: a request WidgetKit dropped while deaf, asked again after the window when the app has
/// gone to the background meanwhile, at most once per opening from the widget.)
///
/// ## Laws
/// - ``plan(_:now:horizonMilliseconds:refreshBudget:)`` is `TimelinePlanner.plan` capped with
///   `reloading(noLaterThan: now + zoneCheckMilliseconds(refreshBudget:))`: for every `t` in
///   `[now, horizon)` the entry in force shows the projection's model at `t`.
/// - `zoneCheckMilliseconds(refreshBudget: l) >= 1 h`, and `24 h / zoneCheck + 1 + 24 h /
///   ReloadPacer.spacing(refreshBudget: l) + 1 <= l` for every `l` in `RefreshBudget.limitRange`.
public enum WidgetTimelines {
  /// How far a tally or steps widget's timeline is planned: two days, so that the next day
  /// boundary is always in it.
  public static let dayHorizonMilliseconds = 2 * Instant.millisecondsPerDay
  /// How far a budget widget's timeline is planned: the planner's longest horizon, 31 days, so
  /// that the next pay-period boundary is always in it.
  public static let periodHorizonMilliseconds = TimelinePlanner.horizonMaxMilliseconds

  /// The longest a converged timeline goes without a reload, for a widget whose budget is
  /// `limit` charged reloads a day: an hour, or `48 h / (limit − 4)` (rounded up) when longer.
  public static func zoneCheckMilliseconds(refreshBudget limit: Int) -> Int64 {
    precondition(RefreshBudget.limitRange.contains(limit), "a refresh budget of \(limit) is outside \(RefreshBudget.limitRange)")
    let shared = (2 * RefreshBudget.windowMilliseconds + Int64(limit - 4) - 1) / Int64(limit - 4)
    return max(Instant.millisecondsPerHour, shared)
  }

  /// `projection` planned from `now` over `horizonMilliseconds` (at most 31 days), reloaded after
  /// the zone check at the latest.
  public static func plan<Projection: TimelineProjection>(
    _ projection: Projection, now: Instant, horizonMilliseconds: Int64, refreshBudget limit: Int
  ) -> Timeline<Projection.Model> {
    precondition(
      horizonMilliseconds > 0 && horizonMilliseconds <= TimelinePlanner.horizonMaxMilliseconds,
      "a horizon of \(horizonMilliseconds) ms is outside (0, 31 days]")
    do {
      return try TimelinePlanner.plan(projection, now: now, horizon: now.advanced(by: horizonMilliseconds))
        .reloading(noLaterThan: now.advanced(by: zoneCheckMilliseconds(refreshBudget: limit)))
    } catch {
      preconditionFailure("planning \(horizonMilliseconds) ms from \(now) cannot fail: \(error)")
    }
  }
}
