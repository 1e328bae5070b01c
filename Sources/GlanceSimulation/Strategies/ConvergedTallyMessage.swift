import GlanceKernel

/// What the converged tally's phone and watch send each other.
enum ConvergedTallyMessage: Hashable, Sendable {
  /// A replicated event (watch → phone over `transferUserInfo`: durable, in order, at least once).
  case event(Event)
  /// The phone's log, in the order the phone recorded its events, pushed as application context:
  /// each push holds the last, so latest-wins loses nothing. The log is append-only, so its
  /// length names the pushed prefix exactly; the simulator sends the length rather than copying
  /// the prefix.
  case phoneLog(length: Int)
}
