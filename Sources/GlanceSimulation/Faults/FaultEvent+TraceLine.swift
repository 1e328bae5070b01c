extension FaultEvent {
  /// How a trace names the event (``World/describe(_:)`` gives it for a `.fault` event): one line
  /// per case, written here, with the event, so that a new fault family's line is written in
  /// `Faults/`.
  ///
  /// ## Laws
  /// - One line, no line break, the same for the same event (a trace is part of a report's
  ///   bytes).
  var traceLine: String {
    switch self {
    case .kill(let process): "kill of the \(process.traceName) armed"
    case .killDeadline(let process): "armed kill of the \(process.traceName): deadline"
    case .killWatchApp: "the watch app is killed"
    case .armStoreWriteFailure: "store write failure armed: the next commit on the phone fails"
    case .storeWriteFailureDeadline: "armed store write failure: deadline"
    case .corruptDefaults: "a value in the App Group's defaults is corrupted"
    case .reachability(let reachable): reachable ? "watch in range" : "watch out of range"
    case .storeBusy(let held):
      held
        ? "another process takes the App Group database's write lock: commits to it meet SQLITE_BUSY"
        : "the other process releases the App Group database's write lock"
    case .suspendApp:
      "iOS suspends the app in the background: if it holds the App Group database's write lock still, it is killed"
        + " (0xDEAD10CC) and its open transaction rolled back"
    }
  }
}
