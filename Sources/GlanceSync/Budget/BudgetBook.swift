public import GlanceKernel

/// What Pulpe's app computes from its data: a budget of ``income`` for every pay period from
/// ``firstPeriod`` on, each period's `remaining` its rollover plus its own delta (the kernel's
/// `RolloverChain`), and the widget cache of the current period and its year.
///
/// ## Laws
/// - A period's `remaining` is the income of every budgeted period up to it, minus every expense
///   placed in those periods (`RolloverChain`'s available-to-spend).
/// - Expenses are placed in the period holding their local date in the zone passed.
public struct BudgetBook: Hashable, Sendable {
  public let periods: PayPeriods
  /// The first period with a budget.
  public let firstPeriod: BudgetPeriod
  /// The income of every budgeted period.
  public let income: Money

  /// A book with a budget of `income` in every period from `firstPeriod` on.
  public init(payDay: PayDay, firstPeriod: BudgetPeriod, income: Money) {
    self.periods = PayPeriods(payDay: payDay)
    self.firstPeriod = firstPeriod
    self.income = income
  }

  /// The period holding `instant`'s local date in `calendar`'s zone.
  public func period(at instant: Instant, in calendar: ZoneCalendar) -> BudgetPeriod {
    period(on: calendar.date(containing: instant))
  }

  /// The period holding the local `date`.
  public func period(on date: CivilDate) -> BudgetPeriod {
    periods.period(containing: date)
  }

  /// Each period's expenses summed, periods read in `calendar`'s zone.
  public func spent(_ expenses: [(instant: Instant, amount: Money)], in calendar: ZoneCalendar) -> [BudgetPeriod: Money] {
    var spent: [BudgetPeriod: Money] = [:]
    for expense in expenses {
      spent[period(at: expense.instant, in: calendar), default: .zero(income.currency)] += expense.amount
    }
    return spent
  }

  /// The live expenses of `replica`, with their instants.
  public static func expenses(of replica: Replica) -> [(instant: Instant, amount: Money)] {
    replica.liveExpenses.compactMap { event in
      guard case .expense(let amount, _) = event.kind else { return nil }
      return (event.instant, amount)
    }
  }

  /// The widget cache as of `instant` from each period's expenses summed.
  public func cache(spent: [BudgetPeriod: Money], at instant: Instant, in calendar: ZoneCalendar) -> BudgetWidgetCache {
    let current = period(at: instant, in: calendar)
    var budgeted: [BudgetPeriod] = firstPeriod <= current ? [firstPeriod] : []
    while let last = budgeted.last, last < current { budgeted.append(last.next) }
    do {
      let chain = try RolloverChain(
        budgets: budgeted.map { period in
          try RolloverChain.BudgetDelta(
            id: "\(period)", period: period, ownDelta: income - (spent[period] ?? .zero(income.currency)))
        }, currency: income.currency)
      let figures = chain.balances.map {
        PeriodFigures(period: $0.period, budgetID: nil, remaining: $0.availableToSpend)
      }
      return try BudgetWidgetCache(
        asOf: instant, currency: income.currency, payDay: periods.payDay, current: figures.last { $0.period == current },
        year: current.year, yearMonths: figures.filter { $0.period.year == current.year })
    } catch {
      preconditionFailure("the app's budgets are consistent: \(error)")
    }
  }

  /// What a budget widget of `kind` (and the app, which shows the current period's) shows of
  /// `cache` at `instant`.
  public static func model(_ cache: BudgetWidgetCache?, kind: BudgetWidgetKind, at instant: Instant, in calendar: ZoneCalendar)
    -> BudgetWidgetModel
  {
    BudgetWidgetProjection(cache: cache, kind: kind, calendar: calendar).model(at: instant)
  }
}
