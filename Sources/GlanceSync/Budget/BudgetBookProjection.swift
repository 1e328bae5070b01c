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

  public init(book: BudgetBook, spent: [BudgetPeriod: Money], kind: BudgetWidgetKind, calendar: ZoneCalendar) {
    self.book = book
    self.spent = spent
    self.kind = kind
    self.calendar = calendar
  }

  public func model(at instant: Instant) -> BudgetWidgetModel {
    BudgetBook.model(book.cache(spent: spent, at: instant, in: calendar), kind: kind, at: instant, in: calendar)
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
