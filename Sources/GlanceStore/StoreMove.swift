public import Foundation
import GlanceKernel
import GRDB

/// Moves an event store from a legacy location (the app's own Application Support) into the
/// shared location (the App Group container), so that the widget and the app read one store.
///
/// The protocol is **copy, verify, switch, then delete**, with a journal next to the target:
/// 1. `began`: the journal is written before any file is created.
/// 2. copy: an SQLite backup of the legacy store into a staging file next to the target
///    (`<target>.moving`); the journal records the legacy store's row counts (`copied`).
/// 3. verify: the staging file passes `PRAGMA integrity_check` and has those row counts.
/// 4. switch: the staging file's events and outbox are **merged** into the target in one
///    transaction, de-duplicated by id, and the target is checked to hold every one of them;
///    the journal says `switched`.
/// 5. delete: the legacy store is checked once more against the target (every legacy event is
///    there), then its files are deleted, then the staging files, then the journal.
///
/// Run it in the app before opening the target with ``EventStore/init(at:check:synchronous:busyRetry:)``:
///
/// ```swift
/// let move = StoreMove(from: applicationSupport.appendingPathComponent("glance.sqlite"),
///                      to: appGroup.appendingPathComponent("glance.sqlite"))
/// _ = try move.run()
/// let store = try EventStore(at: move.target, check: .quick)
/// ```
///
/// BabySteps copied the files, ignored copy errors, deleted the source unconditionally, and
/// skipped the move when the target existed — so a widget that opened the App Group store
/// first stranded the old data (see *The real apps Glance models*, BabySteps: the store move). Here the target is
/// never replaced, only merged into: whoever created it first, and whatever it holds, the legacy
/// events end up in it.
///
/// ## Laws
/// - Nothing is deleted until verified: the legacy files are deleted only after the target was
///   checked to hold every legacy event, with equal content; the staging file and the journal
///   only after that.
/// - All or nothing, resumable: a process killed after any ``StoreMoveStep`` leaves a state that
///   the next ``run()`` continues from (or restarts from the copy, which is always safe while the
///   legacy store exists); when a run returns, the target holds the union of what it held and
///   every legacy event, and no legacy, staging or journal file remains.
/// - Other process first: another process may create the target, write to it, and keep it open
///   during the move; its events stay, and the legacy events are merged in.
/// - Idempotence: running a finished move again returns ``StoreMoveOutcome/nothingToMove`` and
///   touches nothing.
///
/// Only the app runs the move (the widget cannot see the app's legacy location); it must not run
/// two moves of the same store at once.
public struct StoreMove: Sendable {
  /// The legacy store (the file the app used before the App Group).
  public let legacy: URL
  /// The shared store, in the App Group container.
  public let target: URL

  /// A move from `legacy` to `target` (two different file URLs).
  public init(from legacy: URL, to target: URL) {
    precondition(legacy.isFileURL, "the legacy store is a file; got \(legacy)")
    precondition(target.isFileURL, "the target store is a file; got \(target)")
    precondition(
      legacy.standardizedFileURL.path != target.standardizedFileURL.path,
      "a store cannot move onto itself (\(legacy.path))")
    self.legacy = legacy
    self.target = target
  }

  /// The staging copy of the legacy store, next to the target.
  public var staging: URL { URL(fileURLWithPath: target.path + ".moving") }
  /// The move's journal, next to the target.
  public var journal: URL { URL(fileURLWithPath: target.path + ".move-journal") }

  /// How many times a journal state may be handled in one run: began, copied, switched, and once
  /// more each after a restart from the copy.
  static let transitionsMax = 6

  /// Starts the move, resumes one that a killed process left, or does nothing when there is no
  /// legacy store and no move in progress.
  ///
  /// - Returns: What was done.
  /// - Throws: ``StoreError``, naming the file and the step. Nothing unverified was deleted, so
  ///   running the move again (at the next launch) resumes it. In particular:
  ///   ``StoreError/corrupted(path:reason:)`` for a corrupted legacy store (nothing is written),
  ///   ``StoreError/conflictingEvent(id:existing:incoming:path:)`` when the target holds a
  ///   different event under a legacy event's id, ``StoreError/moveSourceMissing(path:step:)``
  ///   when the legacy store vanished before it was copied.
  public func run() throws(StoreError) -> StoreMoveOutcome {
    do {
      return try run(after: { _ in })
    } catch let error as StoreError {
      throw error
    } catch {
      preconditionFailure("a store move without a checkpoint hook throws only StoreError: \(error)")
    }
  }

