import GlanceKernel
import GlanceSync

/// Each pay period's expenses summed, as a budget design reads them after every change: folded
/// as expenses arrive instead of summed again from the first one.
///
/// A design's expenses mostly grow at their end. The design counts its other changes (a
/// removal, an edit: `rewrites`); while that count and the zone stay the same, only the expenses
/// after those already folded are added. Otherwise the fold starts over. Money is exact, so the
/// order of the additions never changes a sum.
///
/// Like ``Memo``, a `PeriodSums` belongs to one design of one run and is never read by two
/// threads.
///
/// ## Laws
/// - `sums(version: v, rewrites: r, count: n, expense: e, in: c, book: b)` equals
///   `b.spent((0..<n).map(e), in: c)`, as long as the design keeps its side: between two calls
///   with the same `r`, its expenses only grew at their end (the last one folded is checked in
///   debug builds), and a call with the same `v` passes the same expenses. Only the expenses
///   not folded yet are read (`e` of their index): a change costs what it added, not a copy of
///   every expense.
final class PeriodSums {
  /// What the sums were folded for: the log's version and rewrites, and the zone.
  ///
  /// Read at every display of a budget design, like the sums: exempt from the dynamic
  /// exclusivity check, whose thread-local lookup cost more than the read. Safe: a design's sums
  /// are used by one thread, and no access to them overlaps another (`expense` reads the
  /// design's log, never these).
  @exclusivity(unchecked) private var key: (version: Int, rewrites: Int, zone: String)? = nil
  /// How many expenses are folded, and the last of them (for the debug check).
  @exclusivity(unchecked) private var folded = 0
  @exclusivity(unchecked) private var lastFolded: (instant: Instant, amount: Money)? = nil
  @exclusivity(unchecked) private var sums: [BudgetPeriod: Money] = [:]

  /// The sums by period of the `count` expenses `expense(0)…expense(count - 1)`, read in
  /// `calendar`'s zone; `expense` is only called when `version` or the zone changed since the
  /// last call, and then for the expenses not folded yet.
  func sums(
    version: Int, rewrites: Int, count: Int, expense: (Int) -> (instant: Instant, amount: Money), in calendar: ZoneCalendar,
    book: BudgetBook
  ) -> [BudgetPeriod: Money] {
    if let key, key.version == version, key.zone == calendar.identifier { return sums }
    let extends = key?.zone == calendar.identifier && key?.rewrites == rewrites && folded <= count
    assert(
      !extends || folded == 0 || lastFolded.map { expense(folded - 1) == $0 } ?? false,
      "expenses changed other than at their end without a rewrite")
    if !extends { sums = [:] }
    // Expenses come in runs on one local day, so the last day's interval answers most of them,
    // and a run of one period is summed before it is added to its period's sum.
    var day: (interval: DayInterval, period: BudgetPeriod)? = nil
    var run: (period: BudgetPeriod, sum: Money)? = nil
    for index in (extends ? folded : 0)..<count {
      let next = expense(index)
      let period: BudgetPeriod
      if let day, day.interval.contains(next.instant) {
        period = day.period
      } else {
        let interval = calendar.dayInterval(containing: next.instant)
        period = book.period(on: interval.date)
        day = (interval, period)
      }
      if let open = run, open.period == period {
        run = (period, open.sum + next.amount)
      } else {
        if let open = run { sums[open.period, default: .zero(.chf)] += open.sum }
        run = (period, next.amount)
      }
    }
    if let open = run { sums[open.period, default: .zero(.chf)] += open.sum }
    folded = count
    lastFolded = count > 0 ? expense(count - 1) : nil
    key = (version, rewrites, calendar.identifier)
    return sums
  }
}
