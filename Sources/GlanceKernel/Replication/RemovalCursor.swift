/// A walk through a replica's sorted removal targets alongside its events in id order: asked
/// about ids in increasing order, it answers whether some `remove` targets each, in O(1)
/// amortised (one merge-like pass over both lists).
///
/// ## Laws
/// - For ids asked in non-decreasing order, `removes(id) == targets.contains(id)`.
struct RemovalCursor {
  /// The targeted ids, sorted (repeats allowed).
  private let targets: [EventID]
  /// The first target not below the last id asked about.
  private var position = 0

  /// A cursor over `targets`, which must be sorted.
  init(targets: [EventID]) {
    self.targets = targets
  }

  /// Whether some target is `id`; `id` is at least every id asked before.
  mutating func removes(_ id: EventID) -> Bool {
    while position < targets.count && targets[position] < id { position += 1 }
    return position < targets.count && targets[position] == id
  }
}
