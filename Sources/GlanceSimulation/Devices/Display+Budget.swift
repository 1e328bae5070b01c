import GlanceKernel
import GlanceSync

extension Display {
  /// The display of a budget widget's model.
  init(_ model: BudgetWidgetModel) {
    switch model {
    case .currentPeriod(let model): self = .currentPeriod(model)
    case .yearOverview(let model): self = .yearOverview(model)
    }
  }

  /// What a budget surface shows of `cache` at `instant`: `widget` names the year overview or
  /// the current period (which the app shows too).
  static func budget(_ cache: BudgetWidgetCache?, widget: WidgetID, at instant: Instant, in calendar: ZoneCalendar) -> Display {
    Display(BudgetBook.model(cache, kind: widget == .year ? .yearOverview : .currentPeriod(.small), at: instant, in: calendar))
  }
}
