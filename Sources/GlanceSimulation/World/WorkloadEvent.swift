/// What the person does, as the workload plans it.
enum WorkloadEvent: Sendable {
  case action(PlannedAction)
  /// The app session opened by action `session` ends: the person leaves the app.
  case appClose(session: Int)
  /// The person arrives in another zone: leg `leg` of the itinerary begins.
  case zoneChange(leg: Int)
}

extension WorkloadEvent: StateFingerprinted {
  /// The case and what it carries; an action by its ordinal (the plan, which holds it, is part of
  /// the state).
  func fingerprint(into hasher: inout StateHasher) {
    switch self {
    case .action(let action):
      hasher.combine(0 as UInt64)
      hasher.combine(action.ordinal)
    case .appClose(let session):
      hasher.combine(1 as UInt64)
      hasher.combine(session)
    case .zoneChange(let leg):
      hasher.combine(2 as UInt64)
      hasher.combine(leg)
    }
  }
}
