import GlanceKernel

extension World {
  /// Whether the reloads of the two widgets, both served at `time` (the next instant of the
  /// queue; `now` is still the previous event's), give the same play in either order: the same
  /// world, design and judge after both, and the same choices to make. An exploration then
  /// plays them in one order (``Choices/first(among:commuting:)``): a partial-order reduction
  /// (DocC: Exploring small worlds, The abstraction).
  ///
  /// They do when the widget is not installed (a serve then only clears its widget's pending
  /// flag), or when:
  /// - the widget extension runs: no serve launches it (a launch tells the design, which may
  ///   write its state, schedule steps or draw a cold start); and
  /// - no widget's timeline has an entry taking effect after `now` and by `time`: the judge,
  ///   which observes every surface after each event, sees the widget served second showing at
  ///   `time` what it saw it show at `now`, and observing a surface again, at one instant, with
  ///   nothing it depends on changed, changes nothing the judge keeps (the open disagreement's
  ///   excuses are raised to the same instant either way).
  ///
  /// A serve then writes only its own widget's host (its pending flag, its timeline, its policy's
  /// generation), asks for its policy's reload (which reads and writes that host only) and draws
  /// its lateness; it reads the design's timeline, which it never writes
  /// (``SyncDesign/timeline(of:world:)`` is not mutating, and a design outside this module cannot
  /// see the hosts). Either order makes the same choices, so every combination of their classes
  /// is still played, and their drawn faults count the same. What a serve asks for at `time`
  /// itself (its policy's reload, when the timeline's date is past) commutes with the other
  /// serve for the same reasons.
  func reloadServesCommute(at time: Instant) -> Bool {
    guard widgetInstalled else { return true }
    return widgetExtensionRunning && !hosts.contains { $0.timeline.hasEntry(after: now, through: time) }
  }
}
