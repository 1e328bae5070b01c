public import GlanceKernel

/// What every phone engine (``TallyPhone``, ``StepsApp``, ``BudgetApp``) hears from the platform
/// besides the person's actions, all of it about widget reloads, which its ``reloads`` decides.
///
/// ## Laws
/// - Each of these calls only reaches the engine's ``ReloadCoordinator``: none changes the log.
public protocol PhoneEngine {
  /// When the engine's widgets are reloaded. Leave it to the engine: it is settable only so that
  /// the calls below can reach it.
  var reloads: ReloadCoordinator { get set }
  /// The writes the engine's App Group store deferred, waiting for it in order: what an app saves
  /// in its own container after each call, so that the next engine (after a kill) starts with
  /// them (see ``PendingWrites``).
  var pendingWrites: PendingWrites { get }
}

extension PhoneEngine {
  /// The app was opened from the widget at `now` (a tap on its body, a deep link): WidgetKit
  /// ignores reload requests for 30 s, so the engine asks again after (call it before or after
  /// the engine's `becameActive`).
  public mutating func openedFromWidget(at now: Instant) {
    reloads.appOpenedFromWidget(at: now)
  }

  /// The device's zone changed while the app runs (`NSSystemTimeZoneDidChange`): a reload is
  /// free in the foreground; a widget is told nothing, its zone check covers it.
  public mutating func zoneChanged(at now: Instant, foreground: Bool) {
    reloads.zoneChanged(at: now, foreground: foreground)
  }

  /// A wake the engine asked for (``WakeScheduler``) is due.
  public mutating func wake(_ reason: WakeReason, at now: Instant, foreground: Bool) {
    reloads.wake(reason, at: now, free: foreground)
  }
}
