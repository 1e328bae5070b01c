public import GlanceKernel

/// What a budget widget shows as time passes, from the expenses known when its timeline is
/// planned, in the zone the device is in then: it changes only at pay-period boundaries.
///
/// ## Laws
/// - `model(at: t) == BudgetBook.model(book.cache(spent: spent, at: t, in: calendar), kind: kind, at: t, in: calendar)`.
/// - Change points are the first instants of pay periods (they depend on the pay day alone).
public struct BudgetBookProjection: TimelineProjection {
  public let book: BudgetBook
  /// Each period's expenses summed, once for the whole timeline.
  public let spent: [BudgetPeriod: Money]
  public let kind: BudgetWidgetKind
  public let calendar: ZoneCalendar
  /// The provider's memo of the rollover figures (none for a projection made by hand).
  private let memo: PeriodFiguresMemo?

  public init(book: BudgetBook, spent: [BudgetPeriod: Money], kind: BudgetWidgetKind, calendar: ZoneCalendar) {
    self.init(book: book, spent: spent, kind: kind, calendar: calendar, memo: nil)
  }

  /// A projection whose figures come through the provider's `memo`.
  init(book: BudgetBook, spent: [BudgetPeriod: Money], kind: BudgetWidgetKind, calendar: ZoneCalendar, memo: PeriodFiguresMemo?) {
    self.book = book
    self.spent = spent
    self.kind = kind
    self.calendar = calendar
    self.memo = memo
  }

  public func model(at instant: Instant) -> BudgetWidgetModel {
    guard let memo else {
      return BudgetBook.model(book.cache(spent: spent, at: instant, in: calendar), kind: kind, at: instant, in: calendar)
    }
    let current = book.period(at: instant, in: calendar)
    let cache = book.cache(figures: memo.figures(of: book, spent: spent, through: current), current: current, at: instant)
    return BudgetBook.model(cache, kind: kind, at: instant, in: calendar)
  }

  /// The next period's first instant, as the kernel's budget projection finds it (its change
  /// points depend on the pay day alone, so an empty cache will do).
  public func nextChangePoint(after instant: Instant) -> Instant? {
    do {
      let cache = try BudgetWidgetCache(
        asOf: instant, currency: book.income.currency, payDay: book.periods.payDay, current: nil,
        year: book.period(at: instant, in: calendar).year, yearMonths: [])
      return BudgetWidgetProjection(cache: cache, kind: .yearOverview, calendar: calendar).nextChangePoint(after: instant)
    } catch {
      preconditionFailure("an empty cache is consistent: \(error)")
    }
  }
}
