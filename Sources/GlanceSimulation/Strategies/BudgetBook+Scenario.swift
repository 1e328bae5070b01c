import GlanceKernel
import GlanceSync

extension BudgetBook {
  /// The person's book in `scenario`: a budget of ``PersonSettings/income`` for every pay period
  /// from the one the scenario starts in, with the scenario's pay day.
  init(scenario: Scenario) {
    let payDay = PayDay(clamping: scenario.payDay)
    self.init(payDay: payDay, firstPeriod: PayPeriods(payDay: payDay).period(containing: scenario.start), income: PersonSettings.income)
  }
}
