import GlanceKernel

/// The steps of MirrorSmoker's multi-step operations: a kill between two of them leaves the
/// operation half done.
enum MirrorSmokerStep: Hashable, Sendable, OperationStep {
  /// `AddCigaretteIntent.perform()` in the widget extension: 0 read the queue, 1 write it with
  /// the new timestamp, 2 write `lastUpdated`, 3 read `todayCount`, 4 write it + 1, 5 set
  /// `widget_cigarette_added`, 6 reload the widgets.
  case intent(phase: Int, timestamp: Instant, queue: [Instant], count: Int)
  /// `PendingWidgetActionsManager.processPendingIfAny()` then the rest of its caller (`then`):
  /// 0 read the queue, 1 insert into the context and begin saving, 2 the save commits (or
  /// fails), 3 remove the whole key and stamp `lastUpdated`, 4 go on with the caller.
  case drain(phase: Int, queue: [Instant], then: MirrorSmokerSync)
  /// `SyncCoordinator.handleCigaretteAddedFromWidget()`, run by the notification
  /// `checkForExternalChanges` posted.
  case widgetAddedNotification
  /// The `SyncCoordinator`'s timer: every 10 s on `master`, every 30 s in the seed's snapshot.
  case timer
  /// The app's debounced `UserDefaults.didChangeNotification`, due 100 ms after the write that
  /// set it (a later write supersedes it).
  case defaultsChanged(due: Instant)

  var isOperationStep: Bool {
    switch self {
    case .timer, .defaultsChanged: return false
    case .intent, .drain, .widgetAddedNotification: return true
    }
  }
}
