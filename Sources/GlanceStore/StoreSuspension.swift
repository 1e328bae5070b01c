import Foundation
import GRDB

/// Whether one ``EventStore`` is suspended: set by the process-wide notifications that
/// ``EventStore/suspendAll()`` and ``EventStore/resumeAll()`` post (GRDB's
/// `Database.suspendNotification` and `Database.resumeNotification`, whoever posts them), or for
/// this store alone by its test hooks. Read and written from any thread, under a lock.
///
/// ## Laws
/// - After a suspend notification (or ``suspend()``) returns, ``isSuspended`` is `true` until a
///   resume notification (or ``resume()``); repeating either changes nothing.
/// - The observers live exactly as long as this object (removed in `deinit`).
final class StoreSuspension: @unchecked Sendable {
  // @unchecked: `suspended` and `observers` are only touched under `lock`.
  private let lock = NSLock()
  private var suspended = false
  private var observers: [any NSObjectProtocol] = []

  /// A state that follows GRDB's suspension notifications. Made before the store's pool, so that
  /// these observers are registered before the pool's own: when a notification is posted, this
  /// state is set before GRDB interrupts the writer, and the error the writer then throws is
  /// read as a suspension.
  init() {
    let center = NotificationCenter.default
    let suspending = center.addObserver(forName: Database.suspendNotification, object: nil, queue: nil) { [weak self] _ in
      self?.suspend()
    }
    let resuming = center.addObserver(forName: Database.resumeNotification, object: nil, queue: nil) { [weak self] _ in
      self?.resume()
    }
    lock.withLock { observers = [suspending, resuming] }
  }

  deinit {
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
  }

  /// Whether the store takes no lock now.
  var isSuspended: Bool { lock.withLock { suspended } }

  func suspend() { lock.withLock { suspended = true } }

  func resume() { lock.withLock { suspended = false } }

  /// Throws ``StoreError/suspended(path:)`` while the store is suspended.
  func refuse(path: String) throws(StoreError) {
    if isSuspended { throw .suspended(path: path) }
  }
}
