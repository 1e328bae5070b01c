public import GlanceKernel

/// The converged tally widget's timeline provider: it reads today's count from the App Group
/// store and plans a timeline of badges to the next day boundary, where the count drops to zero
/// with no reload.
///
/// Call it from the widget extension's `TimelineProvider.getTimeline`, with the current instant
/// and the device's current zone, and hand WidgetKit the entries and the policy.
///
/// ## Laws
/// - For every `t` in the two days after `now` (in the zone of `calendar`), the entry in force
///   shows the count of the store's live adds of the local day holding `t` as of `now`: today's
///   count on today, zero on later days.
/// - The reload it asks for comes within the zone check (``WidgetTimelines/zoneCheckMilliseconds(refreshBudget:)``).
public enum TallyWidget {
  /// The timeline of the tally widget at `now`, from `log`, "today" in `calendar`'s zone, for a
  /// widget whose budget is `refreshBudget` charged reloads a day (40…72).
  ///
  /// - Throws: what the log throws.
  public static func timeline(
    of log: some EventLog, settings: TallySettings, refreshBudget: Int, at now: Instant, in calendar: ZoneCalendar
  ) throws
    -> Timeline<TallyBadge>
  {
    let today = calendar.dayInterval(containing: now)
    let count = try log.replica(in: today.start..<today.end).liveAdds.count
    let projection: WidgetProjection
    do {
      let snapshot = try TallySnapshot(asOf: now, dayKey: calendar.dayKey(containing: now), todayCount: count, calendar: calendar)
      projection = try WidgetProjection(snapshot: .tally(snapshot), kind: .tally, calendar: calendar, labels: .english)
    } catch {
      preconditionFailure("a snapshot of today's count fits the tally widget: \(error)")
    }
    return WidgetTimelines.plan(
      projection, now: now, horizonMilliseconds: WidgetTimelines.dayHorizonMilliseconds, refreshBudget: refreshBudget
    )
    .mapModels { model in
      guard case .tally(let tally) = model else { preconditionFailure("a tally projection renders tallies") }
      return TallyBadge(count: tally.count, limit: settings.dailyLimit)
    }
  }
}
