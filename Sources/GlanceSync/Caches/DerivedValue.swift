import GlanceKernel

/// The last value an engine or a timeline provider derived from a log, kept while the log's
/// ``ChangeCountingEventLog/changeCount`` and the key (a zone, a day) stay the same.
///
/// One belongs to one engine or provider, used from one thread at a time (an app's main actor,
/// a widget extension's provider, a simulated run), which is why it may be `Sendable` unchecked.
///
/// ## Laws
/// - `value(of: log, key: k) { f() }` is `f()` whenever the log does not count its changes;
///   otherwise it is `f()` of the first call since the count or the key last changed. Caching
///   never changes a figure, as long as `f` reads nothing but the log and the key.
final class DerivedValue<Key: Equatable, Value>: @unchecked Sendable {
  private var last: (count: Int, key: Key, value: Value)? = nil

  func value(of log: some EventLog, key: Key, _ derive: () throws -> Value) rethrows -> Value {
    guard let counting = log as? any ChangeCountingEventLog else { return try derive() }
    let count = counting.changeCount
    if let last, last.count == count, last.key == key { return last.value }
    let value = try derive()
    last = (count, key, value)
    return value
  }
}
