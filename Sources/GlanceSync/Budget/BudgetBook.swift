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
  ///
  /// An expense belongs to the period of its local date; the periods' first instants are found
  /// once, so each expense costs a binary search rather than a calendar lookup.
  ///
  /// - Complexity: O(n log p) for n expenses over p periods, plus O(p) calendar lookups.
  public func spent(_ expenses: [(instant: Instant, amount: Money)], in calendar: ZoneCalendar) -> [BudgetPeriod: Money] {
    let placed = periods(of: expenses.map(\.instant), in: calendar)
    var spent: [BudgetPeriod: Money] = [:]
    for (expense, period) in zip(expenses, placed) {
      spent[period] = (spent[period] ?? .zero(income.currency)) + expense.amount
    }
    return spent
  }

  /// The period of each of `instants` (in their order), periods read in `calendar`'s zone: the
  /// periods' first instants are found once, so each instant costs a binary search rather than
  /// a calendar lookup.
  ///
  /// - Complexity: O(n log p) for n instants over p periods, plus O(p) calendar lookups.
  func periods(of instants: [Instant], in calendar: ZoneCalendar) -> [BudgetPeriod] {
    guard let earliest = instants.min(), let latest = instants.max() else { return [] }
    // The periods from the earliest instant's to the latest's, each with its first instant.
    var spans: [(period: BudgetPeriod, start: Instant)] = [(period(at: earliest, in: calendar), earliest)]
    let last = period(at: latest, in: calendar)
    while let current = spans.last?.period, current < last {
      let next = current.next
      spans.append((next, firstInstant(of: next, in: calendar)))
    }
    return instants.map { instant in
      var (low, high) = (0, spans.count)
      while low < high {
        let middle = low + (high - low) / 2
        if spans[middle].start <= instant { low = middle + 1 } else { high = middle }
      }
      return spans[low - 1].period
    }
  }

  /// The first instant whose local date in `calendar`'s zone is in `period`: the start of the
  /// period's first date, or of the first later date the zone did not skip.
  func firstInstant(of period: BudgetPeriod, in calendar: ZoneCalendar) -> Instant {
    var date = periods.firstDate(of: period)
    for _ in 0..<8 {
      if let day = calendar.dayInterval(of: date) { return day.start }
      date = CivilDate(dayNumber: date.dayNumber + 1)
    }
    preconditionFailure("no zone skips eight days in a row (\(calendar.identifier) at \(period))")
  }

  /// The live expenses of `replica`, with their instants.
  public static func expenses(of replica: Replica) -> [(instant: Instant, amount: Money)] {
    replica.liveExpenseAmounts
  }

  /// The widget cache as of `instant` from each period's expenses summed.
  public func cache(spent: [BudgetPeriod: Money], at instant: Instant, in calendar: ZoneCalendar) -> BudgetWidgetCache {
    let current = period(at: instant, in: calendar)
    return cache(figures: figures(spent: spent, through: current), current: current, at: instant)
  }

  /// The remaining of every budgeted period up to `current` (the rollover chain of `spent`):
  /// what ``cache(spent:at:in:)`` needs besides the instant.
  ///
  /// The budgeted periods are consecutive and already in period order, one budget each, all in
  /// the income's currency, so the chain is a running sum: a period's remaining is the sum of
  /// the own deltas (income − spent) up to it, as `RolloverChain`'s available-to-spend, which
  /// the tests check it against. (The chain's general checks and ids cost several times the
  /// sum, and this runs at every data change.)
  func figures(spent: [BudgetPeriod: Money], through current: BudgetPeriod) -> [PeriodFigures] {
    var figures: [PeriodFigures] = []
    // One period per month from the first budget's (appending one at a time grew the array at
    // each of the first few, at every data change).
    figures.reserveCapacity(max(0, (current.year - firstPeriod.year) * 12 + current.month - firstPeriod.month + 1))
    var period = firstPeriod
    var running = Money.zero(income.currency)
    // Bounded: one step per period from the first budget to `current`.
    while period <= current {
      let delta = income - (spent[period] ?? .zero(income.currency))
      figures.append(PeriodFigures(period: period, budgetID: nil, remaining: running + delta))
      running += delta
      period = period.next
    }
    precondition(figures.last.map { $0.period == current } ?? (current < firstPeriod), "the figures end before \(current)")
    return figures
  }

  /// The widget cache as of `instant`, in the period `current`, from the ``figures(spent:through:)``
  /// up to it.
  func cache(figures: [PeriodFigures], current: BudgetPeriod, at instant: Instant) -> BudgetWidgetCache {
    // The figures of `current`'s year, in order, in an array made once at its size (a year names
    // at most twelve periods; `filter` grew its array one figure at a time).
    var yearMonths: [PeriodFigures] = []
    yearMonths.reserveCapacity(min(12, figures.count))
    for figure in figures where figure.period.year == current.year { yearMonths.append(figure) }
    do {
      return try BudgetWidgetCache(
        asOf: instant, currency: income.currency, payDay: periods.payDay, current: figures.last { $0.period == current },
        year: current.year, yearMonths: yearMonths)
    } catch {
      preconditionFailure("the app's budgets are consistent: \(error)")
    }
  }

  /// What a budget widget of `kind` (and the app, which shows the current period's) shows of
  /// `cache` at `instant`.
  public static func model(
    _ cache: BudgetWidgetCache?, kind: BudgetWidgetKind, at instant: Instant, in calendar: ZoneCalendar
  )
    -> BudgetWidgetModel
  {
    BudgetWidgetProjection(cache: cache, kind: kind, calendar: calendar).model(at: instant)
  }
}
