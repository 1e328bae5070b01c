import GlanceKernel

/// The steps of MirrorSmoker's multi-step operations: a kill between two of them leaves the
/// operation half done.
enum MirrorSmokerStep: Hashable, Sendable, OperationStep {
  /// The widget intent: 0 read the queue, 1 write queue + timestamp, 2 read `todayCount`, 3
  /// write it + 1, 4 reload.
  case legacyIntent(phase: Int, timestamp: Instant, queue: [Instant], count: Int)
  /// The queue drain in the app: 0 read the queue, 1 insert and save, 2 remove the whole key, 3
  /// recompute the snapshot and push.
  case legacyDrain(phase: Int, queue: [Instant])
  /// The app's 10 s SyncCoordinator timer.
  case legacyTimer

  var isOperationStep: Bool {
    if case .legacyTimer = self { return false }
    return true
  }
}
