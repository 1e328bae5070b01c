extension ExplorationFigures: Codable {
  private enum CodingKeys: String, CodingKey {
    case design, domain, moves, drawnFaults, expectedToConverge, complete, plans, schedules, choicePoints, states, coverage
    case violatingPlans
    case schedulesByPlan, counterexample
  }

  /// One plan's schedule count, as written: a list sorted by plan, never a dictionary's order.
  private struct PlanSchedules: Codable {
    let plan: Int
    let schedules: Int
  }

  /// The counterexample with its plan's number.
  private struct Counterexample: Codable {
    let plan: Int
    let violation: ExploredViolation
  }

  /// Writes every figure, the schedules of each plan sorted by plan number, and the
  /// counterexample when there is one: the same figures give the same bytes under a
  /// `JSONEncoder` with `.sortedKeys`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(design, forKey: .design)
    try container.encode(domain, forKey: .domain)
    try container.encode(moves, forKey: .moves)
    try container.encodeIfPresent(drawnFaults, forKey: .drawnFaults)
    try container.encode(expectedToConverge, forKey: .expectedToConverge)
    try container.encode(complete, forKey: .complete)
    try container.encode(plans, forKey: .plans)
    try container.encode(schedules, forKey: .schedules)
    try container.encode(choicePoints, forKey: .choicePoints)
    try container.encodeIfPresent(states, forKey: .states)
    try container.encode(coverage, forKey: .coverage)
    try container.encode(violatingPlans, forKey: .violatingPlans)
    let byPlan = schedulesByPlan.sorted { $0.key < $1.key }.map { PlanSchedules(plan: $0.key, schedules: $0.value) }
    try container.encode(byPlan, forKey: .schedulesByPlan)
    if let (plan, violation) = counterexample {
      try container.encode(Counterexample(plan: plan, violation: violation), forKey: .counterexample)
    }
  }

  /// Reads what ``encode(to:)`` writes, and checks that the figures agree with each other.
  ///
  /// - Throws: `DecodingError.dataCorrupted` when they do not: a plan listed twice, plans or
  ///   schedules that are not the sums of the plans listed, more violating plans than plans, a
  ///   counterexample without a violating plan (or the reverse) or outside its plan.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      design: try container.decode(String.self, forKey: .design), domain: try container.decode(Domain.self, forKey: .domain),
      moves: try container.decode(Int.self, forKey: .moves), drawnFaults: try container.decodeIfPresent(Int.self, forKey: .drawnFaults),
      expectedToConverge: try container.decode(Bool.self, forKey: .expectedToConverge))
    complete = try container.decode(Bool.self, forKey: .complete)
    plans = try container.decode(Int.self, forKey: .plans)
    schedules = try container.decode(Int.self, forKey: .schedules)
    choicePoints = try container.decode(Int.self, forKey: .choicePoints)
    states = try container.decodeIfPresent(Int.self, forKey: .states)
    coverage = try container.decode(FaultCoverage.self, forKey: .coverage)
    violatingPlans = try container.decode(Int.self, forKey: .violatingPlans)
    for entry in try container.decode([PlanSchedules].self, forKey: .schedulesByPlan) {
      guard entry.plan >= 0, entry.schedules >= 1, schedulesByPlan.updateValue(entry.schedules, forKey: entry.plan) == nil else {
        throw DecodingError.dataCorruptedError(
          forKey: .schedulesByPlan, in: container, debugDescription: "plan \(entry.plan) listed twice, or without a schedule")
      }
    }
    if let found = try container.decodeIfPresent(Counterexample.self, forKey: .counterexample) {
      firstPlan = found.plan
      firstFound = found.violation
    }
    if let problem = inconsistency {
      throw DecodingError.dataCorruptedError(forKey: .plans, in: container, debugDescription: problem)
    }
  }

  /// Why the figures cannot be one exploration's, or `nil` when they agree with each other.
  private var inconsistency: String? {
    let listed = schedulesByPlan.values.reduce(0, +)
    guard schedulesByPlan.count == plans, listed == schedules else {
      return "\(plans) plans and \(schedules) schedules, but the plans listed are \(schedulesByPlan.count) with \(listed) schedules"
    }
    guard (0...plans).contains(violatingPlans), choicePoints >= 0 else {
      return "\(violatingPlans) violating plans of \(plans), \(choicePoints) choice points"
    }
    if let states, !(0...choicePoints).contains(states) {
      return "\(states) distinct states, but \(choicePoints) choice points"
    }
    guard (violatingPlans > 0) == (counterexample != nil) else {
      return "\(violatingPlans) violating plans, \(counterexample == nil ? "but no" : "but a") counterexample"
    }
    if let (plan, violation) = counterexample, violation.schedule >= schedulesByPlan[plan] ?? 0 {
      return
        "the counterexample is schedule \(violation.schedule) of plan \(plan), which has \(schedulesByPlan[plan] ?? 0) schedules played"
    }
    return nil
  }
}
