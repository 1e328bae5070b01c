public import Foundation

/// The families of Pulpe's current-period widget ("Budget du mois").
public enum BudgetWidgetFamily: String, Hashable, Sendable, Codable, CaseIterable {
  case small, medium, accessoryRectangular, accessoryCircular, accessoryInline
}

/// Which budget widget to plan.
public enum BudgetWidgetKind: Hashable, Sendable, Codable {
  /// The current period's remaining amount.
  case currentPeriod(BudgetWidgetFamily)
  /// The 12 months of the current period's year.
  case yearOverview
}

/// What the current-period widget shows. Texts are French, as in Pulpe.
public struct CurrentPeriodModel: Hashable, Sendable {
  public static let title = "Budget du mois"
  public static let emptyText = "Ouvre Pulpe"

  public let family: BudgetWidgetFamily
  /// The period shown; `nil` in the empty state.
  public let period: BudgetPeriod?
  /// The figure, `remaining`; `nil` in the empty state.
  public let remaining: Money?
  /// The amount as drawn: compact (`1’235 CHF`), without symbol on the circular family (`1’235`),
  /// followed by "dispo" inline (`1’235 CHF dispo`); "Ouvre Pulpe" when empty.
  public let text: String
  /// "Disponible" (home screen and rectangular), "dispo" (circular), `nil` inline and when empty.
  public let label: String?
  /// Where a tap on the widget goes: the budget when its id is known, else the add-expense sheet.
  public let link: PulpeLink
}

/// One month of the year overview.
public struct YearCell: Hashable, Sendable {
  public let month: Int
  /// The French abbreviated month name, as in `janv.`, `févr.`, `mars`.
  public let monthName: String
  /// The compact remaining, or "—" when that month has no budget.
  public let text: String
  public let remaining: Money?
  /// Whether this is the current period's month.
  public let isCurrent: Bool
  /// The budget to open; only for months that have a budget with a known id.
  public let link: PulpeLink?
}

/// What the year overview ("Vue annuelle") shows: 12 cells, or the empty state.
public struct YearOverviewModel: Hashable, Sendable {
  public static let title = "Vue annuelle"
  public static let monthNames = [
    "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc.",
  ]

  /// The year of the current period; `nil` in the empty state.
  public let year: Int?
  /// Twelve cells, January first; empty in the empty state.
  public let cells: [YearCell]
  /// "Ouvre Pulpe" in the empty state, `nil` otherwise.
  public let emptyText: String?
}

/// The render model of a budget widget.
public enum BudgetWidgetModel: Hashable, Sendable {
  case currentPeriod(CurrentPeriodModel)
  case yearOverview(YearOverviewModel)
}

/// What a budget widget shows at any instant, from the app's cache: the projection the planner's
/// entries must agree with.
///
/// The current period is `PayPeriods.period(containing:)` of the local date of the instant, with
/// the cache's pay day. The current-period widget shows the cached figure only while that period is
/// the cached one, and the empty state otherwise (Pulpe's widget showed a stale month after the
/// period rolled over until an hourly reload). The year overview shows the current period's year
/// only while the cache holds that year. So the model changes with time only at period boundaries
/// (the first instant of a period's first date), which is also where the year changes.
///
/// ## Laws
/// - `model(at:)` is constant on each period of `calendar`'s zone.
/// - A cache of another period (or year) never shows as current; a missing or rejected cache is
///   the empty state.
public struct BudgetWidgetProjection: TimelineProjection {
  public let cache: BudgetWidgetCache?
  /// Why the stored cache was refused, when it was.
  public let loadError: BudgetCacheError?
  public let kind: BudgetWidgetKind
  public let calendar: ZoneCalendar

  /// The projection of a cache the caller already holds (`nil` when there is none).
  public init(cache: BudgetWidgetCache?, kind: BudgetWidgetKind, calendar: ZoneCalendar) {
    self.cache = cache
    self.loadError = nil
    self.kind = kind
    self.calendar = calendar
  }

