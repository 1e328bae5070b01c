import GlanceKernel

/// What the tally's surfaces show of one summary: the app its whole, the widget and the watch
/// its badge (made once, read after every event).
struct TallyDisplays {
  let app: Display
  let badge: Display

  init(_ summary: TallySummary) {
    app = .tally(summary)
    badge = .tallyBadge(TallyBadge(count: summary.count, limit: PersonSettings.tallyDailyLimit))
  }
}
