/// The points a ``StoreMove`` passes, in order. Each is reached once its effect is durable, so
/// a process killed right after any of them leaves the files in a state that the next
/// ``StoreMove/run()`` continues from (the tests kill the move at every one of them).
///
/// The move journal records three states: `began` (written at ``began``), `copied` (at
/// ``copyRecorded``, with the legacy store's row counts) and `switched` (at ``switched``); it is
/// removed at ``finished``.
public enum StoreMoveStep: String, CaseIterable, Sendable, Hashable {
  /// The journal exists and says `began`: a staging file, if any, may be partial.
  case began
  /// The staging file next to the target holds an SQLite backup of the legacy store.
  case copied
  /// The journal says `copied` and records the legacy store's row counts.
  case copyRecorded
  /// The staging file passed `PRAGMA integrity_check` and has the recorded row counts.
  case verified
  /// The staging file's events and outbox were merged into the target in one transaction, and
  /// the target was checked to hold every one of them.
  case merged
  /// The journal says `switched`: the target is the store from now on.
  case switched
  /// The legacy files are deleted (after checking once more that the target holds every legacy
  /// event).
  case sourceDeleted
  /// The staging files are deleted.
  case stagingDeleted
  /// The journal is removed: the move is over.
  case finished
}
