public import GlanceKernel

/// A commit to a simulated store that did not happen now, though the same write will later: the
/// App Group database's write lock was held by another process for longer than the store waits
/// (`SQLITE_BUSY`), or the store was suspended (GlanceStore's `EventStore.suspendAll()`). Nothing
/// was written. The kernel's `DeferrableWriteError`, as GlanceStore's `StoreError.busy` and
/// `StoreError.suspended` are.
///
/// ## Laws
/// - ``deferral`` is never `nil`: waiting cures it.
public struct StoreDeferral: DeferrableWriteError, Hashable, Sendable, CustomStringConvertible {
  /// The store's name within its design (`phone`, `group`).
  public let store: String
  /// Why the store did not take the write now.
  public let reason: WriteDeferral

  public var deferral: WriteDeferral? { reason }

  public var description: String {
    switch reason {
    case .busy: "the commit to store \(store) met another process's write lock (SQLITE_BUSY, injected): nothing written"
    case .suspended: "store \(store) is suspended: nothing written until it is resumed"
    }
  }
}
