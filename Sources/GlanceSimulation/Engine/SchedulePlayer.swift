import GlanceKernel

/// What plays an exploration's schedules of one plan, one after the other in the explorer's
/// order: ``ResumingPlays`` for a ``ResumableDesign``, ``PlaysFromTheStart`` for any design.
protocol SchedulePlayer {
  /// Plays the schedule `trail` forces; its result, as a play from the start would end.
  mutating func play(_ trail: ExplorationTrail) throws(SimulationError) -> StrategyResult
  /// How many distinct states the schedules played so far reached (DocC: Exploring small
  /// worlds, Counting states); `nil` when this player does not count them.
  var states: Int? { get }
}

extension ResumableDesign {
  /// The player that resumes this design's schedules of the plan whose inputs are `inputs`,
  /// handing `eachState` every state it counts (``ResumingPlays/init(run:eachState:)``).
  static func resumingPlays(
    inputs: RunInputs, eachState: ((_ fingerprint: StateFingerprint, _ play: Any) -> Void)? = nil
  ) -> any SchedulePlayer {
    ResumingPlays<Self>(run: DomainRun<Self>(inputs: inputs), eachState: eachState)
  }
}
