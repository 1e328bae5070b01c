import Foundation
import GlanceKernel
import PropertyBased
import Testing

enum BudgetWidgetFixtures {
  static let zurich = DayFixtures.calendar("Europe/Zurich")

  static func uuid(_ number: Int) -> UUID {
    UUID(uuid: (0xB0, UInt8(number & 0xFF), 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
  }

  static func period(_ year: Int, _ month: Int) -> BudgetPeriod {
    do { return try BudgetPeriod(year: year, month: month) } catch { fatalError("\(error)") }
  }

  /// The cache the app writes at `asOf`: the current period's figure (when `hasCurrent`) and the
  /// months of its year whose bit is set in `monthMask`.
  static func cache(
    asOf: Instant, payDay: PayDay, calendar: ZoneCalendar, hasCurrent: Bool, monthMask: Int, units: Int64
  ) -> BudgetWidgetCache {
    let periods = PayPeriods(payDay: payDay)
    let current = periods.period(containing: calendar.date(containing: asOf))
    let months = (1...12).filter { monthMask & (1 << ($0 - 1)) != 0 }.map { month in
      PeriodFigures(
        period: period(current.year, month), budgetID: month % 3 == 0 ? nil : uuid(month),
        remaining: Money(minorUnits: units * Int64(month - 6), currency: .chf))
    }
    do {
      return try BudgetWidgetCache(
        asOf: asOf, currency: .chf, payDay: payDay,
        current: hasCurrent ? PeriodFigures(period: current, budgetID: uuid(99), remaining: Money(minorUnits: units, currency: .chf)) : nil,
        year: current.year, yearMonths: months)
    } catch {
      fatalError("fixture cache is invalid: \(error)")
    }
  }
}

struct BudgetPlanningCase: Sendable, CustomStringConvertible {
  let cache: BudgetWidgetCache
  let kind: BudgetWidgetKind
  let calendar: ZoneCalendar
  let now: Instant
  let horizon: Instant
  var description: String { "\(kind), \(cache.payDay), cache as of \(cache.asOf), now \(now) in \(calendar.identifier)" }
}

@Suite("Budget widgets")
struct BudgetWidgetTests {
  static let kinds: [BudgetWidgetKind] = BudgetWidgetFamily.allCases.map { .currentPeriod($0) } + [.yearOverview]

  /// Caches written at instants biased to transitions, read up to 40 days later (often in the
  /// next period), with `now` one time in two within a day of a period boundary.
  static var planningCase: Generator<BudgetPlanningCase, some SendableSequenceType> {
    zip(
      DayGen.zonedInstant, Gen.int(in: 1...31), Gen.int(in: 0..<kinds.count), Gen.int(in: 0...4095),
      Gen.int64(in: -9_000_000...9_000_000), Gen.int64(in: 0...(40 * Instant.millisecondsPerDay)),
      Gen.int64(in: 1...TimelinePlanner.horizonMaxMilliseconds), Gen.int64(in: -Instant.millisecondsPerDay...Instant.millisecondsPerDay)
    ).map { zoned, day, kindIndex, mask, units, age, reach, nearBoundary -> BudgetPlanningCase in
      let payDay = PayDay(clamping: day)
      let cache = BudgetWidgetFixtures.cache(
        asOf: zoned.instant, payDay: payDay, calendar: zoned.calendar, hasCurrent: mask % 5 != 0, monthMask: mask, units: units)
      var now = zoned.instant.advanced(by: age)
      if mask % 2 == 0 {
        // Within a day of the next period boundary after the cache was written.
        let projection = BudgetWidgetProjection(cache: cache, kind: .yearOverview, calendar: zoned.calendar)
        if let boundary = projection.nextChangePoint(after: zoned.instant) { now = boundary.advanced(by: nearBoundary) }
      }
      return BudgetPlanningCase(
        cache: cache, kind: kinds[kindIndex], calendar: zoned.calendar, now: now, horizon: now.advanced(by: reach))
    }
  }

  @Test("the entry in force at any instant renders what the cache projects there")
  func plannedTimelineMatchesProjection() async throws {
    await propertyCheck(count: 800, input: Self.planningCase, Gen.int64(in: 0...Int64.max).array(of: 16)) { planning, samples in
      let data = try planning.cache.encoded()
      let timeline = try TimelinePlanner.planBudgetWidget(
        cache: data, kind: planning.kind, now: planning.now, horizon: planning.horizon, calendar: planning.calendar)
      let projection = BudgetWidgetProjection(cache: planning.cache, kind: planning.kind, calendar: planning.calendar)
      #expect(timeline.entries.first?.date == planning.now)
      var probes = samples.map { planning.now.advanced(by: $0 % planning.now.distance(to: planning.horizon)) }
      probes += timeline.entries.flatMap { [$0.date.advanced(by: -1), $0.date] }
      // Both sides of every local day boundary, so that a missed period boundary shows.
      var boundary = planning.calendar.nextRollover(after: planning.now)
      while boundary < planning.horizon {
        probes += [boundary.advanced(by: -1), boundary]
        boundary = planning.calendar.nextRollover(after: boundary)
      }
      for probe in probes where planning.now <= probe && probe < planning.horizon {
        #expect(timeline.entry(at: probe)?.model == projection.model(at: probe), "\(planning) at \(probe)")
      }
      for (earlier, later) in zip(timeline.entries, timeline.entries.dropFirst()) {
        #expect(earlier.model != later.model)
        let gap = earlier.date.distance(to: later.date)
        #expect(gap >= TimelinePlanner.minimumEntrySpacingMilliseconds || earlier.date == planning.now)
      }
    }
  }

  @Test("Pulpe's widget test: pay day 25 and a July cache — 20 July shows it, 26 July does not")
  func payDay25() throws {
    let zurich = BudgetWidgetFixtures.zurich
    let written = DayFixtures.utc("2026-07-10T08:00:00Z")
    let cache = BudgetWidgetFixtures.cache(
      asOf: written, payDay: try PayDay(25), calendar: zurich, hasCurrent: true, monthMask: 0b1111_1111_1111, units: 123_456)
    #expect(cache.current?.period == BudgetWidgetFixtures.period(2026, 7))
    let projection = BudgetWidgetProjection(cache: cache, kind: .currentPeriod(.small), calendar: zurich)
    guard case .currentPeriod(let july20) = projection.model(at: DayFixtures.utc("2026-07-20T10:00:00Z")),
      case .currentPeriod(let july26) = projection.model(at: DayFixtures.utc("2026-07-26T10:00:00Z"))
    else { return }
    #expect(july20.text == "1’235 CHF" && july20.label == "Disponible")
    #expect(july20.link == .budget(id: BudgetWidgetFixtures.uuid(99)))
    #expect(july26.text == "Ouvre Pulpe" && july26.remaining == nil && july26.link == .addExpense(budgetID: nil))
    // The change happens at the first instant of 25 July, local time, without a reload.
    let timeline = try TimelinePlanner.plan(
      projection, now: DayFixtures.utc("2026-07-20T10:00:00Z"), horizon: DayFixtures.utc("2026-07-30T00:00:00Z"))
    #expect(timeline.entries.map(\.date) == [DayFixtures.utc("2026-07-20T10:00:00Z"), DayFixtures.utc("2026-07-24T22:00:00Z")])
  }

  @Test("families: compact amount, circular without symbol, inline with 'dispo', negative")
  func families() throws {
    let zurich = BudgetWidgetFixtures.zurich
    let now = DayFixtures.utc("2026-03-10T12:00:00Z")
    func text(_ family: BudgetWidgetFamily, units: Int64) -> (String, String?) {
      let cache = BudgetWidgetFixtures.cache(
        asOf: now, payDay: .calendarMonths, calendar: zurich, hasCurrent: true, monthMask: 0, units: units)
      guard
        case .currentPeriod(let model) = BudgetWidgetProjection(cache: cache, kind: .currentPeriod(family), calendar: zurich).model(at: now)
      else {
        return ("", nil)
      }
      return (model.text, model.label)
    }
    #expect(text(.medium, units: 123_456) == ("1’235 CHF", "Disponible"))
    #expect(text(.accessoryRectangular, units: 123_456) == ("1’235 CHF", "Disponible"))
    #expect(text(.accessoryCircular, units: 123_456) == ("1’235", "dispo"))
    #expect(text(.accessoryInline, units: 123_456) == ("1’235 CHF dispo", nil))
    #expect(text(.small, units: -50_080) == ("-501 CHF", "Disponible"))
    #expect(text(.small, units: -40) == ("0 CHF", "Disponible"))  // never "-0"
  }

  @Test("year overview: 12 cells, '—' without a budget, current highlighted, links only to real budgets")
  func yearOverview() throws {
    let zurich = BudgetWidgetFixtures.zurich
    let now = DayFixtures.utc("2026-03-10T12:00:00Z")
    let cache = BudgetWidgetFixtures.cache(
      asOf: now, payDay: .calendarMonths, calendar: zurich, hasCurrent: true, monthMask: 0b0000_0000_0111, units: 100_000)
    let projection = BudgetWidgetProjection(cache: cache, kind: .yearOverview, calendar: zurich)
    guard case .yearOverview(let model) = projection.model(at: now) else { return }
    #expect(model.year == 2026 && model.cells.count == 12)
    #expect(model.cells.map(\.text) == ["-5’000 CHF", "-4’000 CHF", "-3’000 CHF"] + Array(repeating: "—", count: 9))
    #expect(model.cells.map(\.isCurrent) == (1...12).map { $0 == 3 })
    #expect(model.cells[0].link == .budget(id: BudgetWidgetFixtures.uuid(1)))
    #expect(model.cells[2].link == nil)  // month 3 has a budget without a known id
    #expect(model.cells[5].link == nil && model.cells[0].monthName == "janv.")
    // At the year's end (pay day 1: local midnight of 1 January) last year's grid is not shown.
    let newYear = DayFixtures.utc("2026-12-31T23:00:00Z")
    #expect(projection.nextChangePoint(after: DayFixtures.utc("2026-12-20T12:00:00Z")) == newYear)
    guard case .yearOverview(let january) = projection.model(at: newYear) else { return }
    #expect(january.year == nil && january.emptyText == "Ouvre Pulpe")
    // With pay day 27 the next year's grid starts on 27 December.
    let late = BudgetWidgetFixtures.cache(
      asOf: DayFixtures.utc("2026-12-20T12:00:00Z"), payDay: try PayDay(27), calendar: zurich, hasCurrent: true, monthMask: 1, units: 1)
    let lateProjection = BudgetWidgetProjection(cache: late, kind: .yearOverview, calendar: zurich)
    #expect(lateProjection.nextChangePoint(after: DayFixtures.utc("2026-12-20T12:00:00Z")) == DayFixtures.utc("2026-12-26T23:00:00Z"))
  }

  @Test("the cache survives JSON; version 1 reads as CHF with calendar months")
  func cacheVersions() throws {
    let zurich = BudgetWidgetFixtures.zurich
    let now = DayFixtures.utc("2026-03-10T12:00:00Z")
    let cache = BudgetWidgetFixtures.cache(
      asOf: now, payDay: try PayDay(25), calendar: zurich, hasCurrent: true, monthMask: 0b1010, units: 987_654_321)
    #expect(try BudgetWidgetCache.decode(try cache.encoded()) == cache)
    let version1 = #"""
      {"version":1,"asOf":1773144000000,"year":2026,
       "current":{"period":{"year":2026,"month":3},"remaining":"1234.50 CHF"},
       "yearMonths":[{"period":{"year":2026,"month":3},"remaining":"1234.50 CHF"}]}
      """#
    let old = try BudgetWidgetCache.decode(Data(version1.utf8))
    #expect(old.currency == .chf && old.payDay == .calendarMonths && old.current?.budgetID == nil)
    #expect(old.current?.remaining == Money(minorUnits: 123_450, currency: .chf))
  }

  @Test("corrupted or newer caches are typed errors, and the widget shows its empty state")
  func corruptedCaches() throws {
    let zurich = BudgetWidgetFixtures.zurich
    let now = DayFixtures.utc("2026-03-10T12:00:00Z")
    let cases: [(String, BudgetCacheError)] = [
      (#"{"version":3,"asOf":0,"year":2026,"yearMonths":[]}"#, .unsupportedVersion(found: 3, newest: 2)),
      (
        #"{"version":2,"asOf":0,"currency":"CHF","payDay":40,"year":2026,"yearMonths":[]}"#,
        .corrupted(path: ".payDay", reason: "pay day 40 is outside 1…31")
      ),
      (
        #"{"version":2,"asOf":0,"currency":"CHF","payDay":1,"year":2026,"yearMonths":[{"period":{"year":2025,"month":3},"remaining":"1.00 CHF"}]}"#,
        .inconsistent(field: "yearMonths[0]", reason: "period 2025-03 is not in year 2026")
      ),
      (
        #"{"version":2,"asOf":0,"currency":"CHF","payDay":1,"year":2026,"current":{"period":{"year":2026,"month":3},"remaining":"1.00 EUR"},"yearMonths":[]}"#,
        .currencyMismatch(field: "current.remaining", found: .eur, expected: .chf)
      ),
    ]
    for (json, expected) in cases {
      #expect(throws: expected, "\(json)") { try BudgetWidgetCache.decode(Data(json.utf8)) }
      let projection = BudgetWidgetProjection(loading: Data(json.utf8), kind: .currentPeriod(.small), calendar: zurich)
      #expect(projection.loadError == expected)
      guard case .currentPeriod(let model) = projection.model(at: now) else { continue }
      #expect(model.text == "Ouvre Pulpe")
    }
    #expect(throws: BudgetCacheError.self) { try BudgetWidgetCache.decode(Data("not json".utf8)) }
    let missing = BudgetWidgetProjection(loading: nil, kind: .yearOverview, calendar: zurich)
    #expect(missing.loadError == nil && missing.nextChangePoint(after: now) == nil)
    #expect(try TimelinePlanner.plan(missing, now: now, horizon: now.advanced(by: 1000)).policy == .never)
  }
}
