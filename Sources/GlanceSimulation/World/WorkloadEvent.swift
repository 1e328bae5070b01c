/// What the person does, as the workload plans it.
enum WorkloadEvent: Sendable {
  case action(PlannedAction)
  /// The app session opened by action `session` ends: the person leaves the app.
  case appClose(session: Int)
  /// The person arrives in another zone: leg `leg` of the itinerary begins.
  case zoneChange(leg: Int)
}
