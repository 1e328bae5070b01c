import GlanceKernel

/// A world small enough to explore every schedule of: one domain, at most ``moves`` moves of the
/// person around one local day boundary (the app used in one session, or left after each move:
/// ``sessions``), at most one scripted fault, and at most ``drawnFaults`` of the faults drawn as
/// the world plays (DocC: Exploring small worlds).
///
/// The scenario gives the zone, the date whose end is the boundary (the first day boundary
/// after the start of ``Scenario/start``: a midnight, or the first instant of a day without
/// one), the refresh budget and the rates of the faults drawn as the run plays (a duplicated
/// transfer, a failed message, a lost reply, a late reload), whose chances the explorer takes
/// both ways until a schedule holds ``drawnFaults`` of them: a bound on faults, as a bound on
/// preemptions makes CHESS's exploration of threads finite (each drawn fault doubles the
/// schedules of every later choice that may draw one; bugs need few). Its workload, fault
/// counts and script are not used. Its travel is: a flight inside the world changes the zone
/// there (at the boundary, it is the boundary), and a flight on the first days makes the world
/// last past the judge's zone-settled check (``runLead``). Its store move (BabySteps', the steps
/// domain) is too, but not its day: the explorer installs the update at the run's start or at
/// the boundary (``SmallWorldUpdate``).
///
/// The run lasts from ``runLead`` before the boundary to ``runLead`` after it, then the liveness phase
/// every run has. The schedule's plan is made of choices like every other (section `plan`):
///
/// - `explore.midnight` (`0...moves`): how many moves come before the boundary;
/// - `explore.move`, once per move (``SmallWorldMove/moves(of:)``): which move;
/// - `explore.fault` (`0...` the domain's faults): none, or which ``SmallWorldFault``; and
///   `explore.fault.move`: before which move it strikes (``faultLead`` before it);
/// - `explore.update` (`0...1`, only where the world ``updatesApp``): which ``SmallWorldUpdate``.
///
/// Moves are ``spacing`` apart; the last before the boundary and the first after it are
/// ``nearest`` from it. The spacing is longer than the longest `sendMessage` latency and shorter
/// than the longest background delivery (a transfer, an application context) and the longest
/// reload latency, so the explorer's two timings of each (``ChoiceClasses``) deliver it before
/// the next move and after it; the nearest moves are closer to the boundary than the longest
/// reload latency and the latest a reload may fire, so that a tap's reload before the boundary
/// is served before it and after it.
///
/// ## Laws
/// - Every plan is a valid ``Script``: actions strictly increase in time, faults are sorted, and
///   everything lies inside the run.
/// - The plan's choices come first in a schedule, and each is a ``ChoiceKind/uniform(_:)`` of at
///   most ``ChoiceClasses/enumeratedMax`` values: the explorer tries every plan.
public struct SmallWorld: Hashable, Sendable {
  /// The zone, the boundary's date, the budget and the rates of the faults drawn as it plays.
  public let scenario: Scenario
  /// The domain played.
  public let domain: Domain
  /// The most moves a schedule holds (1…``movesMax``); the explorer plays exactly this many.
  public let moves: Int
  /// The most faults drawn as the world plays (a reload served late, a duplicated transfer, a
  /// failed message, a lost reply) one schedule holds; `nil` for no bound.
  public let drawnFaults: Int?
  /// How the person uses the app: one session across the moves (the default), or the app left
  /// after each move in it.
  public let sessions: SmallWorldSessions

  /// The most moves a small world holds.
  public static let movesMax = 8
  /// Time between two moves: above the longest `sendMessage` latency (500 ms), below the longest
  /// background delivery (2 s).
  public static let spacing: Int64 = 1_500
  /// Time between the boundary and each of the moves nearest it.
  public static let nearest: Int64 = 10_000
  /// How long before a move its fault strikes: before the app is opened, for a move in the app
  /// (``SmallWorldMove/appOpenLead``), and after the move before it.
  public static let faultLead: Int64 = 750
  /// How long after it is armed a kill of the app that met no step of an operation strikes
  /// anyway (the app running): half a second after its move, before the next move opens the
  /// app. (A run's armed kill waits six hours for a step; a small world lasts forty minutes, or
  /// a little over two hours around a flight.)
  public static let killDeadline: Int64 = Limits.aroundBoundaryFaultDeadlineMilliseconds
  /// How long the run lasts on each side of the boundary, unless the person travels then
  /// (``runLead``).
  public static let lead: Int64 = 20 * Instant.millisecondsPerMinute

  /// How long this world's run lasts on each side of its boundary: ``lead``; or, where the
  /// scenario's first flight is on the start date or the next day (so that it may fall inside
  /// the world: `travel: [{day: 1, hour: 0, zone: …}]` puts it at a midnight boundary), whole
  /// minutes past the judge's zone-settled check (`SurfaceChecker.zoneSettleMilliseconds`,
  /// over an hour), so that a widget that never learns of the zone is judged inside the world.
  public var runLead: Int64 {
    guard let first = scenario.travel.first, first.day <= 1 else { return Self.lead }
    let settle = SurfaceChecker.zoneSettleMilliseconds(
      refreshBudget: scenario.refreshBudget, lateFiringSecondsMax: scenario.faults.lateFiringSecondsMax)
    let minutes = settle / Instant.millisecondsPerMinute + 2
    return max(Self.lead, minutes * Instant.millisecondsPerMinute)
  }

