/// A step of moving the steps store from the app's container into the App Group, as BabySteps'
/// `migrateStoreIfNeeded` runs them: the store's three files copied one by one, then the legacy
/// files deleted. A scenario can interrupt the move before any of them (``StoreMove/interruptedBefore``).
///
/// ## Laws
/// - `allCases` is in the order the steps run; `rawValue` is the name a scenario file writes.
public enum StoreMoveStep: String, Hashable, Sendable, CaseIterable {
  /// Copy `default.store`: the store as of its last checkpoint.
  case copyStore
  /// Copy `default.store-wal`: the commits since that checkpoint.
  case copyWAL
  /// Copy `default.store-shm`: the WAL's index, rebuilt when missing.
  case copySHM
  /// Delete the legacy files.
  case deleteLegacy
}
