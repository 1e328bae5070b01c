import GlanceKernel

/// The checker of a store move (``Invariant/noDataLoss``): once the updated app has run, every
/// record the phone's store held when the update was installed, and that no deed removed since,
/// is in the phone's store, at every quiescent point from then on and at the end.
///
/// ## Laws
/// - Nothing is checked before the update is installed, nor before the updated app first runs
///   (the records are in the app's own container until then).
/// - A held record counts as kept when the phone's store names it: by its id, or by its instant
///   (actions have distinct instants).
struct StoreMoveChecker: Checker {
  static let invariants: [Invariant] = [.noDataLoss]

  /// The records the phone's store held when the updated app was installed.
  private var heldBeforeMove: [Record]? = nil

  /// The updated app is installed: what the phone's store holds now (`held`) must survive the
  /// move. A design that keeps no store on the phone has nothing to move, and nothing is checked.
  mutating func storeMoveBegins(held: [Record]?) {
    heldBeforeMove = held
  }

  /// Every held record that is still live is in the phone's store (`phone`).
  mutating func check(facts: some PlatformFacts, phone: StoredRecords?, truth: JudgedTruth, verdicts: inout Verdicts) {
    guard let held = heldBeforeMove, !facts.awaitingFirstLaunch else { return }
    verdicts.count(.noDataLoss)
    // Looked up by binary search in sorted keys, not hashed: a store names a record by its id,
    // or by its instant (actions have distinct instants, so a held record that is live is in an
    // instants store exactly when its action's instant is).
    let isKept: (Record) -> Bool
    switch phone {
    case .ids(let ids)?:
      let sorted = ids.isInIncreasingOrder ? ids : ids.sorted()
      isKept = { sorted.sortedContains($0.id) }
    case .instants(let instants)?:
      let sorted = instants.isInIncreasingOrder ? instants : instants.sorted()
      isKept = { sorted.sortedContains($0.instant) }
    case nil:
      isKept = { _ in false }
    }
    let lost = held.filter { truth.liveIDs.sortedContains($0.id) && !isKept($0) }
    guard let first = lost.first?.id else { return }
    verdicts.record(
      .noDataLoss, now: facts.now, trace: facts.trace, surface: nil, field: nil, expected: "\(held.count) records kept",
      found: "\(lost.count) lost",
      detail:
        "the store move lost \(lost.count) of the \(held.count) records the phone's store held when the updated app was installed; the first is \(truth.describe(recordOf: first))"
    )
  }
}
