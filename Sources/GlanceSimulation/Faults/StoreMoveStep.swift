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

extension StoreMoveStep: StateFingerprinted {
  /// The step's place in the move.
  func fingerprint(into hasher: inout StateHasher) {
    switch self {
    case .copyStore: hasher.combine(0 as UInt64)
    case .copyWAL: hasher.combine(1 as UInt64)
    case .copySHM: hasher.combine(2 as UInt64)
    case .deleteLegacy: hasher.combine(3 as UInt64)
    }
  }
}
