import GlanceKernel

/// Which of `SyncCoordinator`'s operations a queue drain belongs to, and what it goes on with.
enum MirrorSmokerSync: Hashable, Sendable {
  /// `checkForExternalChanges()`, entered when `lastUpdated` (read as `seen`) was after
  /// `lastSyncTime`; `notify` when it found and cleared `widget_cigarette_added`.
  case externalChanges(seen: Instant, notify: Bool)
  /// `performFullSync()` on `didBecomeActive`.
  case fullSync
}