  /// The drawn faults a schedule holds by default: one.
  public static let drawnFaultsDefault = 1

  /// The small world of `domain` with `moves` moves around the first day boundary of
  /// `scenario`'s start date, at most `drawnFaults` drawn faults a schedule (`nil`: no
  /// bound), the app used as `sessions` says.
  ///
  /// - Throws: ``SmallWorldError`` when `moves` is out of `1...movesMax`, `drawnFaults` is
  ///   negative or the scenario does not play `domain`.
  public init(
    scenario: Scenario, domain: Domain, moves: Int, drawnFaults: Int? = drawnFaultsDefault, sessions: SmallWorldSessions = .oneSession
  ) throws(SmallWorldError) {
    guard (1...Self.movesMax).contains(moves) else { throw .movesOutOfRange(moves) }
    if let drawnFaults, drawnFaults < 0 { throw .drawnFaultsNegative(drawnFaults) }
    guard scenario.domains.contains(domain) else { throw .domainNotInScenario(domain.rawValue, scenario: scenario.name) }
    self.scenario = scenario
    self.domain = domain
    self.moves = moves
    self.drawnFaults = drawnFaults
    self.sessions = sessions
  }

  /// Whether the app is updated in this world: its domain is the steps and its scenario has
  /// BabySteps' store move (the update brings the widget; without it there is none).
  public var updatesApp: Bool { domain == .steps && scenario.storeMove != nil }

  /// The plan of one schedule, its choices read from `choices`: the moves before the boundary,
  /// then each move, then the fault, then the update; the moves in the app used as ``sessions``
  /// says.
  func plan(boundary: Instant, end: Instant, choices: inout Choices) -> SmallWorldPlan {
    let alphabet = SmallWorldMove.moves(of: domain)
    let faults = SmallWorldFault.faults(of: domain)
    let before = choices.uniform(in: 0...moves, from: choices.open(ChoiceLabel("explore.midnight")))
    let moveStream = choices.open(ChoiceLabel("explore.move"))
    var times: [Instant] = []
    var made: [SmallWorldMove] = []
    for index in 0..<moves {
      made.append(alphabet[choices.uniform(in: 0...(alphabet.count - 1), from: moveStream)])
      times.append(
        index < before
          ? boundary.advanced(by: -Self.nearest - Int64(before - 1 - index) * Self.spacing)
          : boundary.advanced(by: Self.nearest + Int64(index - before) * Self.spacing))
    }
    let actions = zip(made, times).flatMap { move, time in move.actions(at: time, sessions: sessions) }
    var faultPlan = FaultPlan()
    let fault = choices.uniform(in: 0...faults.count, from: choices.open(ChoiceLabel("explore.fault")))
    if fault > 0 {
      let index = choices.uniform(in: 0...(moves - 1), from: choices.open(ChoiceLabel("explore.fault.move")))
      let last = times[times.count - 1].advanced(by: Instant.millisecondsPerMinute)
      faults[fault - 1].strike(at: times[index].advanced(by: -Self.faultLead), until: min(last, end), in: &faultPlan)
    }
    var update: SmallWorldUpdate? = nil
    if updatesApp {
      let updates = SmallWorldUpdate.allCases
      update = updates[choices.uniform(in: 0...(updates.count - 1), from: choices.open(ChoiceLabel("explore.update")))]
    }
    return SmallWorldPlan(script: Script(actions: actions, faultPlan: faultPlan), update: update)
  }

  /// The scenario a schedule plays: the world's, around its first boundary
  /// (``Scenario/aroundBoundaryMinutes``: ``runLead`` on each side).
  var aroundBoundary: Scenario {
    var around = scenario
    around.aroundBoundaryMinutes = Int(runLead / Instant.millisecondsPerMinute)
    return around
  }

  /// The scenario the schedules of `plan` play: ``aroundBoundary``, the store move installed as
  /// the plan says.
  func aroundBoundary(playing plan: SmallWorldPlan) -> Scenario {
    var around = aroundBoundary
    if let update = plan.update, let move = around.storeMove { around.storeMove = update.storeMove(from: move) }
    return around
  }

  /// One schedule's plan as a scenario of its own, for `design` (its name) from `seed`: the
  /// world's scenario around its boundary, the plan's script its actions and faults, its store
  /// move installed as the plan says, the world's domain alone, one day
  /// (``ExploredViolation/scenario``).
  func scenario(playing plan: SmallWorldPlan, by design: String, seed: UInt64) -> Scenario {
    var played = aroundBoundary(playing: plan)
    played.name = "\(scenario.name)-explored"
    played.summary = "A schedule of \(design)'s \(domain.rawValue) that broke an invariant, found by simulate explore."
    played.domains = [domain]
    // BabySteps' store move is of the steps domain alone (a scenario without it refuses it).
    if domain != .steps { played.storeMove = nil }
    played.script = plan.script
    played.seed = seed
    played.days = 1
    return played
  }

  /// Where a schedule runs: the itinerary, the boundary, and the run's start and end.
  func bounds() throws(SimulationError) -> (itinerary: Itinerary, boundary: Instant, start: Instant, end: Instant) {
    let run = try RunInputs.bounds(of: aroundBoundary, days: 1)
    return (run.itinerary, run.end.advanced(by: -runLead), run.start, run.end)
  }
}
