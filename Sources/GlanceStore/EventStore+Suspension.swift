import Foundation
import GRDB

extension EventStore {
  /// Suspends every event store of this process, and every GRDB database opened with
  /// `observesSuspensionNotifications` (it posts GRDB's `Database.suspendNotification`): until
  /// ``resumeAll()``, no write takes a lock on the database.
  ///
  /// iOS kills a process that is suspended while it holds a lock on a database in an App Group
  /// container (`0xDEAD10CC`). Call this when the process is about to be suspended, after its
  /// last write (see *Suspension and 0xDEAD10CC* for where on iOS):
  /// - the app: `applicationDidEnterBackground(_:)` or `sceneDidEnterBackground(_:)` (each
  ///   scene's), or the expiration handler of a background task that writes;
  /// - a widget extension: at the end of its work (`getTimeline`'s completion, an intent's
  ///   `perform()`), after the last read or write;
  /// - the watch app: `applicationWillResignActive()` (`WKApplicationDelegate`).
  ///
  /// What it guarantees, once it returns:
  /// - a write that has not begun throws ``StoreError/suspended(path:)`` and takes no lock;
  /// - a write transaction that is running is rolled back, wholly (GRDB interrupts the statement
  ///   the writer runs; a store checks again before it commits), and throws
  ///   ``StoreError/suspended(path:)``; nothing of it is stored;
  /// - a write waiting for another process's lock does not try again after its wait;
  /// - reads go on (a reader in WAL mode takes no lock that blocks a writer, and GRDB lets them
  ///   through a suspended database).
  ///
  /// Safe to call from any thread, and more than once. GRDB documents this technique as
  /// experimental; it is the one its guide recommends.
  public static func suspendAll() {
    NotificationCenter.default.post(name: Database.suspendNotification, object: nil)
  }

  /// Resumes every event store of this process (it posts GRDB's `Database.resumeNotification`):
  /// writes take locks again.
  ///
  /// Call it when the app comes back (`applicationWillEnterForeground(_:)`,
  /// `sceneWillEnterForeground(_:)`, `applicationDidBecomeActive()` on the watch), and at the
  /// start of every background callback that may write (a background task, a WatchConnectivity
  /// delivery, a widget's timeline request or intent), before its first write; then call
  /// ``suspendAll()`` again at its end. Writes refused while suspended are not replayed by the
  /// store: their callers keep them (GlanceSync's engines do) and write them again.
  public static func resumeAll() {
    NotificationCenter.default.post(name: Database.resumeNotification, object: nil)
  }

  /// Whether this store is suspended now: its writes throw ``StoreError/suspended(path:)``.
  public var isSuspended: Bool { suspension.isSuspended }

  /// Suspends this store alone, as ``suspendAll()`` does the process's, for tests: its writes
  /// are refused, and the transaction it runs is rolled back before it commits (GRDB's own
  /// connection-level suspension, which interrupts a running statement, comes only with
  /// ``suspendAll()``). Test hook: a test process runs other tests' stores in parallel, which a
  /// process-wide notification would suspend too.
  package func suspend() { suspension.suspend() }

  /// Resumes this store alone (the test hook paired with ``suspend()``).
  package func resume() { suspension.resume() }
}
