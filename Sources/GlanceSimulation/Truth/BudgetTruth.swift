import Foundation
import GlanceKernel

/// The budget's truth (Pulpe): every pay period from the one the run starts in has a budget
/// with ``PersonSettings/income``; the person enters, deletes and amends expenses
/// (``BudgetPerson``), an amended expense keeping its date, so its period.
/// What the app and the widgets should show is the kernel's widget projection of a cache made
/// with the kernel's `BudgetMetrics` and `RolloverChain`, expenses placed in periods by their
/// local date in the device's zone.
///
/// ## Laws
/// - A period's `remaining` is its rollover (the own deltas of every earlier budget of the run)
///   plus the income, minus its expenses: `RolloverChain`'s available-to-spend, checked against
///   `BudgetMetrics.remaining`.
/// - The year overview has a cell for each budgeted month of the current period's year; the
///   current period's is highlighted.
/// - The watch changes nothing (the budget has none).
struct BudgetTruth: DomainModel {
  static let surfaces: [Surface] = [.app, .widget, .yearWidget]

  let periods: PayPeriods
  /// The period the run starts in: the first with a budget.
  let firstPeriod: BudgetPeriod
  private var expenses: [Record] = []
  private var amounts: [EventID: Money] = [:]
  private var version = 0
  private var memo: (key: BudgetMemoKey, cache: BudgetWidgetCache)? = nil
  /// Each period's expenses, summed, with the zone whose local dates placed them: kept up to
  /// date as expenses come and go, rebuilt when the device's zone changes.
  private var spent: (zone: String, byPeriod: [BudgetPeriod: Money])? = nil
  /// Each period's own delta and remaining for the sum and rollover they were last computed
  /// from (`figures`).
  private var metricsByPeriod: [BudgetPeriod: (sum: Money, rollover: Money, ownDelta: Money, remaining: Money)] = [:]

  /// Pulpe's metrics of `period`'s budget: the income, one expense transaction of `spent` (none
  /// when it is zero), and `rollover`.
  private static func metrics(of period: BudgetPeriod, spent: Money, rollover: Money) throws -> BudgetMetrics {
    let lines = [try BudgetLine(id: "income", kind: .income, amount: PersonSettings.income)]
    guard spent != .zero(.chf) else { return try BudgetMetrics(lines: lines, transactions: [], rollover: rollover) }
    let expense: BudgetTransaction
    do {
      expense = try BudgetTransaction(id: "expenses-" + period.description, kind: .expense, amount: spent, lineID: nil)
    } catch {
      preconditionFailure("a period's entered expenses sum to a positive amount: \(error)")
    }
    return try BudgetMetrics(lines: lines, transactions: [expense], rollover: rollover)
  }

  init(scenario: Scenario, start: Instant, calendar: ZoneCalendar) {
    periods = PayPeriods(payDay: PayDay(clamping: scenario.payDay))
    firstPeriod = periods.period(containing: calendar.date(containing: start))
  }

  var liveRecords: [Record] { expenses }

  mutating func apply(_ deed: Deed, at instant: Instant, on device: Device, in calendar: ZoneCalendar) {
    switch deed {
    case .expense(let record, let submitted):
      insertExpense(record, amount: submitted.amount, in: calendar)
    case .remove(let target):
      removeExpense(target, in: calendar)
    case .amend(let target, let replacement, let submitted):
      removeExpense(target, in: calendar)
      insertExpense(replacement, amount: submitted.amount, in: calendar)
    case .add, .complete, .uncomplete, .editTasks:
      preconditionFailure("the budget's person means no \(deed)")
    }
    version += 1
  }

  private mutating func insertExpense(_ record: Record, amount: Money, in calendar: ZoneCalendar) {
    expenses.insertSorted(record)
    amounts[record.id] = amount
    addToSpent(amount, of: record, in: calendar)
  }

  private mutating func removeExpense(_ record: Record, in calendar: ZoneCalendar) {
    expenses.removeSorted(record)
    if let amount = amounts.removeValue(forKey: record.id) { addToSpent(.zero(.chf) - amount, of: record, in: calendar) }
  }

  /// Adds `amount` to the sum of `record`'s period, when the sums are in `calendar`'s zone (else
  /// they are rebuilt when next read).
  private mutating func addToSpent(_ amount: Money, of record: Record, in calendar: ZoneCalendar) {
    guard spent?.zone == calendar.identifier else { return }
    let period = period(of: record, in: calendar)
    spent?.byPeriod[period, default: .zero(.chf)] += amount
  }

  /// Each period's expenses summed, their local dates read in `calendar`'s zone.
  private mutating func spentByPeriod(in calendar: ZoneCalendar) -> [BudgetPeriod: Money] {
    if let spent, spent.zone == calendar.identifier { return spent.byPeriod }
    var byPeriod: [BudgetPeriod: Money] = [:]
    for record in expenses {
      guard let amount = amounts[record.id] else { continue }
      byPeriod[period(of: record, in: calendar), default: .zero(.chf)] += amount
    }
    spent = (calendar.identifier, byPeriod)
    return byPeriod
  }

  private func period(of record: Record, in calendar: ZoneCalendar) -> BudgetPeriod {
    periods.period(containing: calendar.date(containing: record.instant))
  }

