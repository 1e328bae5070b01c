/// The last value a design computed (a display, a period's sums) and what it depends on:
/// surfaces are read after every event, and most events change nothing a surface shows.
///
/// A memo belongs to one design of one run (a design's copies share it, and only the run's
/// own copy changes the data, whose version is part of the key), so it is never read by two
/// threads.
///
/// ## Laws
/// - `value(for: k) { f() }` returns `f()` of the last call with key `k`: memoising never
///   changes what a design shows, as long as the key holds everything `f` reads.
final class Memo<Key: Equatable, Value> {
  /// The last key and its value, kept apart: a lookup compares the key in place and copies the
  /// value alone (copying a pair out retained and released both, after every event).
  ///
  /// Read after every event: exempt from the dynamic exclusivity check, whose thread-local
  /// lookup cost more than the read. Safe: a memo is used by one thread, and no access to it
  /// overlaps another (`compute` runs between the read of the key and the write of both).
  @exclusivity(unchecked) private var lastKey: Key?
  @exclusivity(unchecked) private var lastValue: Value?

  func value(for key: Key, _ compute: () -> Value) -> Value {
    if lastKey == key, let value = lastValue { return value }
    let value = compute()
    (lastKey, lastValue) = (key, value)
    return value
  }
}
