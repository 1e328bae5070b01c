import GlanceKernel

/// Plays every schedule of a ``SmallWorld``: depth first over the tree of its choices, each
/// choice taken at every class of ``ChoiceClasses`` (DocC: Exploring small worlds).
///
/// A schedule is one path from the root to a leaf: the plan's choices (where the boundary falls
/// among the moves, which moves, which fault), then every choice the play makes. The explorer
/// keeps no state between plans: it plays each schedule forcing the prefix that leads to it (from
/// the start, or for a ``ResumableDesign`` from a snapshot of an earlier schedule's play taken
/// where their prefixes part, ``ResumingPlays``), then moves the last choice that has a class
/// left (`ExplorationTrail.next(floor:)`). Plans are
/// numbered in the order met; shard `k` of `n` plays the plans whose number is `k − 1` modulo `n`,
/// so shards split the tree without overlap and their figures add up to the whole.
///
/// ## Laws
/// - Every sequence of classes the plays meet is played exactly once: a schedule's count is the
///   number of leaves of the tree (hand-counted in the explorer's tests for a toy world).
/// - The same world, design, seed and kinds give the same figures and counterexample, whatever
///   the shard split (``ExplorationFigures/merged(_:)`` of the shards equals the whole).
/// - A violation is kept with its plan's number and its schedule's position, so the first one
///   in the tree's order is the same whichever shard found it.
public enum Explorer {
  /// Explores `world` with `design`, the plans of `shard`, every choice read as `explored` says.
  ///
  /// - Parameters:
  ///   - design: the design explored (its type: every plan's first schedule plays a fresh one).
  ///   - world: the small world whose every schedule is played.
  ///   - seed: the seed of the one value a word choice takes (the key of the run's ids,
  ///     ``ChoiceClasses``): it names records and decides no order.
  ///   - explored: which kinds of choice branch (all of them by default; the others take their
  ///     first class).
  ///   - shard: which plans to play: those `p` with `p mod count = index − 1`.
  ///   - firstViolation: stop at the first schedule that breaks an invariant (for the evidence
  ///     that exploration finds a flaw: the schedules it took); otherwise explore everything.
  ///   - scheduleLimit: stop once this many schedules were played (the figures then say the
  ///     exploration is not complete, ``ExplorationFigures/complete``).
  /// - Throws: ``SimulationError`` when a schedule cannot run (a design fault, an event limit,
  ///   a nondeterministic design whose replayed prefix does not fit).
  public static func explore<Design: SyncDesign>(
    _ design: Design.Type, in world: SmallWorld, seed: UInt64 = 0, explored: ExploredChoices = .all,
    shard: SweepShard = .whole, firstViolation: Bool = false, scheduleLimit: Int? = nil
  ) throws(SimulationError) -> ExplorationFigures {
    try explore(
      design, in: world, seed: seed, explored: explored, shard: shard, firstViolation: firstViolation,
      scheduleLimit: scheduleLimit, resumes: true, eachSchedule: nil)
  }

  /// ``explore(_:in:seed:explored:shard:firstViolation:scheduleLimit:)``, handing each
  /// schedule's whole result to `eachSchedule` with its plan's number (for the tests that
  /// compare two explorations schedule by schedule); `resumes`: whether a
  /// ``ResumableDesign``'s schedules are resumed from snapshots (``ResumingPlays``) rather than
  /// played from the start; `eachState`: handed every state counted, with its plan's number and
  /// its fingerprint (the play between two events and the faults drawn so far, as `Any`: for the
  /// test that checks the fingerprints against a reflection of the whole play).
  static func explore<Design: SyncDesign>(
    _ design: Design.Type, in world: SmallWorld, seed: UInt64 = 0, explored: ExploredChoices = .all,
    shard: SweepShard = .whole, firstViolation: Bool = false, scheduleLimit: Int? = nil, resumes: Bool = true,
    eachSchedule: ((_ plan: Int, _ result: StrategyResult) -> Void)?,
    eachState: ((_ plan: Int, _ fingerprint: StateFingerprint, _ play: Any) -> Void)? = nil
  ) throws(SimulationError) -> ExplorationFigures {
    let bounds = try world.bounds()
    var figures = ExplorationFigures(
      design: Design.name, domain: Design.domain, moves: world.moves, drawnFaults: world.drawnFaults,
      expectedToConverge: Design.expectedToConverge)
    var planPrefix: [Int]? = []
    var planNumber = 0
    while let prefix = planPrefix {
      let planTrail = ExplorationTrail(prefix: prefix, seed: seed, explored: explored)
      var planDoor = Choices(seed: seed, section: .plan, source: ExplorationSource(trail: planTrail, section: .plan))
      let planned = world.plan(boundary: bounds.boundary, end: bounds.end, choices: &planDoor)
      // The actions' ids are keyed by a choice too (one class): made once, with the plan's. A
      // run of the plan's script makes it alone in its plan section.
      let scriptChoicesStart = planDoor.count
      let actions = WorkloadPlanner.actions(script: planned.script, choices: &planDoor)
      if let failure = planDoor.failure { throw .choiceReplay(failure) }
      defer {
        planPrefix = planTrail.next()
        planNumber += 1
      }
      guard shard.holds(plan: planNumber) else { continue }
      var plan = try explore(
        Design.self, world: world, bounds: bounds, plan: planned, actions: actions, planChoices: planTrail.made,
        scriptChoicesStart: scriptChoicesStart, seed: seed,
        explored: explored, firstViolation: firstViolation, scheduleLimit: scheduleLimit.map { $0 - figures.schedules },
        resumes: resumes, eachState: eachState.map { each in { fingerprint, play in each(planNumber, fingerprint, play) } }
      ) { result in eachSchedule?(planNumber, result) }
      // The plan's own choices this plan adds to the tree (from the one moved on).
      plan.choicePoints += planTrail.made.count - max(0, prefix.count - 1)
      figures.add(plan, number: planNumber)
      if firstViolation, figures.counterexample != nil { break }
      if let scheduleLimit, figures.schedules >= scheduleLimit {
        figures.complete = false
        break
      }
    }
    return figures
  }

