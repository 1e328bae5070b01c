import GlanceKernel

/// Plans a run's faults once, from the seed's fault streams: when each fault is armed. (A
/// script's faults are its plan as they are; what an armed fault strikes is the
/// ``FaultInjector``'s to decide, as the run plays.)
enum FaultPlanner {
  /// The faults of every family with a ``FaultScript`` (app, widget-extension and watch-app
  /// kills, watch out-of-range spells, store write failures, corrupted defaults), each from its
  /// own stream, drawn per local day as ``WorkloadPlanner`` draws the actions.
  static func plan(faults: Faults, days: [DayPiece], seed: UInt64) -> FaultPlan {
    var choices = Choices(seed: seed)
    return plan(faults: faults, days: days, choices: &choices)
  }

  /// The faults of every family with a ``FaultScript``, each drawn from `choices`, from its own
  /// stream.
  static func plan(faults: Faults, days: [DayPiece], choices: inout Choices) -> FaultPlan {
    var plan = FaultPlan()
    for script in FaultFamily.scripts {
      switch script.entries {
      case .instants(let path, let perDay, let stream, _):
        plan[keyPath: path] = instants(perDay: faults[keyPath: perDay], days: days, choices: &choices, label: ChoiceLabel(stream))
      case .spells(let path, let drawn, _, _):
        plan[keyPath: path] = drawn(faults, days, &choices)
      }
    }
    return plan
  }

  /// Fault instants drawn per local day from the stream `label`, sorted.
  static func instants(perDay: Int, days: [DayPiece], choices: inout Choices, label: ChoiceLabel) -> [Instant] {
    let stream = choices.open(label)
    var instants: [Instant] = []
    for piece in days {
      for _ in 0..<choices.count(mean: perDay, spread: 1, from: stream) {
        let instant = Instant(millisecondsSince1970: choices.uniform(in: piece.span, from: stream))
        if piece.window.contains(instant) { instants.append(instant) }
      }
    }
    return instants.sorted()
  }
}
