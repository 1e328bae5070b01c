public import GlanceKernel

/// An event log that can say whether it changed: ``changeCount`` grows with every write that
/// adds something, so what is derived from the log (a budget's sums, the step completions) can
/// be kept from one read to the next while the count stays the same.
///
/// A store shared by processes counts the other processes' writes too (SQLite's
/// `PRAGMA data_version` is such a count); a store only one process writes can count its own.
/// The engines and timeline providers derive everything anew from a log that does not conform.
///
/// ## Laws
/// - Equal counts, read from one log, mean equal contents.
public protocol ChangeCountingEventLog: EventLog {
  /// Grows whenever the content changes; never goes back.
  var changeCount: Int { get }
}
