/// An error an ``EventLog`` throws that can tell "not now" from "never": a log shared by
/// processes (GlanceStore's `EventStore`) may refuse a write because it is suspended or busy,
/// and the same write will succeed later; a corrupted file or a conflicting event will not get
/// better by waiting.
///
/// Code written against `EventLog` (GlanceSync's engines) keeps a deferred write and tries it
/// again later (`PendingWrites`), and reports any other error at once. The kernel's own
/// ``Replica`` never defers (its ``ReplicationError`` does not conform).
///
/// ```swift
/// do {
///   _ = try log.record(event)
/// } catch let error as any DeferrableWriteError where error.deferral != nil {
///   pending.append(event)  // try again after the resume
/// }
/// ```
///
/// ## Laws (every conformer)
/// - When ``deferral`` is not `nil`, the write that threw stored nothing, and the same write,
///   tried again once the log is resumed (or no longer busy), succeeds as if it were the first.
/// - ``deferral`` depends on the error's value alone.
public protocol DeferrableWriteError: Error {
  /// Why the log did not take the write now, or `nil` when waiting cures nothing (the write
  /// failed for good, and the caller must say so).
  var deferral: WriteDeferral? { get }
}
