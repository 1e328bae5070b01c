import GlanceKernel

/// Runs a request: plans the workload and the faults once from the seed, then plays them through
/// each strategy. Pure of the wall clock and the system RNG: the same request gives the same
/// outcome, byte for byte.
public enum Simulation {
  /// The days a run may last (one to 3,650).
  public static let daysRange = Limits.days
  /// The days a run lasts when neither the command nor the scenario says.
  public static let defaultDays = 30
  /// The domains the engine plays so far; a scenario may name others, which reports list as not
  /// simulated yet.
  public static let simulatedDomains: [Domain] = Domain.allCases

  /// Every design the engine plays: the strategy it belongs to, the design (whose
  /// ``SyncDesign/domain`` says which domain it plays), and how to play it through the engine
  /// compiled for its very type (``entry(_:_:)``). A strategy plays each of its designs' domains.
  static var designs: [(strategy: StrategyName, design: any SyncDesign.Type, play: BuiltInPlay)] {
    [
      entry(.mirrorsmokerLegacy, MirrorSmokerLegacy.self),
      entry(.mirrorsmokerSeed, MirrorSmokerSeed.self),
      entry(.babystepsWidget, BabyStepsWidget.self),
      entry(.pulpeWidget, PulpeWidget.self),
      entry(.converged, ConvergedTally.self),
      entry(.converged, ConvergedSteps.self),
      entry(.converged, ConvergedBudget.self),
    ]
  }

  /// Plays one run's inputs through one built-in design.
  typealias BuiltInPlay = (RunInputs) throws(SimulationError) -> StrategyResult

  /// A row of ``designs``. Its player names `design`'s type, so the compiler specialises the
  /// whole engine (`DomainRun`, `DomainPlay`, the judge) for it; played through an existential
  /// metatype, the engine runs its generic code, which reaches every design call through a
  /// witness table and copies the design's state through value witnesses.
  private static func entry<Design: SyncDesign>(
    _ strategy: StrategyName, _ design: Design.Type
  ) -> (strategy: StrategyName, design: any SyncDesign.Type, play: BuiltInPlay) {
    (strategy, design, { inputs throws(SimulationError) in try inputs.play(Design.self) })
  }

  /// Runs `request`, keeping the converged design's stores in `store` (in memory by default),
  /// keeping as much of the story as `detail` says (everything by default), and making its
  /// choices as `choices` says: drawn from the seed (the default), drawn and recorded (the
  /// outcome's ``SimulationOutcome/choices``), or replayed from a recording, which gives the
  /// recorded run's outcome byte for byte.
  ///
  /// A scenario with a ``Script`` plays exactly its actions and faults (see ``Script``'s laws)
  /// instead of drawing them from the seed.
  ///
  /// - Throws: ``SimulationError`` when the request cannot run: days out of range, an unknown
  ///   zone, a start date or a zone change that does not exist, a script that is out of order or
  ///   has an event before the run's start (``SimulationError/invalidScript(keyPath:problem:)``),
  ///   a failed store, or a replayed recording that does not fit the run
  ///   (``SimulationError/choiceReplay(_:)``).
  public static func run(
    _ request: SimulationRequest, store: StoreBackend = .memory, detail: SimulationDetail = .full, choices: ChoiceMode = .random
  ) throws(SimulationError) -> SimulationOutcome {
    let inputs = try RunInputs(request, store: store, detail: detail, choices: choices)
    var results: [StrategyResult] = []
    for domain in request.scenario.domains where simulatedDomains.contains(domain) {
      for strategy in request.strategies {
        for entry in designs where entry.strategy == strategy && entry.design.domain == domain {
          results.append(try entry.play(inputs))
        }
      }
    }
    return SimulationOutcome(
      request: request, start: inputs.start, end: inputs.end, actionsPlanned: inputs.actions.count, results: results,
      store: store.name, choices: inputs.recorder?.recording)
  }

