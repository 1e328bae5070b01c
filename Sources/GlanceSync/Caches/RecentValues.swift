/// The values last computed for a few keys, most recent last, at most `capacity` of them: a
/// memo for the handful of keys a provider asks about again and again (the periods a timeline
/// plans, the zones it plans them in), looked up by a scan that is cheaper than hashing at this
/// size.
///
/// ## Laws
/// - `value(for: k) { f() }` returns the `f()` of the last call with key `k` while that call's
///   entry is kept, and calls `f()` otherwise; `f()` is never called for a kept key.
/// - At most `capacity` entries are kept; a new key evicts the oldest.
/// - After `removeAll()`, every key is computed again.
struct RecentValues<Key: Equatable, Value> {
  /// How many entries are kept at most.
  let capacity: Int
  /// The keys and their values, oldest first, in two arrays: a lookup scans the keys alone (a scan
  /// of pairs copied each value out, and retained it, to compare its key).
  private var keys: [Key] = []
  private var values: [Value] = []

  /// An empty memo that keeps at most `capacity` entries. - Precondition: `capacity > 0`.
  init(capacity: Int) {
    precondition(capacity > 0, "a memo of no entries keeps nothing")
    self.capacity = capacity
  }

  /// The value kept for `key`, or `compute()`, then kept.
  mutating func value(for key: Key, _ compute: () -> Value) -> Value {
    if let index = keys.lastIndex(of: key) { return values[index] }
    let value = compute()
    if keys.count == capacity {
      keys.removeFirst()
      values.removeFirst()
    }
    keys.append(key)
    values.append(value)
    precondition(keys.count <= capacity, "\(keys.count) entries kept; at most \(capacity)")
    return value
  }

  /// Forgets every entry.
  mutating func removeAll() {
    keys.removeAll(keepingCapacity: true)
    values.removeAll(keepingCapacity: true)
  }
}
