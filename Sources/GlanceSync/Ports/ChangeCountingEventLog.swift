public import GlanceKernel

/// An event log that can say whether it changed: ``changeCount`` grows with every write that
/// adds something, so what is derived from the log (a budget's sums, the step completions) can
/// be kept from one read to the next while the count stays the same.
///
/// A store shared by processes counts the other processes' writes too (SQLite's
/// `PRAGMA data_version` is such a count); a store only one process writes can count its own.
/// The engines and timeline providers derive everything anew from a log that does not conform.
///
/// A log that keeps what each write added can also hand out its change feed
/// (``events(sinceChangeCount:)``): the events added since a count, so that an engine folds
/// them into what it derived instead of reading the whole log again.
///
/// ## Laws
/// - Equal counts, read from one log, mean equal contents.
/// - When `events(sinceChangeCount: c)` is not `nil`, the log's events are those it held at
///   count `c` plus exactly the events returned (each new, none twice).
public protocol ChangeCountingEventLog: EventLog {
  /// Grows whenever the content changes; never goes back.
  var changeCount: Int { get }

  /// The events added since the log's ``changeCount`` was `count`, in the order they were
  /// written; `nil` when the log cannot tell (it does not keep a feed, or `count` is not one of
  /// its past counts): derive anew from `replica()` then. The default is `nil`.
  func events(sinceChangeCount count: Int) -> [Event]?

  /// Which log this is, for what is derived from it: the object's identity for a class (the
  /// default), and for a value the identity of a new box at each read, so never the same.
  var logIdentity: ObjectIdentifier { get }
}

extension ChangeCountingEventLog {
  public func events(sinceChangeCount count: Int) -> [Event]? { nil }

  public var logIdentity: ObjectIdentifier { ObjectIdentifier(self as AnyObject) }
}

extension ChangeCountingEventLog where Self: AnyObject {
  /// The object's identity, without boxing.
  public var logIdentity: ObjectIdentifier { ObjectIdentifier(self) }
}