  /// Every schedule of one plan: the play's choices explored under the plan's, made once and
  /// fixed.
  private static func explore<Design: SyncDesign>(
    _ design: Design.Type, world: SmallWorld, bounds: (itinerary: Itinerary, boundary: Instant, start: Instant, end: Instant),
    plan planned: SmallWorldPlan, actions: [PlannedAction], planChoices: [ExplorationTrail.Made], scriptChoicesStart: Int, seed: UInt64,
    explored: ExploredChoices, firstViolation: Bool, scheduleLimit: Int?, resumes: Bool,
    eachState: ((_ fingerprint: StateFingerprint, _ play: Any) -> Void)?, eachSchedule: (StrategyResult) -> Void
  ) throws(SimulationError) -> ExploredPlan {
    var plan = ExploredPlan()
    // The plan's inputs, made once for its schedules, with its timed events; its truths' answers
    // are shared by its schedules as by a run's designs (each is a function of the history of
    // deeds that led to it, ``TruthAnswers``).
    var planInputs = RunInputs(
      scenario: world.aroundBoundary(playing: planned), itinerary: bounds.itinerary, start: bounds.start, end: bounds.end,
      seed: seed, actions: actions, faults: planned.script.faultPlan, store: .memory, detail: .verdicts)
    planInputs.timedEvents = DomainRun<Design>(inputs: planInputs).timedEvents
    // A resumable design's schedules resume from snapshots; the others play from the start.
    let resuming = resumes ? (Design.self as? any ResumableDesign.Type)?.resumingPlays(inputs: planInputs, eachState: eachState) : nil
    var player = resuming ?? PlaysFromTheStart<Design>(inputs: planInputs)
    let walked = try walk(made: planChoices, seed: seed, explored: explored, drawnFaultsMax: world.drawnFaults) {
      trail throws(SimulationError) in
      let result = try player.play(trail)
      eachSchedule(result)
      plan.coverage.formUnion(result.coverage)
      if !result.violations.isEmpty, plan.violation == nil {
        let recording = ChoiceRecording(sections: [
          ChoiceSection(name: .plan, choices: trail.choices(from: scriptChoicesStart, to: planChoices.count)),
          ChoiceSection(
            name: .play(strategy: Design.name, domain: Design.domain.rawValue), choices: trail.choices(from: planChoices.count)),
        ])
        plan.violation = ExploredViolation(
          schedule: plan.schedules, script: planned.script, choices: trail.choices(), violations: result.violations,
          scenario: world.scenario(playing: planned, by: Design.name, seed: seed), recording: recording)
      }
      plan.schedules += 1
      return firstViolation && plan.violation != nil || scheduleLimit.map { plan.schedules >= $0 } ?? false
    }
    plan.choicePoints = walked.choicePoints
    plan.states = player.states
    return plan
  }

  /// Plays `play` once for each schedule of the subtree below `prefix` (whose choices stay as
  /// they are), depth first, until the subtree is done or `play` returns `true` (stop). When the
  /// prefix's choices were already `made` (a plan's), every trail starts with them and the play
  /// makes only the choices below.
  ///
  /// Returns the schedules played and the choice points they added to the tree below the
  /// prefix (the first schedule's after the prefix, then each later one's from the choice it
  /// moved on).
  static func walk<Failure: Error>(
    prefix: [Int] = [], made: [ExplorationTrail.Made] = [], seed: UInt64, explored: ExploredChoices, drawnFaultsMax: Int? = nil,
    play: (ExplorationTrail) throws(Failure) -> Bool
  ) throws(Failure) -> (schedules: Int, choicePoints: Int) {
    let prefix = made.isEmpty ? prefix : made.map(\.taken)
    var schedules = 0
    var choicePoints = 0
    var next: [Int]? = prefix
    while let forced = next {
      let trail = ExplorationTrail(prefix: forced, seed: seed, explored: explored, drawnFaultsMax: drawnFaultsMax, made: made)
      let stop = try play(trail)
      choicePoints += trail.made.count - (schedules == 0 ? prefix.count : forced.count - 1)
      schedules += 1
      if stop { break }
      next = trail.next(floor: prefix.count)
    }
    return (schedules, choicePoints)
  }
}

extension Explorer {
  /// Explores `world` with the design of `strategy` in the world's domain.
  ///
  /// - Throws: ``SimulationError/domainNotInScenario(design:domain:)`` when the strategy has no
  ///   design in that domain, and what ``explore(_:in:seed:explored:shard:firstViolation:scheduleLimit:)``
  ///   throws.
  public static func explore(
    strategy: StrategyName, in world: SmallWorld, seed: UInt64 = 0, explored: ExploredChoices = .all,
    shard: SweepShard = .whole, firstViolation: Bool = false, scheduleLimit: Int? = nil
  ) throws(SimulationError) -> ExplorationFigures {
    guard let entry = Simulation.designs.first(where: { $0.strategy == strategy && $0.design.domain == world.domain }) else {
      throw .domainNotInScenario(design: strategy.rawValue, domain: world.domain.rawValue)
    }
    return try explore(
      entry.design, in: world, seed: seed, explored: explored, shard: shard, firstViolation: firstViolation,
      scheduleLimit: scheduleLimit)
  }
}
