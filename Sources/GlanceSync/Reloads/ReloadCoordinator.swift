public import GlanceKernel

/// When the converged engine asks WidgetKit to reload its widgets: at once where reloads are
/// free, through the kernel's `ReloadPacer` where they are charged, and again right after the
/// 30-second window in which WidgetKit ignores requests (the app was opened from the widget).
///
/// A reload asked while the app is in the foreground or right after an interactive widget intent
/// costs nothing. A change learned in the background (a watch's tap delivered to the phone)
/// costs a charged reload; the pacer lets one through at once when the last one it let through
/// is at least `2 × 24 h / limit` old, and otherwise asks for a wake at the end of that spacing
/// on which every change until then rides. So, however heavy the traffic, the charged reloads the
/// engine asks for keep to half the budget, and the other half stays for the widgets' own
/// timeline reloads.
///
/// WidgetKit drops requests silently for 30 s after the app is opened from the widget
/// (`RefreshBudget.deafWindowMilliseconds`). The app knows when it was opened from its widget,
/// so the coordinator knows the window: a request made inside it is asked again a second after
/// it ends (one wake, however many requests).
///
/// ## Laws
/// - Every request goes to the reloader at once or rides on a wake that is scheduled: no change
///   is left behind (the pacer's law), and a request dropped in a deaf window is asked again.
/// - A paced wake reaching a coordinator that has asked for no reload yet (the app was killed
///   and relaunched since the wake was scheduled) reloads through the pacer: a wake outlives
///   the memory of why it was asked for.
/// - The pacer's last charged reload is kept by the reloader (``WidgetReloader/lastPacedReload``)
///   and resumed from by the next coordinator, so the spacing holds across a relaunch.
/// - At most one deaf-window wake is pending at any time, with its backstop; at most one paced
///   wake (the pacer's).
/// - The charged reloads it asks for in the background are at least the pacer's spacing apart,
///   but for a request dropped in a deaf window and asked again after it (once per window).
public struct ReloadCoordinator {
  /// Coalesces the charged reloads of changes learned in the background.
  public private(set) var pacer: ReloadPacer
  /// Until when WidgetKit ignores reload requests (the app was opened from the widget).
  public private(set) var deafUntil: Instant? = nil
  /// Whether a wake after the deaf window is pending.
  public private(set) var retryScheduled = false
  /// When the last reload was asked for.
  public private(set) var lastRequest: Instant? = nil
  private let reloader: any WidgetReloader
  private let wakes: any WakeScheduler

  /// A coordinator for widgets whose refresh budget is `limit` charged reloads per 24 hours,
  /// asking `reloader` for reloads and `wakes` for wakes.
  ///
  /// - Throws: `RefreshBudgetError.limitOutOfRange` outside `RefreshBudget.limitRange`.
  public init(refreshBudget limit: Int, reloader: any WidgetReloader, wakes: any WakeScheduler) throws(RefreshBudgetError) {
    pacer = try ReloadPacer(refreshBudget: limit, resumingAfter: reloader.lastPacedReload)
    self.reloader = reloader
    self.wakes = wakes
  }

  /// The app was opened from the widget at `instant`: WidgetKit ignores requests for 30 s. The
  /// app may learn it after it asked for a reload (a deep link is handled after the app became
  /// active): a request made at or after `instant` is then asked again after the window.
  public mutating func appOpenedFromWidget(at instant: Instant) {
    let window = instant.advanced(by: RefreshBudget.deafWindowMilliseconds)
    deafUntil = window
    // A retry already pending learns of the longer window when it fires (it finds WidgetKit still
    // deaf and asks again after); its backstop, run by an app relaunched in between, cannot:
    // one more backstop follows the longer window.
    if retryScheduled { wakes.scheduleWake(at: window.advanced(by: 1_000), for: .deafWindowBackstop) }
    if let lastRequest, lastRequest >= instant { scheduleRetry() }
  }

