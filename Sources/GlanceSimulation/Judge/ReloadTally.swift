import GlanceKernel

/// What WidgetKit's budget did with one widget's reload requests in a run.
struct ReloadTally: Hashable {
  /// Reload requests, granted or not.
  let requests: Int
  /// Requests the budget denied.
  let denied: Int
  /// When the first was denied.
  let firstDenial: Instant?
  /// The budget: charged reloads a day.
  let limit: Int
}
