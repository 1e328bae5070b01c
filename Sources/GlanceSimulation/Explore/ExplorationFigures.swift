/// What an exploration (or one shard of it) found: how many plans, schedules and choice points
/// it played, how many distinct states they reached, how many schedules broke an invariant, and
/// the first that did, in the tree's order.
///
/// ## Laws
/// - ``merged(_:)`` of the figures of shards `1/N … N/N` equals the figures of the whole: counts
///   add up (distinct states too: a plan is part of its states, so no two plans share one),
///   coverages unite, and the counterexample is the one of the lowest plan number (each plan belongs to
///   one shard).
/// - ``schedulesUntilCounterexample`` counts the schedules of the plans before the
///   counterexample's and of its own up to it, whichever shard played them: the schedules an
///   unsplit exploration that stops at the first violation plays.
public struct ExplorationFigures: Hashable, Sendable {
  /// The design explored.
  public let design: String
  public let domain: Domain
  /// The moves of the small world.
  public let moves: Int
  /// The small world's bound of drawn faults a schedule (``SmallWorld/drawnFaults``).
  public let drawnFaults: Int?
  /// Whether the design is expected to keep every invariant (the converged one).
  public let expectedToConverge: Bool
  /// Whether every schedule was played: `false` when a schedule limit stopped the exploration
  /// (a stop at the first violation, asked for, leaves it `true`).
  public internal(set) var complete = true
  /// Plans played (each is a subtree of schedules).
  public internal(set) var plans = 0
  /// Schedules played: the leaves of the tree.
  public internal(set) var schedules = 0
  /// Choice points visited: the tree's nodes below the root (each distinct prefix once).
  public internal(set) var choicePoints = 0
  /// Distinct states the schedules parted at: the play's state before each event where a
  /// schedule parts from the one before it (a fork of the tree: a choice of two classes or more),
  /// counted once per plan however many forks were in it (DocC: Exploring small worlds, Counting
  /// states); `nil` when not counted (the design is not resumable, so it has no fingerprint). At
  /// most ``choicePoints``.
  public internal(set) var states: Int? = 0
  /// The cells of the fault space the schedules' faults reached (``FaultCoverage``): the union
  /// of every schedule's.
  public internal(set) var coverage = FaultCoverage()
  /// Plans one of whose schedules broke an invariant.
  public internal(set) var violatingPlans = 0

  /// ``states`` as the command writes it: `1204 distinct states`, or that they were not counted.
  public var statesPhrase: String { states.map { "\($0) distinct states" } ?? "distinct states not counted" }
  /// ``violatingPlans`` as the command and the report write it: `1 plan`, `3 plans`.
  public var violatingPlansPhrase: String { violatingPlans == 1 ? "1 plan" : "\(violatingPlans) plans" }
  /// The schedules of each plan played, by plan number, for ``schedulesUntilCounterexample``.
  var schedulesByPlan: [Int: Int] = [:]
  /// The plan number of ``counterexample``, and its violation.
  var firstPlan: Int? = nil
  var firstFound: ExploredViolation? = nil

  /// The first violation in the tree's order, with its plan's number.
  public var counterexample: (plan: Int, violation: ExploredViolation)? {
    guard let firstPlan, let firstFound else { return nil }
    return (firstPlan, firstFound)
  }

  init(design: String, domain: Domain, moves: Int, drawnFaults: Int?, expectedToConverge: Bool) {
    self.design = design
    self.expectedToConverge = expectedToConverge
    self.domain = domain
    self.moves = moves
    self.drawnFaults = drawnFaults
  }

  /// Adds plan number `number`'s subtree.
  mutating func add(_ plan: ExploredPlan, number: Int) {
    plans += 1
    schedules += plan.schedules
    choicePoints += plan.choicePoints
    states = Self.sum(states, plan.states)
    coverage.formUnion(plan.coverage)
    schedulesByPlan[number] = plan.schedules
    guard let violation = plan.violation else { return }
    violatingPlans += 1
    keepFirst(plan: number, violation)
  }

  /// Keeps `violation`, of plan number `plan`, when it comes before the one kept.
  private mutating func keepFirst(plan: Int, _ violation: ExploredViolation) {
    guard firstPlan.map({ plan < $0 }) ?? true else { return }
    firstPlan = plan
    firstFound = violation
  }

  /// Whether a design expected to converge broke an invariant in some schedule.
  public var failsExpectation: Bool { expectedToConverge && counterexample != nil }

  /// The schedules an unsplit exploration plays up to its first violation, that one included;
  /// `nil` without one.
  public var schedulesUntilCounterexample: Int? {
    guard let (plan, violation) = counterexample else { return nil }
    return schedulesByPlan.filter { $0.key < plan }.values.reduce(0, +) + violation.schedule + 1
  }

  /// The figures of several shards of one exploration as one.
  ///
  /// - Precondition: every part explores the same design, domain, moves and bound of drawn
  ///   faults.
  public static func merged(_ parts: [ExplorationFigures]) -> ExplorationFigures? {
    guard let first = parts.first else { return nil }
    var whole = ExplorationFigures(
      design: first.design, domain: first.domain, moves: first.moves, drawnFaults: first.drawnFaults,
      expectedToConverge: first.expectedToConverge)
    for part in parts {
      precondition(
        part.design == first.design && part.domain == first.domain && part.moves == first.moves && part.drawnFaults == first.drawnFaults,
        "shards of one exploration")
      whole.plans += part.plans
      whole.schedules += part.schedules
      whole.choicePoints += part.choicePoints
      whole.states = sum(whole.states, part.states)
      whole.violatingPlans += part.violatingPlans
      whole.coverage.formUnion(part.coverage)
      whole.complete = whole.complete && part.complete
      whole.schedulesByPlan.merge(part.schedulesByPlan) { _, theirs in theirs }
      if let (plan, violation) = part.counterexample { whole.keepFirst(plan: plan, violation) }
    }
    return whole
  }

  /// The sum of two counts of states, `nil` when either was not counted.
  private static func sum(_ some: Int?, _ more: Int?) -> Int? {
    guard let some, let more else { return nil }
    return some + more
  }
}