  /// Asks for a reload now, and once more after the deaf window if WidgetKit is deaf now.
  public mutating func reload(at now: Instant) {
    reloader.reloadAllTimelines()
    lastRequest = now
    guard let deafUntil, now < deafUntil else { return }
    scheduleRetry()
  }

  /// One wake after the deaf window, however many requests fell in it.
  ///
  /// The wake is an in-process timer, which dies with the app; a backstop wake at the same
  /// instant (a background task) asks again should the app be killed first. While the app lives
  /// the timer has just asked, and the backstop asks nothing.
  private mutating func scheduleRetry() {
    guard let deafUntil, !retryScheduled else { return }
    retryScheduled = true
    wakes.scheduleWake(at: deafUntil.advanced(by: 1_000), for: .reloadAfterDeafWindow)
    wakes.scheduleWake(at: deafUntil.advanced(by: 1_000), for: .deafWindowBackstop)
  }

  /// What the widgets show changed at `now`: reload at once when `free` (the app is in the
  /// foreground), else as the pacer says (now, or on a paced wake).
  public mutating func changed(at now: Instant, free: Bool) {
    let decision = pacer.change(at: now, free: free)
    keepPacing()
    switch decision {
    case .reloadNow: reload(at: now)
    case .reloadAt(let due): wakes.scheduleWake(at: due, for: .pacedReload)
    case .coalesced: break
    }
  }

  /// Hands the pacer's last charged reload to the reloader to keep, when it changed.
  private func keepPacing() {
    if let last = pacer.lastReload, last != reloader.lastPacedReload { reloader.lastPacedReload = last }
  }

  /// A wake this coordinator asked for is due at `now`; `free` when the app is in the
  /// foreground.
  public mutating func wake(_ reason: WakeReason, at now: Instant, free: Bool) {
    switch reason {
    case .reloadAfterDeafWindow:
      retryScheduled = false
      // Asked at once, even in the background (charged, outside the pacing): the request it
      // repeats was dropped, and nothing else would show its change before the timeline's own
      // reload. It happens at most once per opening from the widget.
      reload(at: now)
    case .deafWindowBackstop:
      // Due a second after the window: a request made since was heard; one made before, by this
      // process (which may not know of the window: it was relaunched inside it) or none, may
      // have been dropped.
      guard let lastRequest, lastRequest.advanced(by: 1_000) >= now else {
        reload(at: now)
        return
      }
    case .pacedReload:
      // A paced wake is a background task: it outlives the process that asked for it. A
      // coordinator that has asked for nothing since it was made belongs to a relaunched app,
      // and the changes the wake was to carry were never shown: reload, through the pacer.
      if pacer.waitingUntil == nil, lastRequest == nil {
        changed(at: now, free: free)
        return
      }
      guard pacer.due(at: now, free: free) else { return }
      keepPacing()
      reload(at: now)
    }
  }

  /// The device's zone changed while the app runs: a reload is free in the foreground; in the
  /// background nothing is asked (a widget's zone check covers it).
  public mutating func zoneChanged(at now: Instant, foreground: Bool) {
    if foreground { reload(at: now) }
  }

  // MARK: Resuming

  /// This coordinator as it stands, asking `reloader` and `wakes`: for a simulator that resumes
  /// a play from a snapshot. Law: the copy decides as `self` would, and shares nothing with it.
  package func rewired(reloader: any WidgetReloader, wakes: any WakeScheduler) -> Self {
    Self(self, reloader: reloader, wakes: wakes)
  }

  private init(_ coordinator: Self, reloader: any WidgetReloader, wakes: any WakeScheduler) {
    pacer = coordinator.pacer
    deafUntil = coordinator.deafUntil
    retryScheduled = coordinator.retryScheduled
    lastRequest = coordinator.lastRequest
    self.reloader = reloader
    self.wakes = wakes
  }
}
