import GlanceKernel

/// A log's ``ChangeCountingEventLog`` view, looked up once per log object: a fold over a store
/// asks after every read whether the log counts its changes, and a dynamic cast to a protocol
/// asks the runtime's conformance tables each time (it cost a simulated sweep more than 3 % of
/// its instructions). For a class, the view found for an object is kept with the object and
/// handed out while the same object comes back; a value's copies may differ, so a value is
/// cast at every read.
///
/// One belongs to one fold, used from one thread at a time, which is why it may be `Sendable`
/// unchecked.
///
/// ## Laws
/// - `view(of: log)` is `log as? any ChangeCountingEventLog`, the same object or value seen
///   through the same protocol: the kept view is of the very object asked about, which it keeps
///   alive (so its identity cannot pass to another object meanwhile).
final class ChangeCountingLookup: @unchecked Sendable {
  /// The last class object asked about (`nil` before the first), and its view (`nil` when it
  /// does not count changes). Kept apart: the object is compared where it is kept, and only the
  /// view is copied out (copying the pair out of an optional tuple went through the
  /// existential's value witnesses, twice a read).
  ///
  /// Read at every read of a store: exempt from the dynamic exclusivity check, whose
  /// thread-local lookup cost more than the read. Safe: a lookup is used from one thread at a
  /// time, and no access to it overlaps another (no closure runs during one).
  @exclusivity(unchecked) private var lastObject: AnyObject? = nil
  @exclusivity(unchecked) private var lastView: (any ChangeCountingEventLog)? = nil

  func view<Log: EventLog>(of log: Log) -> (any ChangeCountingEventLog)? {
    guard Log.self is AnyObject.Type else { return log as? any ChangeCountingEventLog }
    // `log` is a class reference, one pointer: reinterpreted, not converted (`log as AnyObject`
    // takes the runtime's bridging path, which cost as much as the cast it would save).
    let object = unsafeBitCast(log, to: AnyObject.self)
    if lastObject === object { return lastView }
    let view = log as? any ChangeCountingEventLog
    (lastObject, lastView) = (object, view)
    return view
  }
}
