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
/// - Two calls after which ``generation`` is the same returned equal sums: it changes whenever
///   the sums are folded or made anew (``BudgetModelMemo`` and ``PeriodFiguresMemo`` rely on this).
final class ExpenseSums: @unchecked Sendable {
  private struct State {
    var count: Int
    let zone: String
    /// The log folded (a class's identity; a value's box is new at each read, so never matches).
    let log: ObjectIdentifier
    /// Every id a removal targets (looked up, never iterated).
    var removed: Set<EventID> = []
    /// The sum and the number of the live expenses of each period that has one.
    var sums: [BudgetPeriod: (sum: Money, live: Int)] = [:]
    var spent: [BudgetPeriod: Money] = [:]

    /// Adds `amount`, the sum of `live` more live expenses (one unless said), to `period`.
    mutating func add(_ amount: Money, live: Int = 1, to period: BudgetPeriod) {
      // The period's entry is updated in place: one hash of the period for `sums`, one for `spent`.
      let total = Self.count(amount, live: live, into: &sums[period, default: (.zero(amount.currency), 0)])
      spent[period] = total
    }

    /// Adds `amount` to `entry` as `live` more live expenses; returns the new sum.
    private static func count(_ amount: Money, live: Int, into entry: inout (sum: Money, live: Int)) -> Money {
      entry.sum += amount
      entry.live += live
      return entry.sum
    }

    mutating func subtract(_ amount: Money, from period: BudgetPeriod) {
      guard let (sum, live) = sums[period] else { return }
      if live == 1 {
        sums[period] = nil
        spent[period] = nil
      } else {
        let total = sum - amount
        sums[period] = (total, live - 1)
        spent[period] = total
      }
    }
  }

  private var state: State? = nil
  private let lookup = ChangeCountingLookup()
  /// Counts the sums this fold handed out that may differ from the ones before: what the memos
  /// of the figures and models key on instead of comparing sums.
  private(set) var generation = 0

  func spent(of log: some EventLog, book: BudgetBook, in calendar: ZoneCalendar) throws -> [BudgetPeriod: Money] {
    guard let counting = lookup.view(of: log) else {
      generation += 1
      return book.spent(BudgetBook.expenses(of: try log.replica()), in: calendar)
    }
    let count = counting.changeCount
    let identity = counting.logIdentity
    if var state, state.zone == calendar.identifier, state.log == identity {
      if state.count == count { return state.spent }
      if count > state.count, let added = counting.events(sinceChangeCount: state.count) {
        self.state = nil  // while folding: a throw below leaves no half-folded state
        generation += 1
        var replica: Replica? = nil
        for (position, event) in added.enumerated() {
          switch event.kind {
          case .expense(let amount, _):
            if !state.removed.contains(event.id) { state.add(amount, to: book.period(at: event.instant, in: calendar)) }
          case .remove(let target):
            guard state.removed.insert(target).inserted,
              let found = try FeedFold.folded(target, before: position, of: added, in: log, replica: &replica),
              case .expense(let amount, _) = found.kind
            else { continue }
            state.subtract(amount, from: book.period(at: found.instant, in: calendar))
          case .add, .complete, .uncomplete, .defineTask, .removeTask, .defineStep, .removeStep:
            continue
          }
        }
        state.count = count
        self.state = state
        return state.spent
      }
    }
    self.state = nil
    generation += 1
    var fresh = State(count: count, zone: calendar.identifier, log: identity)
    let replica = try log.replica()
    fresh.removed = FeedFold.removalTargets(of: replica)
    let live = BudgetBook.expenses(of: replica)
    // The whole log at once: each expense's period by binary search (`BudgetBook.spent`'s way),
    // summed by runs of one period (expenses come in id order, which follows time on each
    // device), so a period is looked up once per run rather than once per expense.
    let periods = book.periods(of: live.map(\.instant), in: calendar)
    var start = 0
    while start < live.count {
      var (sum, end) = (live[start].amount, start + 1)
      while end < live.count && periods[end] == periods[start] {
        sum += live[end].amount
        end += 1
      }
      fresh.add(sum, live: end - start, to: periods[start])
      start = end
    }
    state = fresh
    return fresh.spent
  }
}
