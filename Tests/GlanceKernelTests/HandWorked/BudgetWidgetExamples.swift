import Foundation
import GlanceKernel
import Testing

/// The current-period and year-overview render models, worked out by hand for a euro budget with
/// pay day 25 in Zurich (Pulpe's widgets have no test of their texts).
@Suite("Hand-worked: the budget widgets' render models")
struct BudgetWidgetExamples {
  static let zurich = BudgetWidgetFixtures.zurich
  static let narrow = "\u{202F}"

  static func euros(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: .eur) }

  /// Written on 10 March 2026 with pay day 25: the 10th is before the 25th, so the tentative
  /// period is February, and a pay day after the 15th names the period after the next month:
  /// March (25 February – 24 March). The year's budgets: January -500.80 €, March 1 234.56 €,
  /// June 0.40 € (no id).
  static func cache() throws -> BudgetWidgetCache {
    let (january, march, june) = (
      BudgetWidgetFixtures.period(2026, 1), BudgetWidgetFixtures.period(2026, 3), BudgetWidgetFixtures.period(2026, 6)
    )
    return try BudgetWidgetCache(
      asOf: DayFixtures.utc("2026-03-10T12:00:00Z"), currency: .eur, payDay: try PayDay(25),
      current: PeriodFigures(period: march, budgetID: BudgetWidgetFixtures.uuid(3), remaining: euros(123_456)), year: 2026,
      yearMonths: [
        PeriodFigures(period: january, budgetID: BudgetWidgetFixtures.uuid(1), remaining: euros(-50_080)),
        PeriodFigures(period: march, budgetID: BudgetWidgetFixtures.uuid(3), remaining: euros(123_456)),
        PeriodFigures(period: june, budgetID: nil, remaining: euros(40)),
      ])
  }

  static func currentModel(_ family: BudgetWidgetFamily, at instant: String) throws -> CurrentPeriodModel? {
    let projection = BudgetWidgetProjection(cache: try cache(), kind: .currentPeriod(family), calendar: zurich)
    guard case .currentPeriod(let model) = projection.model(at: DayFixtures.utc(instant)) else { return nil }
    return model
  }

  /// 1 234.56 € in whole euros, half up: 1 235 €, grouped with U+202F (Pulpe's euro text); the
  /// circular family drops the symbol; the inline one appends "dispo".
  @Test("on 20 March: 1 235 € Disponible, 1 235 dispo on the circular family, 1 235 € dispo inline")
  func currentPeriodFamilies() throws {
    let n = Self.narrow
    let small = try #require(try Self.currentModel(.small, at: "2026-03-20T10:00:00Z"))
    #expect(small.text == "1\(n)235 €" && small.label == "Disponible")
    #expect(small.period == BudgetWidgetFixtures.period(2026, 3) && small.remaining == Self.euros(123_456))
    #expect(small.link == .budget(id: BudgetWidgetFixtures.uuid(3)))
    let circular = try #require(try Self.currentModel(.accessoryCircular, at: "2026-03-20T10:00:00Z"))
    #expect(circular.text == "1\(n)235" && circular.label == "dispo")
    let inline = try #require(try Self.currentModel(.accessoryInline, at: "2026-03-20T10:00:00Z"))
    #expect(inline.text == "1\(n)235 € dispo" && inline.label == nil)
  }

  /// Zurich is on CET (UTC+1) until 29 March 2026, so 24 March 23:59:59 is 22:59:59 UTC (still
  /// March's period) and 25 March 00:00 is 23:00 UTC: the 25th is the pay day, April's period
  /// starts, and the March cache is no longer current: the empty state.
  @Test("the period turns at 25 March 00:00 in Zurich (23:00 UTC): then 'Ouvre Pulpe' and the add sheet")
  func periodBoundary() throws {
    let before = try #require(try Self.currentModel(.medium, at: "2026-03-24T22:59:59Z"))
    #expect(before.remaining == Self.euros(123_456))
    let after = try #require(try Self.currentModel(.medium, at: "2026-03-24T23:00:00Z"))
    #expect(after.text == "Ouvre Pulpe" && after.label == nil && after.period == nil && after.remaining == nil)
    #expect(after.link == .addExpense(budgetID: nil))
  }

  /// The year of the current period (2026), twelve cells from janv. to déc.: January -500.80 € →
  /// -501 € (half away from zero); March 1 235 €, highlighted; June 0.40 € → 0 € (no "-0", no
  /// link: no id); every other month "—" without a link.
  @Test("year overview on 20 March: -501 €, —, 1 235 € (current), —, —, 0 €, — × 6")
  func yearOverview() throws {
    let projection = BudgetWidgetProjection(cache: try Self.cache(), kind: .yearOverview, calendar: Self.zurich)
    guard case .yearOverview(let model) = projection.model(at: DayFixtures.utc("2026-03-20T10:00:00Z")) else {
      Issue.record("not a year overview")
      return
    }
    let n = Self.narrow
    #expect(model.year == 2026 && model.emptyText == nil)
    #expect(
      model.cells.map(\.monthName) == ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."])
    #expect(model.cells.map(\.text) == ["-501 €", "—", "1\(n)235 €", "—", "—", "0 €", "—", "—", "—", "—", "—", "—"])
    #expect(model.cells.map(\.isCurrent) == (1...12).map { $0 == 3 })
    #expect(model.cells[0].link == .budget(id: BudgetWidgetFixtures.uuid(1)))
    #expect(model.cells[2].link == .budget(id: BudgetWidgetFixtures.uuid(3)))
    #expect(model.cells[5].link == nil && model.cells[5].remaining == Self.euros(40))
    #expect(model.cells.filter { $0.link == nil }.count == 10)
  }

  /// On 26 December 2026 the date is on or after the 25th: tentative period December, named after
  /// the next month: January 2027. The cache holds 2026, so the year overview shows its empty state.
  @Test("on 26 December the current period is January 2027: a 2026 cache shows the empty year")
  func lateDecember() throws {
    let projection = BudgetWidgetProjection(cache: try Self.cache(), kind: .yearOverview, calendar: Self.zurich)
    #expect(projection.period(at: DayFixtures.utc("2026-12-26T10:00:00Z")) == BudgetWidgetFixtures.period(2027, 1))
    guard case .yearOverview(let model) = projection.model(at: DayFixtures.utc("2026-12-26T10:00:00Z")) else {
      Issue.record("not a year overview")
      return
    }
    #expect(model.year == nil && model.cells.isEmpty && model.emptyText == "Ouvre Pulpe")
  }
}
