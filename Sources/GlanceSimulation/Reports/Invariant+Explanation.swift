extension Invariant {
  /// What the invariant asks, in plain words, for a reader of a report: the HTML report prints
  /// it under its verdicts. The DocC article *Reading a report* gives the details (when each
  /// check runs, what *expected* and *found* hold, the excuses).
  public var explanation: String {
    switch self {
    case .noLostWrite:
      "Nothing the person did is lost. Whenever things are quiet, and at the end, the phone's store "
        + "holds a record of every action still in effect, and the watch's store those of the "
        + "current day. A tap that never reaches a store is a lost write."
    case .noDoubleCount:
      "Nothing is counted twice or kept after it was deleted. At the same checks, no store holds "
        + "a record twice (a message delivered twice and stored twice), a deleted record, or one "
        + "that no action made."
    case .convergence:
      "Every screen tells the truth once things settle. Thirty minutes after the last action, "
        + "with nothing in flight, and at the end, every visible surface (the app, each widget, "
        + "the watch) shows exactly what the person's actions add up to, compared whole: every "
        + "figure it displays."
    case .rollover:
      "A new day shows as a new day. Shortly after each local midnight, and after each change of "
        + "time zone once it has been caught up with, no surface may still show yesterday's (or "
        + "the old zone's) figures."
    case .staleness:
      "Any disagreement ends quickly. For a design expected to converge, every time a surface "
        + "disagrees with the truth it must catch up within its bound: a second for the app and "
        + "the watch, and a widget's reload delay plus a few seconds for a widget."
    case .refreshBudget:
      "The widgets stay within WidgetKit's budget. The system allows each widget a limited number "
        + "of background reloads per 24 hours; a design whose reload request is denied has spent "
        + "it, and its widget may then show old figures for hours."
    case .noDataLoss:
      "Moving the store loses nothing. When an app update moves its store (into the shared App "
        + "Group container, so the widget can read it), every record the old store held is still "
        + "there afterwards, unless the person removed it."
    }
  }
}