  /// Plays `design`, a design of your own, through `scenario` for `days` from `seed`, and judges
  /// it as the built-in strategies are judged (the same actions and faults, drawn from the seed,
  /// or the scenario's script).
  ///
  /// ```swift
  /// let scenario = try ScenarioLoader.builtIn(named: "default")   // or load(fileAt:) for a file of yours
  /// let result = try Simulation.run(design: MyTally.self, scenario: scenario, days: 7, seed: 42)
  /// #expect(result.converged, "\(result.violations.map(\.detail))")
  /// ```
  ///
  /// `choices` replays a recording instead of drawing (an explored counterexample's,
  /// ``ExploredViolation/recording``).
  ///
  /// - Throws: ``SimulationError/domainNotInScenario(design:domain:)`` when the scenario does not
  ///   play the design's domain, and what ``run(_:store:detail:choices:)`` throws.
  public static func run<Design: SyncDesign>(
    design: Design.Type, scenario: Scenario, days: Int = defaultDays, seed: UInt64, store: StoreBackend = .memory,
    detail: SimulationDetail = .full, choices: ChoiceMode = .random
  ) throws(SimulationError) -> StrategyResult {
    guard scenario.domains.contains(Design.domain) else {
      throw .domainNotInScenario(design: Design.name, domain: Design.domain.rawValue)
    }
    let request = SimulationRequest(scenario: scenario, days: days, seed: seed, strategies: [])
    return try RunInputs(request, store: store, detail: detail, choices: choices).play(Design.self)
  }

  /// Throws ``SimulationError/invalidScript(keyPath:problem:)`` for the first event of `script`
  /// that is before `start` or out of order (the loader checks the order too; a script built in
  /// code may not be).
  static func check(_ script: Script, start: Instant) throws(SimulationError) {
    func early(_ list: String, _ index: Int, _ at: Instant) -> SimulationError {
      .invalidScript(keyPath: "script.\(list)[\(index)]", problem: "\(at) is before the run's start, \(start)")
    }
    for (index, action) in script.actions.enumerated() {
      if action.at < start { throw early("actions", index, action.at) }
      if index > 0, action.at <= script.actions[index - 1].at {
        throw .invalidScript(
          keyPath: "script.actions[\(index)]",
          problem: "\(action.at) is not after the previous action, \(script.actions[index - 1].at)")
      }
    }
    // Every family's list, instants first then spells, in ``FaultFamily/all``'s order.
    for fault in FaultFamily.scripts {
      guard case .instants(let path, _, _, _) = fault.entries else { continue }
      try check(instants: script.faultPlan[keyPath: path], list: fault.key, start: start)
    }
    for fault in FaultFamily.scripts {
      guard case .spells(let path, _, _, _) = fault.entries else { continue }
      try check(spells: script.faultPlan[keyPath: path], list: fault.key, start: start)
    }
  }

  /// The instants of the script's list `list`: none before `start`, never decreasing.
  private static func check(instants: [Instant], list: String, start: Instant) throws(SimulationError) {
    for (index, kill) in instants.enumerated() {
      if kill < start {
        throw .invalidScript(keyPath: "script.\(list)[\(index)]", problem: "\(kill) is before the run's start, \(start)")
      }
      if index > 0, kill < instants[index - 1] {
        throw .invalidScript(
          keyPath: "script.\(list)[\(index)]", problem: "\(kill) is before the previous kill, \(instants[index - 1])")
      }
    }
  }

  /// The spells of the script's list `list`: none beginning before `start`, each ending after it
  /// begins, sorted by their beginnings.
  private static func check(spells: [OutOfRangeSpell], list: String, start: Instant) throws(SimulationError) {
    for (index, spell) in spells.enumerated() {
      let keyPath = "script.\(list)[\(index)]"
      if spell.from < start { throw .invalidScript(keyPath: keyPath, problem: "\(spell.from) is before the run's start, \(start)") }
      if spell.until <= spell.from {
        throw .invalidScript(keyPath: keyPath, problem: "it ends at \(spell.until), not after it begins at \(spell.from)")
      }
      if index > 0, spell.from < spells[index - 1].from {
        throw .invalidScript(
          keyPath: keyPath, problem: "it begins at \(spell.from), before the previous spell, at \(spells[index - 1].from)")
      }
    }
  }
}
