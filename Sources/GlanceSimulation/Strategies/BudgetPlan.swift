import Foundation
import GlanceKernel

/// The budget the person keeps in the budget domain: the same income every pay period, and
/// expenses entered with Pulpe's quick-amount chips (10, 15, 20 or 30 francs, which one drawn
/// from the expense's instant). What a surface shows is the current period's `remaining`, in
/// Rappen; the widget's empty state ("Ouvre Pulpe") is ``emptyState``. Periods are dated in the
/// zone the device is in (`calendar`, passed in: it changes when the person travels).
struct BudgetPlan {
  /// Income of every period: 5 000 CHF, in Rappen.
  static let incomeMinorUnits = 500_000
  /// How the simulator writes the widget's empty state in a timeline of integers.
  static let emptyState = Int.min

  let periods: PayPeriods
  /// The last period's instants, by zone: every surface asks for the current period's interval
  /// at every event, and it changes once a month (or when the person travels).
  private let lastInterval = IntervalMemo()

  init(payDay: Int) {
    self.periods = PayPeriods(payDay: PayDay(clamping: payDay))
  }

  /// A memo of one answer of ``interval(of:in:)``: a pure function's last value, so sharing it
  /// between copies of a plan (or threads) never changes what they compute.
  private final class IntervalMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var key: (period: BudgetPeriod, zone: String)?
    private var value: Range<Instant>?

    func value(for period: BudgetPeriod, in zone: String, _ compute: () -> Range<Instant>) -> Range<Instant> {
      lock.lock()
      defer { lock.unlock() }
      if let key, key.period == period, key.zone == zone, let value { return value }
      let computed = compute()
      (key, value) = ((period, zone), computed)
      return computed
    }
  }

  /// The amount of the expense entered at `instant`, in Rappen.
  static func amount(at instant: Instant) -> Int {
    [1_000, 1_500, 2_000, 3_000][Int(UInt64(bitPattern: instant.millisecondsSince1970) % 4)]
  }

  /// The period containing `instant` in the device's zone.
  func period(at instant: Instant, in calendar: ZoneCalendar) -> BudgetPeriod {
    periods.period(containing: calendar.date(containing: instant))
  }

  /// The first instant of the period's first date (the next existing day when that date was
  /// skipped).
  func start(of period: BudgetPeriod, in calendar: ZoneCalendar) -> Instant {
    var date = periods.firstDate(of: period)
    for _ in 0..<3 {
      if let day = calendar.dayInterval(of: date) { return day.start }
      date = date.adding(days: 1)
    }
    preconditionFailure("\(calendar.identifier) has no day near \(date)")
  }

  /// The instants of `period`: `[start, start of the next period)`.
  func interval(of period: BudgetPeriod, in calendar: ZoneCalendar) -> Range<Instant> {
    lastInterval.value(for: period, in: calendar.identifier) {
      start(of: period, in: calendar)..<start(of: period.next, in: calendar)
    }
  }

  /// `remaining` of the period containing `instant`: income minus the expenses entered in it.
  func remaining(at instant: Instant, expenses: SortedInstants, in calendar: ZoneCalendar) -> Int {
    let current = interval(of: period(at: instant, in: calendar), in: calendar)
    return Self.incomeMinorUnits - expenses.values(in: current).reduce(0) { $0 + Self.amount(at: $1) }
  }

  /// What an in-app action does to the app's expenses, whatever the sync design: "+" enters an
  /// expense, a delete removes the current period's latest; anything else does nothing.
  func apply(_ action: PlannedAction, to expenses: inout SortedInstants, at now: Instant, in calendar: ZoneCalendar) -> TruthEffect {
    switch action.kind {
    case .appTap:
      expenses.insert(action.time)
      return .add(action.time)
    case .appDelete:
      guard let latest = expenses.values(in: interval(of: period(at: now, in: calendar), in: calendar)).last else { return .none }
      expenses.remove(latest)
      return .remove(latest)
    case .appOpen, .widgetTap, .watchTap:
      return .none  // the widget's "+" opens the app; there is no watch
    }
  }
}