  mutating func expected(on surface: Surface, at instant: Instant, today: DayInterval, in calendar: ZoneCalendar) -> Display {
    // The projections change only at period boundaries (their change points): one per period.
    let key = memoKey(today: today, in: calendar)
    let slot = surface == .yearWidget ? 1 : 0
    if let shown = shownMemo[slot], shown.key == key { return shown.display }
    let display = project(cache(for: key, at: instant, in: calendar), on: surface, at: instant, in: calendar)
    shownMemo[slot] = (key, display)
    return display
  }

  /// What the current-period surfaces (0: the app and the widget show the same model) and the
  /// year widget (1) show of the current cache, for the key the cache was made for.
  private var shownMemo: [(key: BudgetMemoKey, display: Display)?] = [nil, nil]

  /// The last local day asked about and its pay period (most observations fall on the same day).
  private var periodOfToday: (today: DayInterval, period: BudgetPeriod)? = nil

  /// What the figures shown `today` in `calendar`'s zone depend on besides the records.
  private mutating func memoKey(today: DayInterval, in calendar: ZoneCalendar) -> BudgetMemoKey {
    let current: BudgetPeriod
    if let known = periodOfToday, known.today == today {
      current = known.period
    } else {
      current = periods.period(containing: today.date)
      periodOfToday = (today, current)
    }
    return BudgetMemoKey(version: version, period: current, zone: calendar.identifier)
  }

  private func project(_ cache: BudgetWidgetCache, on surface: Surface, at instant: Instant, in calendar: ZoneCalendar) -> Display {
    let kind: BudgetWidgetKind = surface == .yearWidget ? .yearOverview : .currentPeriod(.small)
    precondition(surface != .watch, "the budget has no watch")
    switch BudgetWidgetProjection(cache: cache, kind: kind, calendar: calendar).model(at: instant) {
    case .currentPeriod(let model): return .currentPeriod(model)
    case .yearOverview(let model): return .yearOverview(model)
    }
  }

  /// The figures every surface is drawn from, for `key` (made by ``memoKey(today:in:)``), as of
  /// `instant`.
  private mutating func cache(for key: BudgetMemoKey, at instant: Instant, in calendar: ZoneCalendar) -> BudgetWidgetCache {
    if let memo, memo.key == key { return memo.cache }
    let current = key.period
    let figures = figures(through: current, spent: spentByPeriod(in: calendar))
    do {
      let cache = try BudgetWidgetCache(
        asOf: instant, currency: .chf, payDay: periods.payDay, current: figures.last { $0.period == current },
        year: current.year, yearMonths: figures.filter { $0.period.year == current.year })
      memo = (key, cache)
      return cache
    } catch {
      preconditionFailure("the truth's figures make a consistent cache: \(error)")
    }
  }

  /// The text of each period from ``firstPeriod`` on, in order: its budget's id in the chain.
  private var budgetIDs: [String] = []

  /// Every budget's figures from ``firstPeriod`` through `current`, in period order, from each
  /// period's expenses summed (Pulpe's metrics depend on a period's expenses through their sum
  /// only: `BudgetMetrics` is given one expense transaction of that sum). In period order, each
  /// period's metrics are taken with the rollover of every earlier own delta (its own delta does
  /// not depend on the rollover), and kept while its sum and rollover stay the same (an expense
  /// changes one period's sum, and the rollovers of the periods after it). The chain is built
  /// anew each time from the own deltas and checked against every period's metrics.
  private mutating func figures(through current: BudgetPeriod, spent sums: [BudgetPeriod: Money]) -> [PeriodFigures] {
    guard firstPeriod <= current else { return [] }
    var budgeted: [BudgetPeriod] = [firstPeriod]
    while budgeted[budgeted.count - 1] < current { budgeted.append(budgeted[budgeted.count - 1].next) }
    do {
      var rollover = Money.zero(.chf)
      var deltas: [RolloverChain.BudgetDelta] = []
      var remainings: [Money] = []
      // The chain's budget ids, one per period from the first (made once: a period's text is dear).
      while budgetIDs.count < budgeted.count { budgetIDs.append(budgeted[budgetIDs.count].description) }
      for (index, period) in budgeted.enumerated() {
        let sum = sums[period] ?? .zero(.chf)
        let kept: (sum: Money, rollover: Money, ownDelta: Money, remaining: Money)
        if let known = metricsByPeriod[period], known.sum == sum, known.rollover == rollover {
          kept = known
        } else {
          let metrics = try Self.metrics(of: period, spent: sum, rollover: rollover)
          kept = (sum, rollover, metrics.ownDelta, metrics.remaining)
          metricsByPeriod[period] = kept
        }
        deltas.append(try RolloverChain.BudgetDelta(id: budgetIDs[index], period: period, ownDelta: kept.ownDelta))
        remainings.append(kept.remaining)
        rollover += kept.ownDelta
      }
      let chain = try RolloverChain(budgets: deltas, currency: .chf)
      return budgeted.indices.map { index in
        let (period, balance) = (budgeted[index], chain.balances[index])
        precondition(
          balance.period == period && remainings[index] == balance.availableToSpend, "\(period): metrics and chain disagree")
        return PeriodFigures(period: period, budgetID: nil, remaining: remainings[index])
      }
    } catch {
      preconditionFailure("the truth's budgets are consistent: \(error)")
    }
  }
}
