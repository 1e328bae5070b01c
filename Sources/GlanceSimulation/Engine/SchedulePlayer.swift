/// What plays an exploration's schedules of one plan, one after the other in the explorer's
/// order: ``ResumingPlays`` for a ``ResumableDesign``, ``PlaysFromTheStart`` for any design.
protocol SchedulePlayer {
  /// Plays the schedule `trail` forces; its result, as a play from the start would end.
  mutating func play(_ trail: ExplorationTrail) throws(SimulationError) -> StrategyResult
}

extension ResumableDesign {
  /// The player that resumes this design's schedules of the plan whose inputs are `inputs`.
  static func resumingPlays(inputs: RunInputs) -> any SchedulePlayer {
    ResumingPlays<Self>(run: DomainRun<Self>(inputs: inputs))
  }
}
