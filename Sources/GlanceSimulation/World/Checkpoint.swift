import GlanceKernel

/// A check of the judge, or a phase of the engine, at its time.
enum Checkpoint: Sendable {
  /// Thirty minutes after an action: if nothing happened since, every surface must agree.
  case quiescenceCheck(afterAction: Int)
  /// Long enough after the local day boundary at `boundary` for every surface to show the new
  /// day: the rollover check.
  case rolloverCheck(boundary: Instant)
  /// Long enough after the change to leg `leg` for a converged widget to have caught up: no
  /// surface may still show "today" of the zone the device left.
  case zoneSettled(leg: Int)
  /// The safety phase ends: faults off, the liveness phase begins.
  case endOfSafetyPhase
  /// The last check of the run.
  case finalCheck
}
