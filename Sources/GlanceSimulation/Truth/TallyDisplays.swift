import GlanceKernel

/// What the tally's surfaces show of one tally: the app its summary, the widget and the watch
/// its badge (made once, read after every event).
struct TallyDisplays {
  let app: Display
  let badge: Display

  /// The displays of `tally` at `instant` in `calendar`'s zone, with the person's limits.
  init(_ tally: Tally, at instant: Instant, in calendar: ZoneCalendar) {
    let summary = TallySummary(
      tally: tally, at: instant, in: calendar, limit: PersonSettings.tallyDailyLimit, streakLimit: PersonSettings.tallyStreakLimit)
    app = .tally(summary)
    badge = .tallyBadge(TallyBadge(count: summary.count, limit: PersonSettings.tallyDailyLimit))
  }
}
