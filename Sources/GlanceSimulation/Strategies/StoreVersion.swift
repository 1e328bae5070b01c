/// One store at one version: what a design's figures derived from that store alone are memoised
/// on (``Memo``). Two keys are equal when they name the same store object (held, so that it is
/// never another store at a reused address) at the same ``SimulatedEventLog/version``.
struct StoreVersion: Equatable {
  let store: SimulatedEventLog
  let version: Int

  /// `store` as it is now.
  init(_ store: SimulatedEventLog) {
    self.store = store
    version = store.version
  }

  static func == (lhs: StoreVersion, rhs: StoreVersion) -> Bool {
    lhs.store === rhs.store && lhs.version == rhs.version
  }
}
