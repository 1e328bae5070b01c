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
  /// The provider's memos of the rollover figures and the models, and the generation of
  /// ``spent`` that names it to them (none for a projection made by hand).
  private let memos: (figures: PeriodFiguresMemo, models: BudgetModelMemo, generation: Int)?

  public init(book: BudgetBook, spent: [BudgetPeriod: Money], kind: BudgetWidgetKind, calendar: ZoneCalendar) {
    self.init(book: book, spent: spent, kind: kind, calendar: calendar, memos: nil)
  }

  /// A projection whose figures, models and change points come through the provider's `memos`;
  /// `generation` is the one ``ExpenseSums`` handed out with `spent`.
  init(
    book: BudgetBook, spent: [BudgetPeriod: Money], kind: BudgetWidgetKind, calendar: ZoneCalendar,
    memos: (figures: PeriodFiguresMemo, models: BudgetModelMemo, generation: Int)?
  ) {
    self.book = book
    self.spent = spent
    self.kind = kind
    self.calendar = calendar
    self.memos = memos
  }

  public func model(at instant: Instant) -> BudgetWidgetModel {
    guard let memos else {
      return BudgetBook.model(book.cache(spent: spent, at: instant, in: calendar), kind: kind, at: instant, in: calendar)
    }
    // The model reads the instant only through its period (the kernel projection's law).
    let current = book.period(at: instant, in: calendar)
    return memos.models.model(generation: memos.generation, kind: kind, period: current) {
      let figures = memos.figures.figures(of: book, generation: memos.generation, spent: spent, through: current)
      let cache = book.cache(figures: figures, current: current, at: instant)
      return BudgetBook.model(cache, kind: kind, at: instant, in: calendar)
    }
  }

  /// The next period's first instant, as the kernel's budget projection finds it (its change
  /// points depend on the pay day alone, so an empty cache will do).
  public func nextChangePoint(after instant: Instant) -> Instant? {
    guard let memos else { return Self.nextChangePoint(after: instant, book: book, calendar: calendar) }
    let current = book.period(at: instant, in: calendar)
    return memos.models.changePoint(zone: calendar.identifier, period: current) {
      Self.nextChangePoint(after: instant, book: book, calendar: calendar)
    }
  }

  private static func nextChangePoint(after instant: Instant, book: BudgetBook, calendar: ZoneCalendar) -> Instant? {
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
