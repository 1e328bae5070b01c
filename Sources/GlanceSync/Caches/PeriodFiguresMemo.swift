import GlanceKernel

/// The rollover figures a budget provider last worked out, for the sums they came from: a
/// timeline asks for the figures of now's period and of the next period's first instant at
/// every reload, and the app for now's, while the sums stay the same between changes.
///
/// One belongs to one provider, used from one thread at a time (an app's main actor, a widget
/// extension's provider, a simulated run), which is why it may be `Sendable` unchecked.
///
/// The caller names the sums by the generation ``ExpenseSums`` hands out with them, and the memo
/// never compares sums (a comparison costs a hash of every period).
///
/// ## Laws
/// - `figures(of: book, generation: g, spent: s, through: p)` equals `book.figures(spent: s, through: p)`
///   whenever every call with generation `g` passed the same sums `s`: an entry is used only for
///   the same generation, the same book and the same period.
final class PeriodFiguresMemo: @unchecked Sendable {
  /// What the figures kept were computed from: the generation and the book.
  ///
  /// Read at every model a provider makes, like ``entries``: exempt from the dynamic
  /// exclusivity check, whose thread-local lookup cost more than the read. Safe: a memo is used
  /// from one thread at a time, and no access to it overlaps another.
  @exclusivity(unchecked) private var generation: Int? = nil
  @exclusivity(unchecked) private var book: BudgetBook? = nil
  /// The last periods asked for, most recent last (at most `capacity`).
  @exclusivity(unchecked) private var entries: [(period: BudgetPeriod, figures: [PeriodFigures])] = []
  private let capacity = 4

  func figures(
    of book: BudgetBook, generation: Int, spent: [BudgetPeriod: Money], through current: BudgetPeriod
  ) -> [PeriodFigures] {
    if self.book != book || self.generation != generation {
      self.book = book
      self.generation = generation
      entries.removeAll(keepingCapacity: true)
    } else if let index = entries.lastIndex(where: { $0.period == current }) {
      return entries[index].figures
    }
    let figures = book.figures(spent: spent, through: current)
    if entries.count == capacity { entries.removeFirst() }
    entries.append((current, figures))
    return figures
  }
}
