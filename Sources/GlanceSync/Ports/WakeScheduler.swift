public import GlanceKernel

/// The engine's way to be run again later: it asks for a wake at an instant, and the app calls
/// the engine's `wake(_:at:…)` when it comes.
///
/// Two reasons exist (``WakeReason``). On a device, a wake ``WakeReason/reloadAfterDeafWindow``
/// falls 31 seconds after the app was opened from the widget, while the app is in the
/// foreground: a timer does. A wake ``WakeReason/pacedReload`` may fall while the app is in the
/// background: an app asks for a background refresh task (`BGAppRefreshTaskRequest`) no earlier
/// than the instant, which iOS runs at its discretion, and the widget's own hourly timeline
/// reload is the backstop if it runs late (see the article *Ship the converged design*).
///
/// ## Laws (every conformer)
/// - A wake is never delivered before its instant.
public protocol WakeScheduler: AnyObject {
  /// Asks to run the engine again at `instant`, for `reason`.
  func scheduleWake(at instant: Instant, for reason: WakeReason)
}

/// Why an engine asked to be woken.
public enum WakeReason: String, Hashable, Sendable, CaseIterable {
  /// WidgetKit ignored the engine's reload requests for 30 s after the app was opened from the
  /// widget: ask again right after.
  case reloadAfterDeafWindow
  /// A reload held back by the ``ReloadCoordinator``'s pacing is due.
  case pacedReload
  /// The backstop of ``reloadAfterDeafWindow``, at the same instant, as a background task: should
  /// the app be killed in the deaf window (its timer with it), the relaunched app asks again,
  /// unless it asked after the window itself.
  case deafWindowBackstop
}
