public import GlanceKernel

/// Errors that stop a simulation before it starts.
public enum SimulationError: Error, Equatable, Sendable, CustomStringConvertible {
  case daysOutOfRange(Int)
  /// A sweep was asked to run its seeds on `jobs` jobs, not between 1 and ``Sweep/jobsMax``.
  case jobsOutOfRange(Int)
  case unknownZone(String)
  case startDateSkipped(String)
  /// Zone change `index` (0-based) falls on a date its zone skipped.
  case travelDateSkipped(index: Int, date: String, zone: String)
  /// Zone change `index` (0-based) would happen at `at`, before the previous one at `previous`.
  case travelOutOfOrder(index: Int, at: String, previous: String)
  /// A store of a durable ``StoreBackend`` failed while `strategy` played `domain` (no outcome
  /// is made from that run).
  case storeFailed(strategy: String, domain: String, store: String, reason: String)
  /// The scenario's script cannot be played: the event at `keyPath` (`script.actions[3]`) is
  /// before the run's start or out of order.
  case invalidScript(keyPath: String, problem: String)
  /// ``Shrinker`` was asked to shrink a run in which `strategy` shows no violation of
  /// `invariant` in `domain`.
  case notReproduced(strategy: String, domain: String, invariant: String)
  /// A design of your own was asked to play a scenario that does not play its domain.
  case domainNotInScenario(design: String, domain: String)
  /// A play of `strategy` in `domain` popped more than `limit` events in a run of `days` days
  /// (far more than any design that makes progress: one caught in a loop), and was stopped.
  case eventLimitExceeded(strategy: String, domain: String, limit: Int, days: Int)
  /// A play of `strategy` in `domain` was stopped at `at` by what the design did (a timeline out
  /// of date order, a reply with no message to answer, an engine that threw): see
  /// ``DesignFault``.
  case designFault(strategy: String, domain: String, at: Instant, fault: DesignFault)
  /// A replay of a ``ChoiceRecording`` (``ChoiceMode/replay(_:)``) met a choice the recording
  /// does not hold there, ran out, or was left with choices unread: the run was stopped.
  case choiceReplay(ChoiceReplayError)

  public var description: String {
    switch self {
    case .daysOutOfRange(let days): return "days must be between 1 and 3650 (got \(days))"
    case .jobsOutOfRange(let jobs): return "jobs must be between 1 and \(Sweep.jobsMax) (got \(jobs))"
    case .unknownZone(let zone): return "unknown time zone \"\(zone)\""
    case .startDateSkipped(let date): return "the start date \(date) does not exist in the scenario's zone"
    case .travelDateSkipped(let index, let date, let zone):
      return "travel[\(index)]: \(zone) skipped the date \(date); choose another day"
    case .travelOutOfOrder(let index, let at, let previous):
      return "travel[\(index)]: the change would happen at \(at), before the previous one at \(previous)"
        + " (across the date line a later date can be an earlier instant); list zone changes in time order"
    case .storeFailed(let strategy, let domain, let store, let reason):
      return "\(strategy) (\(domain)): the \(store) store failed: \(reason)"
    case .invalidScript(let keyPath, let problem):
      return "\(keyPath): \(problem)"
    case .notReproduced(let strategy, let domain, let invariant):
      return "\(strategy) (\(domain)) does not violate \(invariant) in this run: nothing to shrink"
    case .domainNotInScenario(let design, let domain):
      return "\(design) plays the \(domain) domain, which the scenario does not list in its domains"
    case .eventLimitExceeded(let strategy, let domain, let limit, let days):
      return "\(strategy) (\(domain)): more than \(limit) events in \(days) day\(days == 1 ? "" : "s"), the engine's limit"
        + " for that many days (a design that makes progress pops a few thousand a day); it seems caught in a loop"
    case .designFault(let strategy, let domain, let at, let fault):
      return "\(strategy) (\(domain)) at \(at): \(fault)"
    case .choiceReplay(let error):
      return "the choice recording does not replay this run: \(error)"
    }
  }
}

extension SimulationError {
  /// The scenario's travel cannot be followed, as the engine reports it.
  init(_ error: TravelError) {
    switch error {
    case .dateSkipped(let index, let date, let zone): self = .travelDateSkipped(index: index, date: date, zone: zone)
    case .outOfOrder(let index, let at, let previous): self = .travelOutOfOrder(index: index, at: at, previous: previous)
    case .unknownZone(let zone): self = .unknownZone(zone)
    }
  }
}
