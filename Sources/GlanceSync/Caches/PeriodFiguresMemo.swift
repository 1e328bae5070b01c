import GlanceKernel

/// The rollover figures a budget provider last worked out, for the sums they came from: a
/// timeline asks for the figures of now's period and of the next period's first instant at
/// every reload, and the app for now's, while the sums stay the same between changes.
///
/// One belongs to one provider, used from one thread at a time (an app's main actor, a widget
/// extension's provider, a simulated run), which is why it may be `Sendable` unchecked.
///
/// ## Laws
/// - `figures(of: book, spent: s, through: p)` equals `book.figures(spent: s, through: p)`:
///   an entry is used only for equal sums, the same book and the same period.
final class PeriodFiguresMemo: @unchecked Sendable {
  private var spent: [BudgetPeriod: Money] = [:]
  private var book: BudgetBook? = nil
  /// The last periods asked for, most recent last (at most `capacity`).
  private var entries: [(period: BudgetPeriod, figures: [PeriodFigures])] = []
  private let capacity = 4

  func figures(of book: BudgetBook, spent: [BudgetPeriod: Money], through current: BudgetPeriod) -> [PeriodFigures] {
    if self.book != book || self.spent != spent {
      self.book = book
      self.spent = spent
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
