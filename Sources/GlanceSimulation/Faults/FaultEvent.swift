/// A fault the plan arms, or an armed fault's deadline (the ``FaultInjector`` decides what an
/// armed fault strikes).
enum FaultEvent: Sendable {
  /// A kill of `process` is armed: it takes the app or the widget extension down before one of
  /// its next operation steps, the watch app shortly after the next watch tap.
  case kill(Process)
  /// Six hours after a kill of `process` was armed: if it has not struck, it takes the app down
  /// now; the widget extension and the watch app, not running, are spared.
  case killDeadline(Process)
  /// The armed kill of the watch app strikes (shortly after a watch tap).
  case killWatchApp
  /// Store write failure `number` is armed: the next commit on the phone fails.
  case armStoreWriteFailure(Int)
  /// Six hours after store write failure `number` was armed: if it met no commit, it is taken back.
  case storeWriteFailureDeadline(Int)
  /// A value the design keeps in the App Group's defaults is corrupted (the injector draws which).
  case corruptDefaults
  /// The watch goes out of range of the phone (`false`), or comes back (`true`).
  case reachability(Bool)
  /// Another process takes the App Group database's write lock (`true`): a commit on the phone's
  /// App Group store meets `SQLITE_BUSY` until it releases it (`false`).
  case storeBusy(Bool)
  /// iOS suspends the app, ``StoreFaults/suspensionMilliseconds`` after it went to the background
  /// holding the App Group database's write lock (queued only then): if it holds it still, the
  /// system kills it (`0xDEAD10CC`) and its open transaction is rolled back.
  case suspendApp

  /// Whether a ``FaultPlan`` puts it on the queue (``FaultPlan/timedEvents(from:until:)``), so
  /// that it enters the queue in turn with the run's other timed events; a deadline or a strike
  /// is scheduled by the run as it plays.
  var isPlanned: Bool {
    switch self {
    case .kill, .armStoreWriteFailure, .corruptDefaults, .reachability, .storeBusy: return true
    case .killDeadline, .killWatchApp, .storeWriteFailureDeadline, .suspendApp: return false
    }
  }
}

extension FaultEvent: StateFingerprinted {
  /// The case and what it carries.
  func fingerprint(into hasher: inout StateHasher) {
    switch self {
    case .kill(let process):
      hasher.combine(0 as UInt64)
      hasher.combine(process)
    case .killDeadline(let process):
      hasher.combine(1 as UInt64)
      hasher.combine(process)
    case .killWatchApp: hasher.combine(2 as UInt64)
    case .armStoreWriteFailure(let number):
      hasher.combine(3 as UInt64)
      hasher.combine(number)
    case .storeWriteFailureDeadline(let number):
      hasher.combine(4 as UInt64)
      hasher.combine(number)
    case .corruptDefaults: hasher.combine(5 as UInt64)
    case .reachability(let reachable):
      hasher.combine(6 as UInt64)
      hasher.combine(reachable)
    case .storeBusy(let busy):
      hasher.combine(7 as UInt64)
      hasher.combine(busy)
    case .suspendApp: hasher.combine(8 as UInt64)
    }
  }
}