  /// ``run()``, calling `checkpoint` after each step's effect is durable. For tests: a hook that
  /// throws stops the move there, as a process kill would (the error is rethrown as is).
  package func run(after checkpoint: (StoreMoveStep) throws -> Void) throws -> StoreMoveOutcome {
    var journal: MoveJournal
    if let recorded = try MoveJournal.read(from: self.journal) {
      journal = recorded
    } else {
      guard exists(legacy) else { return .nothingToMove }
      try checkLegacy()
      journal = MoveJournal(state: .began, eventCount: nil, outboxCount: nil)
      try journal.write(to: self.journal, step: .began)
      try checkpoint(.began)
    }
    var restartsLeft = 1
    var inserted = 0
    for _ in 0..<Self.transitionsMax {
      switch journal.state {
      case .began:
        guard exists(legacy) else { throw StoreError.moveSourceMissing(path: legacy.path, step: .began) }
        let copied = try copy()
        try checkpoint(.copied)
        try copied.write(to: self.journal, step: .copyRecorded)
        try checkpoint(.copyRecorded)
        journal = copied
      case .copied:
        switch verifiedStaging(journal) {
        case .failure(let error):
          guard restartsLeft > 0, exists(legacy) else { throw error }
          restartsLeft -= 1
          journal = try restart()
        case .success(let stagingStore):
          try checkpoint(.verified)
          inserted += try merge(from: stagingStore)
          try checkpoint(.merged)
          journal = MoveJournal(state: .switched, eventCount: journal.eventCount, outboxCount: journal.outboxCount)
          try journal.write(to: self.journal, step: .switched)
          try checkpoint(.switched)
        }
      case .switched:
        if exists(legacy) {
          if let missing = try firstLegacyEventMissingFromTarget() {
            guard restartsLeft > 0 else {
              throw StoreError.moveVerificationFailed(
                path: target.path, step: .sourceDeleted, reason: "legacy event \(missing.id) is not in the target")
            }
            restartsLeft -= 1
            journal = try restart()
            continue
          }
          try deleteDatabaseFiles(at: legacy, step: .sourceDeleted)
        }
        try checkpoint(.sourceDeleted)
        return try finish(journal, inserted: inserted, after: checkpoint)
      }
    }
    preconditionFailure("a store move handled \(Self.transitionsMax) journal states without finishing")
  }

  /// Deletes the staging files, then the journal.
  private func finish(
    _ journal: MoveJournal, inserted: Int, after checkpoint: (StoreMoveStep) throws -> Void
  ) throws -> StoreMoveOutcome {
    precondition(journal.state == .switched, "only a switched move finishes (journal says \(journal.state))")
    precondition(journal.eventCount != nil, "a switched journal carries the legacy row counts")
    try deleteDatabaseFiles(at: staging, step: .stagingDeleted)
    try checkpoint(.stagingDeleted)
    do {
      try FileManager.default.removeItem(at: self.journal)
    } catch {
      throw StoreError.moveFileOperation(path: self.journal.path, step: .finished, reason: "\(error)")
    }
    try checkpoint(.finished)
    return .moved(legacyEventCount: journal.eventCount ?? 0, insertedCount: inserted)
  }

  /// Sets the journal back to `began`: the next pass copies the legacy store again.
  private func restart() throws(StoreError) -> MoveJournal {
    let journal = MoveJournal(state: .began, eventCount: nil, outboxCount: nil)
    try journal.write(to: self.journal, step: .began)
    return journal
  }

  /// Whether a file exists at `url`.
  func exists(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.path)
  }
}

/// What a ``StoreMove/run()`` did.
public enum StoreMoveOutcome: Equatable, Sendable {
  /// There was no legacy store and no move in progress; no file was touched.
  case nothingToMove
  /// The move finished: the legacy store held `legacyEventCount` events when it was copied, and
  /// `insertedCount` of them were new to the target in this run (0 when a killed run had already
  /// merged them).
  case moved(legacyEventCount: Int, insertedCount: Int)
}
