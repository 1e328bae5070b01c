import GlanceKernel

extension EventLog {
  /// Records `event`, trying once more when the commit fails: a full disk or an I/O error is
  /// most often transient (the store move tries again for the same reason), and the person's
  /// tap is worth a second commit. The second error is thrown; nothing was recorded then.
  ///
  /// A deferral (the log is suspended or busy: `DeferrableWriteError`) is thrown at once: a
  /// second try now would meet the same suspension, or wait out the same lock again; the
  /// engine's ``PendingWrites`` keeps the write for later instead.
  ///
  /// Safe to repeat: a log keeps an event once by id, so a commit that failed after writing
  /// records nothing new the second time.
  mutating func recordRetrying(_ event: Event) throws -> Bool {
    do {
      return try record(event)
    } catch let error where WriteDeferral(error) == nil {
      return try record(event)
    }
  }

  /// Receives `events` from the peer, trying once more when the commit fails (see
  /// ``recordRetrying(_:)``): WatchConnectivity counts a delivery as done, so a write lost here
  /// would be lost for good.
  mutating func receiveRetrying(_ events: [Event]) throws -> Int {
    do {
      return try receive(events)
    } catch let error where WriteDeferral(error) == nil {
      return try receive(events)
    }
  }
}
