import GlanceKernel

/// What Pulpe's app computes from its data (the budget designs' side, legacy and converged): a
/// budget of ``PersonSettings/income`` for every pay period from the one the scenario starts in,
/// each period's `remaining` its rollover plus its own delta (`RolloverChain`), and the widget
/// cache of the current period and its year.
struct BudgetBook {
  let periods: PayPeriods
  /// The first period with a budget.
  let firstPeriod: BudgetPeriod

  init(scenario: Scenario) {
    periods = PayPeriods(payDay: PayDay(clamping: scenario.payDay))
    firstPeriod = periods.period(containing: scenario.start)
  }

  /// The period holding `instant`'s local date in `calendar`'s zone.
  func period(at instant: Instant, in calendar: ZoneCalendar) -> BudgetPeriod {
    period(on: calendar.date(containing: instant))
  }

  /// The period holding the local `date`.
  func period(on date: CivilDate) -> BudgetPeriod {
    periods.period(containing: date)
  }

  /// Each period's expenses summed, periods read in `calendar`'s zone.
  func spent(_ expenses: [(instant: Instant, amount: Money)], in calendar: ZoneCalendar) -> [BudgetPeriod: Money] {
    var spent: [BudgetPeriod: Money] = [:]
    for expense in expenses {
      spent[period(at: expense.instant, in: calendar), default: .zero(.chf)] += expense.amount
    }
    return spent
  }

  /// The widget cache as of `instant` from each period's expenses summed.
  func cache(spent: [BudgetPeriod: Money], at instant: Instant, in calendar: ZoneCalendar) -> BudgetWidgetCache {
    let current = period(at: instant, in: calendar)
    var budgeted: [BudgetPeriod] = firstPeriod <= current ? [firstPeriod] : []
    while let last = budgeted.last, last < current { budgeted.append(last.next) }
    do {
      let chain = try RolloverChain(
        budgets: budgeted.map { period in
          try RolloverChain.BudgetDelta(
            id: "\(period)", period: period, ownDelta: PersonSettings.income - (spent[period] ?? .zero(.chf)))
        }, currency: .chf)
      let figures = chain.balances.map {
        PeriodFigures(period: $0.period, budgetID: nil, remaining: $0.availableToSpend)
      }
      return try BudgetWidgetCache(
        asOf: instant, currency: .chf, payDay: periods.payDay, current: figures.last { $0.period == current },
        year: current.year, yearMonths: figures.filter { $0.period.year == current.year })
    } catch {
      preconditionFailure("the app's budgets are consistent: \(error)")
    }
  }

  /// What a budget surface shows of `cache` at `instant`: `widget` names the year overview or
  /// the current period (which the app shows too).
  static func display(_ cache: BudgetWidgetCache?, widget: WidgetID, at instant: Instant, in calendar: ZoneCalendar) -> Display {
    let kind: BudgetWidgetKind = widget == .year ? .yearOverview : .currentPeriod(.small)
    switch BudgetWidgetProjection(cache: cache, kind: kind, calendar: calendar).model(at: instant) {
    case .currentPeriod(let model): return .currentPeriod(model)
    case .yearOverview(let model): return .yearOverview(model)
    }
  }
}
