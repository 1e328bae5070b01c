import GlanceKernel

/// Plans a run's faults once, from the seed's fault streams or a script: when each fault is
/// armed. (What an armed fault strikes is the ``FaultInjector``'s to decide, as the run plays.)
enum FaultPlanner {
  /// The faults of a script, as they are (in time order, checked by `Simulation.check`).
  static func plan(script: Script) -> FaultPlan {
    FaultPlan(
      kills: script.kills, outOfRange: script.outOfRange, widgetKills: script.widgetKills, watchKills: script.watchKills,
      storeWriteFailures: script.storeWriteFailures, corruptedDefaults: script.corruptedDefaults)
  }

  /// App, widget-extension and watch-app kills, watch out-of-range spells, store write failures and
  /// corrupted defaults, each from its own stream, drawn per local day as
  /// ``WorkloadPlanner/actions(scenario:days:seed:)`` draws the actions.
  static func plan(scenario: Scenario, days: [Itinerary.DayPiece], seed: UInt64) -> FaultPlan {
    var range = RandomStream.derived(root: seed, label: "faults.watch")
    var plan = FaultPlan()
    plan.kills = faultInstants(perDay: scenario.faults.appKillsPerDay, days: days, seed: seed, label: "faults.kill")
    for piece in days {
      let span = piece.day.start.millisecondsSince1970...(piece.day.end.millisecondsSince1970 - 1)
      for _ in 0..<range.count(mean: scenario.faults.watchOutOfRangePerDay, spread: 1) {
        let from = Instant(millisecondsSince1970: range.uniform(in: span))
        let minutes = range.uniform(in: scenario.faults.watchOutOfRangeMinutes)
        if piece.window.contains(from) {
          plan.outOfRange.append(OutOfRangeSpell(from: from, until: from.advanced(by: Int64(minutes) * Instant.millisecondsPerMinute)))
        }
      }
    }
    plan.widgetKills = faultInstants(perDay: scenario.faults.widgetKillsPerDay, days: days, seed: seed, label: "faults.kill.widget")
    plan.watchKills = faultInstants(perDay: scenario.faults.watchKillsPerDay, days: days, seed: seed, label: "faults.kill.watch")
    plan.storeWriteFailures = faultInstants(
      perDay: scenario.faults.storeWriteFailuresPerDay, days: days, seed: seed, label: "faults.store.write")
    plan.corruptedDefaults = faultInstants(
      perDay: scenario.faults.corruptedDefaultsPerDay, days: days, seed: seed, label: "faults.defaults.corrupt")
    plan.outOfRange.sort { $0.from < $1.from }
    return plan
  }

  /// Fault instants drawn per local day from the stream `label`, sorted.
  private static func faultInstants(perDay: Int, days: [Itinerary.DayPiece], seed: UInt64, label: String) -> [Instant] {
    var stream = RandomStream.derived(root: seed, label: label)
    var instants: [Instant] = []
    for piece in days {
      let span = piece.day.start.millisecondsSince1970...(piece.day.end.millisecondsSince1970 - 1)
      for _ in 0..<stream.count(mean: perDay, spread: 1) {
        let instant = Instant(millisecondsSince1970: stream.uniform(in: span))
        if piece.window.contains(instant) { instants.append(instant) }
      }
    }
    return instants.sorted()
  }
}
