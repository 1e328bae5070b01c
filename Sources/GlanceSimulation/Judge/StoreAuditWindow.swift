/// The last audit of one device's whole store, kept so that the next audit merges only the keys
/// between the first and the last that changed since, and takes the rest of its findings from
/// this one. A design that loses or repeats writes keeps a store that differs from the truth
/// for the rest of the run; merged whole after every action, it made a long run quadratic.
///
/// Only the audit of a whole store is kept (the watch's, restricted to today, is small).
///
/// ## Laws
/// - The merge of a store with the live records is decomposable by key: what it finds among the
///   held keys and live records below a key `k` depends on those alone, and likewise above. So
///   when every held key and live record outside `low...high` is unchanged since the last audit,
///   the findings outside `low...high` are the last audit's, and
///   `StoreAuditWindow.audit(held:live:liveChanges:…)` equals the full merge of the new store
///   with the new records (differential test: `StoreAuditWindowTests`).
/// - `missing` and `extra` are in key order (repeats of one key side by side).
struct StoreAuditWindow<Key: Comparable> {
  /// The store's keys as the store handed them (sorted or not): when the next audit is handed
  /// the very same array (``Swift/Array/hasSameStorage(as:)``), `held` stands without a check.
  let given: [Key]
  /// The store's keys, sorted.
  let held: [Key]
  /// Whether what the store move lost was left out of `missing`.
  let movedAway: Bool
  /// Live records the store does not hold, in key order.
  private(set) var missing: [Record]
  /// Records the store holds that are not live, or holds again, in key order.
  private(set) var extra: [Record]

  /// The audit of `held` (sorted; `given` as the store handed it) against `live` (sorted by `key`): `merge` of only the changed
  /// window when `previous` was made with the same `movedAway` and `liveChanges` lists every
  /// record that became or stopped being live since (`nil`: unknown), of everything otherwise.
  /// `merge(keys, records)` is the full merge of a part of them, findings in key order.
  ///
  /// The live records are not kept: the judge knows what changed in them, and holding the
  /// model's array would make the model copy it at its next change. `previous` is consumed: held
  /// nowhere else, its findings are spliced in place rather than copied (a design that keeps
  /// losing writes has thousands of them by the end of a long run).
  static func audit(
    given: [Key], held: [Key], live: [Record], liveChanges: [Record]?, key: (Record) -> Key, movedAway: Bool,
    previous: consuming StoreAuditWindow?, merge: ([Key], [Record]) -> (missing: [Record], extra: [Record])
  ) -> StoreAuditWindow {
    guard var previous = consume previous, previous.movedAway == movedAway, let liveChanges else {
      let found = merge(held, live)
      return StoreAuditWindow(given: given, held: held, movedAway: movedAway, missing: found.missing, extra: found.extra)
    }
    var bounds: (low: Key, high: Key)? = nil
    func include(_ first: Key, _ last: Key) {
      bounds = bounds.map { (Swift.min($0.low, first), Swift.max($0.high, last)) } ?? (first, last)
    }
    // The very same keys changed nothing, without comparing them.
    let heldChange = previous.held.hasSameStorage(as: held) ? (old: 0..<0, new: 0..<0) : changedRanges(previous.held, held)
    if !heldChange.old.isEmpty { include(previous.held[heldChange.old.lowerBound], previous.held[heldChange.old.upperBound - 1]) }
    if !heldChange.new.isEmpty { include(held[heldChange.new.lowerBound], held[heldChange.new.upperBound - 1]) }
    for record in liveChanges { include(key(record), key(record)) }
    guard let (low, high) = bounds else {
      return StoreAuditWindow(given: given, held: held, movedAway: movedAway, missing: previous.missing, extra: previous.extra)
    }
    let heldWindow = held.partitionIndex { $0 >= low }..<held.partitionIndex { $0 > high }
    let liveWindow = live.partitionIndex { key($0) >= low }..<live.partitionIndex { key($0) > high }
    let found = merge(Array(held[heldWindow]), Array(live[liveWindow]))
    splice(found.missing, into: &previous.missing, key: key, low: low, high: high)
    splice(found.extra, into: &previous.extra, key: key, low: low, high: high)
    return StoreAuditWindow(given: given, held: held, movedAway: movedAway, missing: previous.missing, extra: previous.extra)
  }

  /// The positions of `old` and of `new` outside their longest common prefix and suffix.
  private static func changedRanges<Element: Equatable>(_ old: [Element], _ new: [Element]) -> (old: Range<Int>, new: Range<Int>) {
    let shorter = Swift.min(old.count, new.count)
    var prefix = 0
    while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    return (prefix..<(old.count - suffix), prefix..<(new.count - suffix))
  }

  /// Replaces the records of `records` (in key order) keyed within `low...high` by `window`.
  private static func splice(_ window: [Record], into records: inout [Record], key: (Record) -> Key, low: Key, high: Key) {
    let start = records.partitionIndex { key($0) >= low }
    let end = records.partitionIndex { key($0) > high }
    guard start < end || !window.isEmpty else { return }
    records.replaceSubrange(start..<end, with: window)
  }
}
