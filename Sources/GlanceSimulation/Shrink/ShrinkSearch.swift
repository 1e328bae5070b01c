import GlanceKernel

/// The greedy search behind ``Shrinker``: it holds the smallest failing candidate found so far
/// and tries smaller ones, keeping each that still shows a violation of `invariant` for
/// the target (a strategy or design, in its domain) that `matches` accepts, until a whole round of reductions changes nothing (a fixpoint) or
/// `runsMax` runs have been spent.
///
/// ## Laws
/// - `current` always fails: it is the start (checked by the caller) or a candidate whose run
///   showed the violation.
/// - Each kept candidate is different from the one it replaces, and never has more events or
///   more days.
/// - At a fixpoint, removing any one action, kill, spell, zone change or the store move from
///   `current`, running a day less, or starting a day later (where no zone change or store move
///   falls on the first day), makes the violation disappear.
/// - Deterministic: the candidates tried, and so the result, depend only on the start, the seed,
///   the target and `runsMax`.
struct ShrinkSearch {
  let seed: UInt64
  let target: ShrinkTarget
  let invariant: Invariant
  /// Which violations of `invariant` count (all, unless the caller wants one flavour kept).
  let matches: (Violation) -> Bool
  let runsMax: Int
  private(set) var current: ShrinkCandidate
  /// The runs made so far (the caller's check of the start included, when it used `fails`).
  private(set) var runs = 0
  /// Whether a candidate went untried because the runs were spent.
  private(set) var budgetSpent = false

  init(
    start: ShrinkCandidate, seed: UInt64, target: ShrinkTarget, invariant: Invariant,
    matches: @escaping (Violation) -> Bool, runsMax: Int
  ) {
    precondition(runsMax >= 1, "a shrink needs at least one run, not \(runsMax)")
    self.current = start
    self.seed = seed
    self.target = target
    self.invariant = invariant
    self.matches = matches
    self.runsMax = runsMax
  }

  // MARK: Running candidates

  /// Whether `candidate` shows the violation (one run, without traces or charts). A candidate
  /// that cannot run (a zone change that no longer exists, out of order) does not.
  mutating func fails(_ candidate: ShrinkCandidate) -> Bool {
    precondition(runs < runsMax, "\(runs) runs made; the budget is \(runsMax)")
    runs += 1
    let result: StrategyResult?
    do throws(SimulationError) {
      result = try target.play(candidate.scenario, candidate.days, seed, .verdicts)
    } catch {
      // A candidate that cannot run does not reproduce anything; the search tries another.
      return false
    }
    return result?.violation(invariant).map(matches) ?? false
  }

  /// Keeps `candidate` (normalized) when it differs from `current` and still fails.
  @discardableResult
  mutating func keep(_ candidate: ShrinkCandidate?) -> Bool {
    guard let candidate = candidate?.normalized(), candidate != current else { return false }
    guard runs < runsMax else {
      budgetSpent = true
      return false
    }
    guard fails(candidate) else { return false }
    assert(candidate.days <= current.days, "a kept candidate is never longer")
    current = candidate
    return true
  }

  // MARK: Rounds

  /// Reduces until a round changes nothing or the runs are spent; returns whether it reached
  /// the fixpoint.
  mutating func reduce() -> Bool {
    // Each changing round removes an event, a day or a parameter's value, so rounds are bounded.
    for _ in 0..<100_000 {
      let before = current
      cutTrailingDays()
      moveStartLater()
      dropWholeActors()
      deltaDebug(units: Self.sessions)
      deltaDebug(units: { $0.script.actions.map { [$0] } })
      for fault in FaultFamily.scripts { deltaDebug(fault.entries) }
      deltaDebug(\.scenario.travel)
      minimizeFaultParameters()
      if budgetSpent { return false }
      if current == before { return true }
    }
    preconditionFailure("100 000 shrink rounds, each smaller than the last")
  }

  /// Drops trailing days: the fewest days that still fail, by binary search.
  mutating func cutTrailingDays() {
    let base = current
    var low = 1
    var high = base.days
    while low < high {
      let middle = (low + high) / 2
      if keep(base.lasting(middle)) { high = middle } else { low = middle + 1 }
      if budgetSpent { return }
    }
  }

