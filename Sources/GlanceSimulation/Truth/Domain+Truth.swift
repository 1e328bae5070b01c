import GlanceKernel

extension Domain {
  /// The truth of this domain: the model that judges every design of it, for a run of
  /// `scenario` from `start` with the device in `calendar`'s zone.
  func truth(in scenario: Scenario, start: Instant, calendar: ZoneCalendar) -> any DomainModel {
    switch self {
    case .tally: return TallyTruth()
    case .steps: return StepsTruth()
    case .budget: return BudgetTruth(scenario: scenario, start: start, calendar: calendar)
    }
  }
}
