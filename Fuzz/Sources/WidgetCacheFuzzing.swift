import Foundation
import GlanceKernel

/// `BudgetWidgetCache.decode(_:)` on any bytes, and what the budget widgets do with them:
/// `TimelinePlanner.planBudgetWidget(cache:kind:now:horizon:calendar:)` for every kind.
///
/// Laws checked (from `BudgetWidgetCache.swift`, `BudgetWidgets.swift`, `TimelinePlanner.swift`):
/// - a decoded cache has every amount in its currency and its year's months distinct, sorted and
///   in its year; `decode(cache.encoded()) == cache`, and encoding that again gives the same bytes;
/// - a refused cache is the empty state of every widget, with the refusal as `loadError`;
/// - every timeline planned from the bytes (at the cache's `asOf`, or a fixed instant when no
///   clock reads that) satisfies the planner's laws (``TimelineChecks``).
enum WidgetCacheFuzzing {
  static let zurich: ZoneCalendar = {
    guard let calendar = try? ZoneCalendar(identifier: "Europe/Zurich") else {
      fatalError("this system's time zone data lacks Europe/Zurich")
    }
    return calendar
  }()

  static let kinds: [BudgetWidgetKind] =
    BudgetWidgetFamily.allCases.map { .currentPeriod($0) } + [.yearOverview]

  static func run(_ bytes: [UInt8]) {
    let data = Data(bytes)
    let cache: BudgetWidgetCache
    do throws(BudgetCacheError) {
      cache = try BudgetWidgetCache.decode(data)
    } catch {
      checkRefusal(error, data: data)
      return
    }
    let context = "cache \(String(decoding: bytes, as: UTF8.self).debugDescription)"
    checkLaws(cache, context: context)
    checkRoundTrip(cache, context: context)
    let now = TimelineChecks.now(near: cache.asOf)
    let horizon = now.advanced(by: TimelineChecks.horizonMilliseconds)
    for kind in kinds {
      let projection = BudgetWidgetProjection(loading: data, kind: kind, calendar: zurich)
      law(projection.cache == cache && projection.loadError == nil, "\(context): loaded otherwise")
      do throws(TimelineError) {
        let timeline = try TimelinePlanner.planBudgetWidget(
          cache: data, kind: kind, now: now, horizon: horizon, calendar: zurich)
        TimelineChecks.check(timeline, of: projection, now: now, context: "\(context), \(kind)")
      } catch {
        law(false, "\(context), \(kind): no timeline from \(now) to \(horizon): \(error)")
      }
    }
  }

  static func checkLaws(_ cache: BudgetWidgetCache, context: String) {
    if let current = cache.current {
      law(current.remaining.currency == cache.currency, "\(context): current in another currency")
    }
    for (index, figures) in cache.yearMonths.enumerated() {
      law(figures.remaining.currency == cache.currency, "\(context): month \(index) currency")
      law(figures.period.year == cache.year, "\(context): month \(index) is in another year")
      if index > 0 {
        law(cache.yearMonths[index - 1].period < figures.period, "\(context): months out of order")
      }
    }
  }

  static func checkRoundTrip(_ cache: BudgetWidgetCache, context: String) {
    do {
      let encoded = try cache.encoded()
      let decoded = try BudgetWidgetCache.decode(encoded)
      law(decoded == cache, "\(context): decodes to \(decoded) after encoding")
      let encodedAgain = try decoded.encoded()
      law(encodedAgain == encoded, "\(context): encoding is not stable")
    } catch {
      law(false, "\(context): the round trip threw \(error)")
    }
  }

  /// A refused cache shows the empty state, and says why.
  static func checkRefusal(_ error: BudgetCacheError, data: Data) {
    let context =
      "cache \(String(decoding: data, as: UTF8.self).debugDescription) refused: \(error)"
    law(!error.description.isEmpty, "\(context): no description")
    let now = TimelineChecks.fallbackNow
    let current = BudgetWidgetProjection(
      loading: data, kind: .currentPeriod(.small), calendar: zurich)
    law(current.cache == nil && current.loadError == error, "\(context): loaded otherwise")
    if case .currentPeriod(let model) = current.model(at: now) {
      law(
        model.period == nil && model.text == CurrentPeriodModel.emptyText, "\(context): not empty")
    }
    let year = BudgetWidgetProjection(loading: data, kind: .yearOverview, calendar: zurich)
    if case .yearOverview(let model) = year.model(at: now) {
      law(model.cells.isEmpty && model.year == nil, "\(context): the year overview is not empty")
    }
  }
}
