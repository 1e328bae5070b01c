/// Why an event log did not take a write now, though the same write will succeed later,
/// untouched: what a ``DeferrableWriteError`` reports.
///
/// Both cases promise the same thing: nothing of the write was stored, and trying the same
/// write again later is safe (a log keeps an event once by id, so a write that is repeated
/// counts once).
public enum WriteDeferral: String, Sendable, Hashable, CaseIterable {
  /// The log is suspended: its process is about to be suspended (on iOS, a process suspended
  /// while it holds a lock on a database in an App Group container is killed, `0xDEAD10CC`),
  /// so the log takes no lock until it is resumed. Try again after the resume.
  case suspended
  /// Another process held the log for longer than the log waits (SQLite's `SQLITE_BUSY`).
  /// Try again a moment later.
  case busy
}
