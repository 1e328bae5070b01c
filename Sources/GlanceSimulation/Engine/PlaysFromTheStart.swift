/// The plays of one plan's schedules in an exploration, each from the world's start: any
/// design's (a ``ResumableDesign``'s are resumed from snapshots instead, ``ResumingPlays``).
struct PlaysFromTheStart<Design: SyncDesign>: SchedulePlayer {
  /// The plan's inputs, shared by its schedules.
  let inputs: RunInputs

  /// Not counted: a design that is not resumable has no fingerprint.
  var states: Int? { nil }

  func play(_ trail: ExplorationTrail) throws(SimulationError) -> StrategyResult {
    var inputs = inputs
    inputs.trail = trail
    return try inputs.play(Design.self)
  }
}
