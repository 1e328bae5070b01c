import GlanceKernel

/// Every action of a run, by id and by instant: how the judge names the record a store holds
/// (a store names its records one way or the other) and the action that made it.
///
/// Made once per run (``RunInputs``) and shared by the judge of every design: the actions are
/// the same for each, and hashing them all again for each design was a measurable part of a
/// sweep's time.
///
/// ## Laws
/// - `byID[a.eventID] == a` and `byInstant[a.time] == a` for every action `a` (actions have
///   distinct ids and distinct instants).
struct ActionIndex {
  let byID: [EventID: PlannedAction]
  let byInstant: [Instant: PlannedAction]

  init(_ actions: [PlannedAction]) {
    var byID = [EventID: PlannedAction](minimumCapacity: actions.count)
    var byInstant = [Instant: PlannedAction](minimumCapacity: actions.count)
    for action in actions {
      byID[action.eventID] = action
      byInstant[action.time] = action
    }
    self.byID = byID
    self.byInstant = byInstant
  }
}
