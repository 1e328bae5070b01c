import GlanceKernel

/// Each pay period's live expenses summed, folded as the log's events arrive: a provider reads
/// its store's change feed (``ChangeCountingEventLog/events(sinceChangeCount:)``) and adds what
/// was written since it last looked, instead of summing every expense of the log again.
///
/// One belongs to one provider over one store, used from one thread at a time (an app's main
/// actor, a widget extension's provider, a simulated run), which is why it may be `Sendable`
/// unchecked.
///
/// ## Laws
/// - `spent(of: log, book: b, in: c)` equals `b.spent(BudgetBook.expenses(of: log.replica()), in: c)`
///   (the same periods with the same sums): an expense is live while no `remove` targets it,
///   whatever the order the two arrive in, and Money is exact, so the order of the additions
///   never changes a sum.
/// - From a log that does not count its changes, or cannot hand out its feed, or another log
///   than the one folded so far, the sums are made anew from the whole log.
final class ExpenseSums: @unchecked Sendable {
  private struct State {
    var count: Int
    let zone: String
    /// The log folded (a class's identity; a value's box is new at each read, so never matches).
    let log: ObjectIdentifier
    /// Every expense seen (live or not), by id (looked up, never iterated).
    var expenses: [EventID: (period: BudgetPeriod, amount: Money)] = [:]
    /// Every id a removal targets (looked up, never iterated).
    var removed: Set<EventID> = []
    /// The sum and the number of the live expenses of each period that has one.
    var sums: [BudgetPeriod: (sum: Money, live: Int)] = [:]
    var spent: [BudgetPeriod: Money] = [:]
  }

  private var state: State? = nil

  func spent(of log: some EventLog, book: BudgetBook, in calendar: ZoneCalendar) throws -> [BudgetPeriod: Money] {
    guard let counting = log as? any ChangeCountingEventLog else {
      return book.spent(BudgetBook.expenses(of: try log.replica()), in: calendar)
    }
    let count = counting.changeCount
    let identity = ObjectIdentifier(counting as AnyObject)
    if var state, state.zone == calendar.identifier, state.log == identity {
      if state.count == count { return state.spent }
      if count > state.count, let added = counting.events(sinceChangeCount: state.count) {
        self.state = nil  // while folding: a throw below leaves no half-folded state
        for event in added { Self.fold(event, into: &state, book: book, calendar: calendar) }
        state.count = count
        self.state = state
        return state.spent
      }
    }
    self.state = nil
    var fresh = State(count: count, zone: calendar.identifier, log: identity)
    var found: [(id: EventID, instant: Instant, amount: Money)] = []
    for event in try log.replica().events {
      switch event.kind {
      case .expense(let amount, _): found.append((event.id, event.instant, amount))
      case .remove(let target): fresh.removed.insert(target)
      case .add, .complete, .uncomplete, .defineTask, .removeTask, .defineStep, .removeStep: break
      }
    }
    // The whole log at once: each expense's period by binary search (``BudgetBook/spent(_:in:)``'s way).
    for (expense, period) in zip(found, book.periods(of: found.map(\.instant), in: calendar)) {
      fresh.expenses[expense.id] = (period, expense.amount)
      guard !fresh.removed.contains(expense.id) else { continue }
      let (sum, live) = fresh.sums[period] ?? (.zero(expense.amount.currency), 0)
      let total = sum + expense.amount
      fresh.sums[period] = (total, live + 1)
      fresh.spent[period] = total
    }
    state = fresh
    return fresh.spent
  }

  private static func fold(_ event: Event, into state: inout State, book: BudgetBook, calendar: ZoneCalendar) {
    switch event.kind {
    case .expense(let amount, _):
      guard state.expenses[event.id] == nil else { return }
      let period = book.period(at: event.instant, in: calendar)
      state.expenses[event.id] = (period, amount)
      guard !state.removed.contains(event.id) else { return }
      let (sum, live) = state.sums[period] ?? (.zero(amount.currency), 0)
      let total = sum + amount
      state.sums[period] = (total, live + 1)
      state.spent[period] = total
    case .remove(let target):
      guard state.removed.insert(target).inserted, let expense = state.expenses[target],
        let (sum, live) = state.sums[expense.period]
      else { return }
      if live == 1 {
        state.sums[expense.period] = nil
        state.spent[expense.period] = nil
      } else {
        let total = sum - expense.amount
        state.sums[expense.period] = (total, live - 1)
        state.spent[expense.period] = total
      }
    case .add, .complete, .uncomplete, .defineTask, .removeTask, .defineStep, .removeStep:
      return
    }
  }
}