  /// Moves the start later by whole days (dropping the leading days' events), by binary search
  /// for the latest start that still fails.
  mutating func moveStartLater() {
    let base = current
    var low = 0
    var high = base.days - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if keep(base.startingLater(by: middle)) { low = middle } else { high = middle - 1 }
      if budgetSpent { return }
    }
  }

  /// Removes whole actors at once: the watch (its taps and its spells out of range), the
  /// widget's taps, the app, the kills, the travel, the store move.
  mutating func dropWholeActors() {
    var noWatch = current.keepingActions { $0.kind != .watchTap }
    for fault in FaultFamily.scripts where fault.droppedWith == .watch { noWatch.script.faultPlan.removeAll(fault.entries) }
    keep(noWatch)
    keep(current.keepingActions { $0.kind != .widgetTap })
    keep(current.keepingActions { !$0.kind.isInApp })
    var noKills = current
    for fault in FaultFamily.scripts where fault.droppedWith == .kills { noKills.script.faultPlan.removeAll(fault.entries) }
    keep(noKills)
    var noTravel = current
    noTravel.scenario.travel = []
    keep(noTravel)
    var noStoreMove = current
    noStoreMove.scenario.storeMove = nil
    keep(noStoreMove)
  }

  /// The settings a script still uses (those of the families without a ``FaultScript``) at
  /// their least, one at a time in ``FaultFamily/all``'s order: first every chance at never (no
  /// duplicate deliveries, failed messages or lost replies), then every integer at its lowest
  /// bound (late reloads at 0 s). A range is left as it is.
  mutating func minimizeFaultParameters() {
    let settings = FaultFamily.all.filter { $0.script == nil }.flatMap(\.settings)
    for setting in settings {
      guard case .chance(let path) = setting.value else { continue }
      var never = current
      never.scenario.faults[keyPath: path] = .never
      keep(never)
    }
    for setting in settings {
      guard case .integer(let path, let bounds, _) = setting.value else { continue }
      var least = current
      least.scenario.faults[keyPath: path] = bounds.lowerBound
      keep(least)
    }
  }

  // MARK: Delta debugging

  /// An app session and the taps, deletes, edits and the leaving inside it, as one unit; every
  /// other action alone. Removing a session removes its taps, which would otherwise do nothing.
  static func sessions(_ candidate: ShrinkCandidate) -> [[ScriptedAction]] {
    var units: [[ScriptedAction]] = []
    var open: (unit: Int, until: Instant)? = nil
    for action in candidate.script.actions {
      switch action.kind {
      case .appOpen(let minutes, _):
        units.append([action])
        open = (units.count - 1, action.at.advanced(by: Int64(minutes) * Instant.millisecondsPerMinute))
      case .appTap, .appDelete, .appEdit, .appLeave:
        if let session = open, action.at < session.until { units[session.unit].append(action) } else { units.append([action]) }
        if action.kind == .appLeave { open = nil }
      case .widgetTap, .watchTap:
        units.append([action])
      }
    }
    assert(units.reduce(0) { $0 + $1.count } == candidate.script.actions.count, "units partition the actions")
    return units
  }

  /// ddmin over the actions grouped by `units`: removes chunks of units, halving the chunks when
  /// no chunk can go, down to single units.
  mutating func deltaDebug(units: (ShrinkCandidate) -> [[ScriptedAction]]) {
    deltaDebug(list: units) { candidate, kept in
      var result = candidate
      result.script.actions = kept.joined().sorted { $0.at < $1.at }
      return result
    }
  }

  /// ddmin over a fault family's list in the script.
  mutating func deltaDebug(_ entries: FaultScript.Entries) {
    let plan: WritableKeyPath<ShrinkCandidate, FaultPlan> = \.script.faultPlan
    switch entries {
    case .instants(let path, _, _, _):
      let list: WritableKeyPath<FaultPlan, [Instant]> = path
      deltaDebug(plan.appending(path: list))
    case .spells(let path, _, _, _):
      let list: WritableKeyPath<FaultPlan, [OutOfRangeSpell]> = path
      deltaDebug(plan.appending(path: list))
    }
  }

  /// ddmin over the list at `path`.
  mutating func deltaDebug<Element>(_ path: WritableKeyPath<ShrinkCandidate, [Element]>) {
    deltaDebug(list: { $0[keyPath: path] }) { candidate, kept in
      var result = candidate
      result[keyPath: path] = kept
      return result
    }
  }

  /// Zeller's ddmin (complements only): split the list into `n` chunks, keep the first
  /// complement that still fails (then `n − 1` chunks), else split finer, until chunks are single
  /// elements and none can go.
  mutating func deltaDebug<Element>(
    list: (ShrinkCandidate) -> [Element], rebuild: (ShrinkCandidate, [Element]) -> ShrinkCandidate
  ) {
    var items = list(current)
    var chunks = 2
    // Each pass either removes a chunk or doubles `chunks` (up to the count): bounded.
    for _ in 0..<1_000_000 {
      guard !items.isEmpty, !budgetSpent else { return }
      let count = min(chunks, items.count)
      var removed = false
      for index in 0..<count {
        let range = (index * items.count / count)..<((index + 1) * items.count / count)
        let kept = Array(items[..<range.lowerBound] + items[range.upperBound...])
        if keep(rebuild(current, kept)) {
          items = list(current)
          chunks = max(count - 1, 2)
          removed = true
          break
        }
        if budgetSpent { return }
      }
      if !removed {
        if count >= items.count { return }
        chunks = min(items.count, 2 * count)
      }
    }
    preconditionFailure("ddmin took more than 1 000 000 passes")
  }
}
