import GlanceKernel

/// The plays of one plan's schedules in an exploration, each resumed from a snapshot of the
/// play instead of played from the start (DocC: Exploring small worlds, Resuming instead of
/// replaying).
///
/// The explorer's schedules come depth first: each parts from the one before at one choice
/// (the trail's last forced one), and plays the same events up to the event that makes it. A
/// schedule resumes from the deepest snapshot taken before that event, plays on to it (nothing,
/// once a snapshot was taken there), takes a snapshot there if there was none, then plays the
/// rest. A snapshot is a copy of the play between two events (``DomainPlay/resumed(answeredBy:)``),
/// kept while the schedules part after it; resuming copies it again, so it stays as taken.
///
/// ## Laws
/// - A schedule's play makes the same choices and ends in the same result as a play from the
///   start with the same trail: the explorer's figures, coverage and counterexamples are the
///   same with or without resuming (the explorer's tests compare them schedule by schedule).
/// - Only a ``ResumableDesign``'s plays are resumed; the others are played from the start.
/// - One instance serves one plan's schedules, in the explorer's order, on one thread.
struct ResumingPlays<Design: ResumableDesign>: SchedulePlayer {
  private let run: DomainRun<Design>
  /// The snapshots along the last schedule's path, in the order of their events.
  private var snapshots: [Snapshot] = []
  /// For each event of the last schedule, the trail's choices made before the engine popped it.
  private var madeBefore: [Int] = []
  /// The last schedule's choices.
  private var lastMade: [ExplorationTrail.Made] = []
  /// The fingerprints of the states at which the plan's schedules parted: before each event where
  /// a schedule parts from the one before it (a fork of the tree, where a snapshot is taken), the
  /// play's (``DomainPlay/fingerprint(into:)``) and the faults drawn so far, which decide the
  /// choices offered next.
  private var reached = Set<StateFingerprint>()

  /// How many distinct states the plan's schedules parted at so far (``reached``).
  var states: Int? { reached.count }

  /// The play between two events: before the event numbered `event` (the engine has popped
  /// `event − 1`), after the trail's first `made` choices, `drawnFaults` of them drawn faults.
  /// (A reference: the stack hands it around without copying the play it holds.)
  private final class Snapshot {
    let event: Int
    let made: Int
    let drawnFaults: Int
    let play: DomainPlay<Design>

    init(event: Int, made: Int, drawnFaults: Int, play: DomainPlay<Design>) {
      (self.event, self.made, self.drawnFaults, self.play) = (event, made, drawnFaults, play)
    }
  }

  /// Handed every state counted, each time it is reached, with its fingerprint (for a test).
  private let eachState: ((_ fingerprint: StateFingerprint, _ play: Any) -> Void)?

  /// The plays of `run`'s schedules (a plan's inputs, ``RunInputs``); `eachState`, if given, is
  /// handed every state counted, each time it is reached, with its fingerprint (for a test).
  init(run: DomainRun<Design>, eachState: ((_ fingerprint: StateFingerprint, _ play: Any) -> Void)? = nil) {
    self.run = run
    self.eachState = eachState
  }

  /// Plays the schedule `trail` forces, resumed from a snapshot where one fits.
  ///
  /// - Throws: what a play from the start throws (``DomainRun/run()``).
  mutating func play(_ trail: ExplorationTrail) throws(SimulationError) -> StrategyResult {
    // The choice this schedule moved on, and the event of the last schedule that made it.
    let moved = trail.prefix.count - 1
    while let last = snapshots.last, last.made > moved { snapshots.removeLast() }
    let partingEvent = moved < lastMade.count ? madeBefore.lastIndex { $0 <= moved }.map { $0 + 1 } : nil
    var play: DomainPlay<Design>
    if let snapshot = snapshots.last {
      play = resume(snapshot, trail: trail)
    } else {
      play = run.freshPlay(choices: run.door(answeredBy: trail))
    }
    madeBefore.removeSubrange(min(play.eventCount, madeBefore.count)...)
    defer { lastMade = trail.made }
    // The engine's loop (``DomainRun``), with a snapshot taken on the way. Written out here
    // rather than handed to the run's loop as a closure: this code is not specialised for the
    // design, and a closure called at every event cost the runtime's generic metadata there.
    let eventsMax = run.eventsMax
    while true {
      // Before the event this schedule parts at: a snapshot, unless one was taken there; the
      // state the tree parts at, counted (once: a snapshot is taken once at each fork).
      if play.eventCount + 1 == partingEvent, (snapshots.last?.event ?? 0) < play.eventCount + 1 {
        count(play, trail: trail)
        let copy = play.resumed(answeredBy: ExplorationSource(trail: trail, section: run.choiceSection))
        snapshots.append(Snapshot(event: play.eventCount + 1, made: trail.made.count, drawnFaults: trail.drawnFaults, play: copy))
      }
      madeBefore.append(trail.made.count)
      guard let event = play.next() else { preconditionFailure("the run ended without its final check") }
      guard play.eventCount <= eventsMax else { return try finish(.stopped, of: play) }
      let finished = play.handle(consume event)
      if let (at, fault) = play.world.designFault { return try finish(.faulted(at: at, fault), of: play) }
      if finished, let result = play.result {
        play.finishChoices()
        return try finish(.finished(result), of: play)
      }
    }
  }

  /// Counts `play`'s state between two events, with what decides the choices `trail` offers
  /// next (the faults drawn so far).
  private mutating func count(_ play: DomainPlay<Design>, trail: ExplorationTrail) {
    var hasher = StateHasher()
    play.fingerprint(into: &hasher)
    hasher.combine(trail.drawnFaults)
    let fingerprint = hasher.finalize()
    reached.insert(fingerprint)
    eachState?(fingerprint, (play: play, drawnFaults: trail.drawnFaults))
  }

  /// The result of a play that gave `played`, or what the run throws for it
  /// (``DomainRun/checked(_:of:)``).
  private func finish(_ played: DomainRun<Design>.Played, of play: DomainPlay<Design>) throws(SimulationError) -> StrategyResult {
    guard case .finished(let result) = try run.checked(played, of: play) else {
      preconditionFailure("a play without a focus finishes or throws")
    }
    return result
  }

  /// A copy of `snapshot`'s play answered by `trail`, which takes the choices made before it.
  private func resume(_ snapshot: Snapshot, trail: ExplorationTrail) -> DomainPlay<Design> {
    trail.resume(made: lastMade[..<snapshot.made], drawnFaults: snapshot.drawnFaults)
    return snapshot.play.resumed(answeredBy: ExplorationSource(trail: trail, section: run.choiceSection))
  }
}
