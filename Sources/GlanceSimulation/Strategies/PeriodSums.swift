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
/// - `sums(version: v, rewrites: r, of: { e }, in: c, book: b)` equals `b.spent(e, in: c)`, as
///   long as the design keeps its side: between two calls with the same `r`, its expenses only
///   grew at their end (checked in debug builds), and a call with the same `v` passes the same
///   expenses.
final class PeriodSums {
  private var key: (version: Int, rewrites: Int, zone: String)? = nil
  private var folded: [(instant: Instant, amount: Money)] = []
  private var sums: [BudgetPeriod: Money] = [:]

  /// The sums of `expenses()` by period, read in `calendar`'s zone; `expenses` is only called
  /// when `version` or the zone changed since the last call.
  func sums(
    version: Int, rewrites: Int, of expenses: () -> [(instant: Instant, amount: Money)], in calendar: ZoneCalendar,
    book: BudgetBook
  ) -> [BudgetPeriod: Money] {
    if let key, key.version == version, key.zone == calendar.identifier { return sums }
    let current = expenses()
    let extends = key?.zone == calendar.identifier && key?.rewrites == rewrites && folded.count <= current.count
    assert(
      !extends || zip(folded, current).allSatisfy { $0.instant == $1.instant && $0.amount == $1.amount },
      "expenses changed other than at their end without a rewrite")
    if !extends { sums = [:] }
    for expense in current[(extends ? folded.count : 0)...] {
      sums[book.period(at: expense.instant, in: calendar), default: .zero(.chf)] += expense.amount
    }
    folded = current
    key = (version, rewrites, calendar.identifier)
    return sums
  }
}
