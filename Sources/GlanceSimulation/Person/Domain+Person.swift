import GlanceKernel

extension Domain {
  /// The person of this domain's runs in `scenario` (the budget's pay day is the scenario's).
  func person(in scenario: Scenario) -> any Person {
    switch self {
    case .tally: return TallyPerson()
    case .steps: return StepsPerson()
    case .budget: return BudgetPerson(payDay: PayDay(clamping: scenario.payDay))
    }
  }
}
