/// How hard a commit waits for the disk: SQLite's `PRAGMA synchronous` on the store's writer
/// connection, in WAL mode (``EventStore/init(at:check:synchronous:busyRetry:)``).
///
/// ## Laws
/// - Under either mode, a commit that returned survives a **process kill** (a `SIGKILL`, a crash,
///   iOS ending an extension): the transaction is in the WAL file, in the operating system's
///   cache, and the next connection reads it.
/// - Under ``full``, a commit that returned also survives an **operating system crash or a power
///   cut**: SQLite syncs the WAL to the disk before the commit returns.
/// - Under ``normal``, an operating system crash or a power cut may lose the last transactions
///   committed since the previous checkpoint's sync (never a partial one: the database stays
///   consistent, the lost transactions are wholly absent).
/// - The mode never changes what a read returns, only which commits a power cut can undo.
///
/// ## Which one
/// ``full`` is the default, and the right mode for the App Group store of an app, its widget and
/// its watch receiver. An event recorded on a device is the only copy until the peer is handed it
/// (it sits in ``EventStore/outbox()``); a tap the widget showed as counted and that a power cut
/// then undoes is lost everywhere, with no peer to re-send it. The cost does not matter at a
/// person's pace: one sync per tap, a few milliseconds, and the watch's batch is one
/// transaction, so one sync for the whole batch. ``normal`` is for a file that can be rebuilt:
/// a cache, a copy that re-syncs from its peer, or the simulator's temporary stores
/// (`simulate --store sqlite`), where many thousand commits a second matter and no power cut
/// does. (On Apple platforms neither mode issues `F_FULLFSYNC` unless the `fullfsync` pragma is
/// on; ``full`` still orders the WAL's writes before the commit returns.)
public enum SynchronousMode: String, Sendable, Hashable, CaseIterable {
  /// `PRAGMA synchronous = FULL`: a commit survives a power cut (the default).
  case full = "FULL"
  /// `PRAGMA synchronous = NORMAL`: a commit survives a process kill; a power cut may undo the
  /// last ones.
  case normal = "NORMAL"
}
