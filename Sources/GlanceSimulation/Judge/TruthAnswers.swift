import GlanceKernel

/// What a domain's truth answered in one run, shared by the judges of every design of that
/// domain: each design's judge feeds its own truth the deeds its person meant, but the designs of
/// a run face the same person and the same actions, so their histories of deeds are mostly the
/// same, and an answer one judge's truth gave is the answer every other's would give for the same
/// history. The truth is computed once per seed where the histories agree, and apart where they
/// part (a design whose app was killed, or not updated yet, refuses an in-app action its rival
/// took).
///
/// A history is a node of a tree of deeds: the empty history is node 0, and taking a deed moves
/// a judge's truth to the child of its node for that deed (with its instant, device and zone),
/// made on first use. Two judges at the same node have taken the same deeds in the same order.
///
/// ## Laws
/// - ``node(after:taking:at:on:zone:)`` is a function of its arguments within one run: the same
///   parent and the same deed give the same child, and different deeds different children.
/// - ``answer(at:_:otherwise:)`` gives the answer first stored for its history and key; a key
///   holds everything else a ``DomainModel``'s answer depends on by its laws (the surface, the
///   local day, the zone, what may be unknown), so any truth at that history would give it.
/// - Shared within one thread: a run's designs are played one after the other.
final class TruthAnswers {
  /// A history's child: the parent history and the deed taken, with what the model's `apply`
  /// depends on.
  private struct Step: Hashable {
    let parent: Int
    let deed: Deed
    let instant: Instant
    let device: Device
    let zone: String

    /// Hashes what almost always tells a history's children apart, and cheaply: the parent, the
    /// instant and the device (a run's actions have distinct instants). Equality still compares
    /// the whole step; hashing the deed and the zone too cost a thousand instructions a lookup.
    func hash(into hasher: inout Hasher) {
      hasher.combine(parent)
      hasher.combine(instant)
      hasher.combine(device)
    }
  }

  /// What one answer depends on besides the history (``DomainModel``'s laws): the surface, the
  /// local day, the zone (named by the run's count of zone changes) and the other device's deeds
  /// the surface's device may not know (from `unknownSince` on).
  struct Key: Equatable {
    let surface: Surface
    let dayStart: Instant
    let zoneChanges: Int
    let unknownSince: Instant?
  }

  /// Each history's children, by step. Like ``answers``, exempt from the dynamic exclusivity
  /// check.
  @exclusivity(unchecked) private var children: [Step: Int] = [:]
  /// Per history, by node: the answers given at it, the latest last. A history holds few (its
  /// surfaces, over the days until the next deed), so a linear search beats hashing: this is
  /// asked after most events.
  ///
  /// Read after every event: exempt from the dynamic exclusivity check, whose thread-local
  /// lookup cost more than the search. Safe: the answers are used by one thread, and no access
  /// to them overlaps another (`compute` runs between the search and the append).
  @exclusivity(unchecked) private var answers: [[(key: Key, display: Display)]] = [[]]
  /// How many answers a new history has room for before its array grows.
  private static let answersReserved = 4

  init() {}

  /// The history `parent` followed by `deed`, meant by an action at `instant` on `device` with
  /// the device in the zone named `zone`.
  func node(after parent: Int, taking deed: Deed, at instant: Instant, on device: Device, zone: String) -> Int {
    let step = Step(parent: parent, deed: deed, instant: instant, device: device, zone: zone)
    if let child = children[step] { return child }
    // Node 0 is the empty history: children count from 1.
    let child = answers.count
    children[step] = child
    // Room for the first answers at once (one per surface, then one a day or so): growing an
    // empty array one answer at a time reallocated it at each of the first few.
    var room: [(key: Key, display: Display)] = []
    room.reserveCapacity(Self.answersReserved)
    answers.append(room)
    return child
  }

  /// The answer stored for `key` at history `history`, or `compute`'s, stored.
  func answer(at history: Int, _ key: Key, otherwise compute: () -> Display) -> Display {
    for index in answers[history].indices.reversed() where answers[history][index].key == key {
      return answers[history][index].display
    }
    let display = compute()
    answers[history].append((key, display))
    return display
  }
}