  /// The projection of the stored cache bytes: missing or refused data is the empty state, and the
  /// refusal is kept in ``loadError``.
  public init(loading data: Data?, kind: BudgetWidgetKind, calendar: ZoneCalendar) {
    var cache: BudgetWidgetCache? = nil
    var loadError: BudgetCacheError? = nil
    if let data {
      do throws(BudgetCacheError) {
        cache = try BudgetWidgetCache.decode(data)
      } catch {
        loadError = error
      }
    }
    self.cache = cache
    self.loadError = loadError
    self.kind = kind
    self.calendar = calendar
  }

  /// The period current at `instant` under the cache's pay day.
  public func period(at instant: Instant) -> BudgetPeriod? {
    guard let cache else { return nil }
    return PayPeriods(payDay: cache.payDay).period(containing: calendar.date(containing: instant))
  }

  public func model(at instant: Instant) -> BudgetWidgetModel {
    let period = period(at: instant)
    switch kind {
    case .currentPeriod(let family):
      let figures = cache?.current.flatMap { $0.period == period ? $0 : nil }
      return .currentPeriod(Self.currentPeriodModel(figures, family: family))
    case .yearOverview:
      guard let cache, let period, cache.year == period.year else {
        return .yearOverview(YearOverviewModel(year: nil, cells: [], emptyText: CurrentPeriodModel.emptyText))
      }
      return .yearOverview(Self.yearModel(cache, current: period))
    }
  }

  /// The first instant of the next period (the first existing instant of its first date).
  public func nextChangePoint(after instant: Instant) -> Instant? {
    guard let cache, let current = period(at: instant) else { return nil }
    var date = PayPeriods(payDay: cache.payDay).firstDate(of: current.next)
    // A first date the zone skipped (Apia 2011-12-30): the period starts with the next day.
    for _ in 0..<3 {
      if let day = calendar.dayInterval(of: date) { return day.start }
      date = date.adding(days: 1)
    }
    preconditionFailure("\(calendar.identifier) has no day near \(date)")
  }

  static func currentPeriodModel(_ figures: PeriodFigures?, family: BudgetWidgetFamily) -> CurrentPeriodModel {
    guard let figures else {
      return CurrentPeriodModel(
        family: family, period: nil, remaining: nil, text: CurrentPeriodModel.emptyText, label: nil,
        link: .addExpense(budgetID: nil))
    }
    let compact = figures.remaining.formatted(.compact)
    let (text, label): (String, String?)
    switch family {
    case .small, .medium, .accessoryRectangular: (text, label) = (compact, "Disponible")
    case .accessoryCircular: (text, label) = (figures.remaining.formatted(.compact.symbol(.omitted)), "dispo")
    case .accessoryInline: (text, label) = (compact + " dispo", nil)
    }
    let link: PulpeLink = figures.budgetID.map { .budget(id: $0) } ?? .addExpense(budgetID: nil)
    return CurrentPeriodModel(
      family: family, period: figures.period, remaining: figures.remaining, text: text, label: label, link: link)
  }

  static func yearModel(_ cache: BudgetWidgetCache, current: BudgetPeriod) -> YearOverviewModel {
    let cells = (1...12).map { month -> YearCell in
      let figures = cache.yearFigures(for: month)
      return YearCell(
        month: month, monthName: YearOverviewModel.monthNames[month - 1],
        text: figures?.remaining.formatted(.compact) ?? "—", remaining: figures?.remaining,
        isCurrent: month == current.month, link: figures?.budgetID.map { .budget(id: $0) })
    }
    return YearOverviewModel(year: cache.year, cells: cells, emptyText: nil)
  }
}

extension TimelinePlanner {
  /// The timeline of a budget widget from the stored cache bytes (`nil` when none), from `now`
  /// to `horizon`: an entry at `now` and at every period boundary before the horizon.
  ///
  /// - Throws: ``TimelineError`` for a bad horizon.
  public static func planBudgetWidget(
    cache data: Data?, kind: BudgetWidgetKind, now: Instant, horizon: Instant, calendar: ZoneCalendar
  ) throws(TimelineError) -> Timeline<BudgetWidgetModel> {
    try plan(BudgetWidgetProjection(loading: data, kind: kind, calendar: calendar), now: now, horizon: horizon)
  }
}
