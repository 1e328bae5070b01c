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

extension Checkpoint: StateFingerprinted {
  /// The case and what it carries.
  func fingerprint(into hasher: inout StateHasher) {
    switch self {
    case .quiescenceCheck(let after):
      hasher.combine(0 as UInt64)
      hasher.combine(after)
    case .rolloverCheck(let boundary):
      hasher.combine(1 as UInt64)
      hasher.combine(boundary)
    case .zoneSettled(let leg):
      hasher.combine(2 as UInt64)
      hasher.combine(leg)
    case .endOfSafetyPhase: hasher.combine(3 as UInt64)
    case .finalCheck: hasher.combine(4 as UInt64)
    }
  }
}
