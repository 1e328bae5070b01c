/// A fault the world injected, as the report counts them.
public enum FaultKind: String, Hashable, Sendable, CaseIterable, Comparable {
  /// The app process was killed (before a step of an operation, or outright).
  case appKill = "app-kill"
  /// The watch went out of range of the phone.
  case watchOutOfRange = "watch-out-of-range"
  /// A `transferUserInfo` payload was delivered twice.
  case duplicateDelivery = "duplicate-delivery"
  /// A store move's copy failed.
  case storeCopyFailure = "store-copy-failure"
  /// The widget extension was killed before a step of the intent it performed.
  case widgetKill = "widget-kill"
  /// The watch app was killed shortly after a tap.
  case watchAppKill = "watch-app-kill"
  /// A `sendMessage` failed in flight (`WCError.deliveryFailed`).
  case messageFailure = "message-failure"
  /// A `sendMessage` was delivered but its reply never came (`WCError.messageReplyTimedOut`).
  case replyTimeout = "reply-timeout"
  /// A `sendMessage` to the watch was refused: the watch was in range, but its app was not in
  /// the foreground (`isReachable` was false).
  case watchAppNotRunning = "watch-app-not-running"
  /// A commit to a store on the phone failed (disk full or an I/O error): nothing was written.
  case storeWriteFailure = "store-write-failure"
  /// A value the design keeps in the App Group's defaults was corrupted.
  case corruptedDefaults = "corrupted-defaults"
  /// The app was killed in the middle of its store move (before a step the scenario names).
  case storeMoveInterrupted = "store-move-interrupted"
  /// A commit to the App Group database on the phone met the write lock another process held,
  /// and gave up after the busy timeout (`SQLITE_BUSY`): nothing was written, and the same write
  /// succeeds once the lock is released.
  case storeBusy = "store-busy"
  /// A process suspended while it held the App Group database's write lock was killed by the
  /// system (`0xDEAD10CC`): its open transaction was rolled back, what it held was lost.
  case suspendedHoldingLock = "dead10cc"

  public static func < (lhs: FaultKind, rhs: FaultKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
