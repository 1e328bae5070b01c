import GlanceKernel

/// One scenario the shrinker may try: a scripted scenario and how many days to run it. The
/// transformations here only build candidates; ``ShrinkSearch`` runs them and keeps those that
/// still fail.
///
/// ## Laws
/// - `scenario.script` is never `nil`.
/// - `normalized()` keeps only what the run can play: actions and kills in `[start, end)`,
///   spells clipped to `[start, end)`. A normalized candidate plays as the candidate it came
///   from did, except that a spell begun before the start now begins at the start (and the
///   liveness phase's app session, numbered after the last action, may get a smaller number).
struct ShrinkCandidate: Hashable {
  var scenario: Scenario
  var days: Int

  init(scenario: Scenario, days: Int) {
    precondition(scenario.script != nil, "a shrink candidate has a script: \(scenario.name)")
    precondition(Limits.days.contains(days), "a shrink candidate runs 1…3650 days, not \(days)")
    self.scenario = scenario
    self.days = days
  }

  var script: Script {
    get { scenario.script ?? Script() }
    set { scenario.script = newValue }
  }

  /// The events that count towards a shrunk scenario's size (see ``Shrinker/eventCount(of:)``).
  var eventCount: Int { Shrinker.eventCount(of: scenario) }

  /// The candidate with what lies outside the run cut away, or `nil` when the run has no bounds
  /// (a start date or a zone change that does not exist).
  func normalized() -> ShrinkCandidate? {
    let bounds: (itinerary: Itinerary, start: Instant, end: Instant)
    do throws(SimulationError) {
      bounds = try RunInputs.bounds(of: scenario, days: days)
    } catch {
      // Not a run at all: the caller rejects the candidate.
      return nil
    }
    let run = bounds.start..<bounds.end
    var result = self
    result.script.actions = script.actions.filter { run.contains($0.at) }
    result.script.faultPlan = script.faultPlan.cut(to: run)
    assert(result.eventCount <= eventCount, "normalizing never adds events")
    return result
  }

  /// The candidate lasting `days` days from the same start.
  func lasting(_ days: Int) -> ShrinkCandidate {
    var result = self
    result.days = days
    return result
  }

  /// The candidate starting `offset` whole days later and ending where it did, with nothing
  /// moved in time (travel and the store move keep their dates: their day offsets drop by
  /// `offset`); `nil` when a zone change or the store move would fall before the new start, or
  /// when there would be no day left.
  func startingLater(by offset: Int) -> ShrinkCandidate? {
    precondition(offset >= 0, "the start moves later, not by \(offset) days")
    guard offset < days, scenario.travel.allSatisfy({ $0.day >= offset }) else { return nil }
    let start = scenario.start.adding(days: Int64(offset))
    guard ScenarioReader.startYears.contains(start.year) else { return nil }
    var result = self
    result.scenario.start = start
    result.days = days - offset
    result.scenario.travel = scenario.travel.map { Travel(day: $0.day - offset, hour: $0.hour, zone: $0.zone) }
    if let move = scenario.storeMove {
      guard move.day >= offset else { return nil }
      result.scenario.storeMove = StoreMove(
        day: move.day - offset, copyFails: move.copyFails, widgetOpensFirst: move.widgetOpensFirst)
    }
    result.scenario.workload.busyDays = scenario.workload.busyDays.map { $0 - offset }.filter { $0 >= 0 }
    return result
  }

  /// The candidate whose script keeps only the actions `keep` accepts.
  func keepingActions(where keep: (ScriptedAction) -> Bool) -> ShrinkCandidate {
    var result = self
    result.script.actions = script.actions.filter(keep)
    return result
  }
}

extension ScriptedAction.Kind {
  /// Whether the person does it in the app (an app session, a tap, a delete or an edit in it,
  /// leaving it).
  var isInApp: Bool {
    switch self {
    case .appOpen, .appTap, .appDelete, .appEdit, .appLeave: return true
    case .widgetTap, .watchTap: return false
    }
  }
}
