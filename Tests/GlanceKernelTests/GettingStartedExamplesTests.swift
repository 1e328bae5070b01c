import Foundation
import GlanceKernel
import Testing

// The kernel code of the GettingStarted article (Sources/GlanceKernel/GlanceKernel.docc/
// GettingStarted.md), copied verbatim: if an API it shows changes, this fails to compile and the
// article gets fixed. The article's WidgetKit, AppIntents and WatchConnectivity lines are the
// app's code and are not here.

// MARK: The article's functions

/// A tap on the app's "+" or on the widget's "+": one new event, whoever writes it.
func recordTap(
  in log: inout some EventLog, id: EventID, at now: Instant, origin: Origin
) throws -> Bool {
  try log.record(Event(id: id, kind: .add, instant: now, origin: origin))
}

/// An undo: a tombstone that removes the tap, wherever and whenever it arrives.
func recordUndo(
  of tap: EventID, in log: inout some EventLog, id: EventID, at now: Instant
) throws -> Bool {
  try log.record(Event(id: id, kind: .remove(target: tap), instant: now, origin: .app))
}

/// Today's count: the live taps inside the local day that holds `now`.
func todayCount(in log: some EventLog, at now: Instant, calendar: ZoneCalendar) throws -> Int {
  let today = calendar.dayInterval(containing: now)  // [start, end): 23, 24 or 25 hours
  return try log.replica(in: today.start..<today.end).count(on: today.date, in: calendar)
}

/// What the tally widget shows from `now` on: an entry now and one at each local day boundary
/// in the next two days, and a new timeline asked for within the hour.
func tallyTimeline(
  from log: some EventLog, at now: Instant, calendar: ZoneCalendar
) throws -> Timeline<WidgetModel> {
  let today = calendar.dayInterval(containing: now)
  let slice = try log.replica(in: today.start..<today.end)
  let snapshot = TallySnapshot(tally: slice.tally, asOf: now, calendar: calendar)
  let planned = try TimelinePlanner.plan(
    .tally(snapshot), kind: .tally, now: now,
    horizon: now.advanced(by: 2 * Instant.millisecondsPerDay), calendar: calendar, labels: .english)
  return planned.reloading(noLaterThan: now.advanced(by: Instant.millisecondsPerHour))
}

/// On the watch: the tap goes into the watch's own replica, and out as bytes for
/// `transferUserInfo`.
func watchTap(into watch: inout Replica, id: EventID, at now: Instant) throws -> Data {
  let event = Event(id: id, kind: .add, instant: now, origin: .watch)
  try watch.insert(event)
  return try JSONEncoder().encode([event])
}

/// On the phone: what arrived from the watch, merged by id. A repeated delivery adds nothing.
func receiveFromWatch(_ payload: Data, into log: inout some EventLog) throws -> Int {
  try log.receive(JSONDecoder().decode([Event].self, from: payload))
}

/// The widget's quick-expense chip (10, 15, 20 or 30 CHF), recorded as an event.
func recordQuickExpense(
  chip: Int, name: String, in log: inout some EventLog, id: EventID, at now: Instant
) throws -> Bool {
  var entry = AmountEntry(currency: .chf)
  try entry.apply(.chip(chip))  // replaces the amount, never adds to it
  try entry.apply(.rename(name))
  let expense = try entry.submit()  // amount > 0 and a non-blank name, or a typed error
  let kind = EventKind.expense(amount: expense.amount, note: expense.name)
  return try log.record(Event(id: id, kind: kind, instant: now, origin: .widgetIntent))
}

/// What was spent today, as the widget draws it: summed exactly, formatted by the kernel.
func spentToday(in log: some EventLog, at now: Instant, calendar: ZoneCalendar) throws -> String {
  let today = calendar.dayInterval(containing: now)
  let slice = try log.replica(in: today.start..<today.end)
  let amounts = slice.liveExpenses.compactMap { event -> Money? in
    if case .expense(let amount, _) = event.kind { return amount } else { return nil }
  }
  return Money.sum(amounts, currency: .chf).formatted(.full)
}

// MARK: The article's examples, checked

@Suite("Getting started examples")
struct GettingStartedExamplesTests {
  /// A fixed id per number (the app brings its own UUIDs; tests need repeatable ones).
  static func id(_ number: UInt8) -> EventID {
    EventID(UUID(uuid: (number, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)))
  }

  /// 23:59 in Zurich on Saturday 2026-03-28, the evening before the spring change (23 h day).
  static let lateSaturday = Instant(millisecondsSince1970: 1_774_738_740_000)

  @Test("app, widget intent and undo write one log; today's count and the midnight timeline")
  func appAndWidget() throws {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    let now = Self.lateSaturday
    #expect(zurich.date(containing: now) == (try CivilDate(year: 2026, month: 3, day: 28)))
    var log = Replica()
    #expect(try recordTap(in: &log, id: Self.id(1), at: now.advanced(by: -60_000), origin: .app))
    let widgetTapTime = now.advanced(by: -30_000)
    #expect(try recordTap(in: &log, id: Self.id(2), at: widgetTapTime, origin: .widgetIntent))
    #expect(try !recordTap(in: &log, id: Self.id(2), at: widgetTapTime, origin: .widgetIntent))
    #expect(try recordTap(in: &log, id: Self.id(3), at: now, origin: .app))
    #expect(try recordUndo(of: Self.id(3), in: &log, id: Self.id(4), at: now))
    #expect(try todayCount(in: log, at: now, calendar: zurich) == 2)

    let timeline = try tallyTimeline(from: log, at: now, calendar: zurich)
    let midnight = zurich.nextRollover(after: now)
    #expect(midnight == Instant(millisecondsSince1970: 1_774_738_800_000))  // 2026-03-28T23:00Z
    #expect(timeline.entries.map(\.date) == [now, midnight])
    let counts = timeline.entries.map(\.model)
    #expect(counts == [.tally(TallyWidgetModel(count: 2)), .tally(TallyWidgetModel(count: 0))])
    #expect(timeline.policy == .after(now.advanced(by: Instant.millisecondsPerHour)))
    // Sunday has 23 hours: its end is 23 h after its start, not 24.
    let sunday = zurich.dayInterval(containing: midnight)
    #expect(sunday.durationMilliseconds == 23 * Instant.millisecondsPerHour)
  }

  @Test("a day without a midnight: São Paulo, 2018-11-04, starts at 01:00")
  func dayWithoutMidnight() throws {
    let saoPaulo = try ZoneCalendar(identifier: "America/Sao_Paulo")
    let day = saoPaulo.dayInterval(of: try CivilDate(year: 2018, month: 11, day: 4))
    #expect(day?.start == Instant(millisecondsSince1970: 1_541_300_400_000))  // 01:00 local
    #expect(day?.durationMilliseconds == 23 * Instant.millisecondsPerHour)
  }

  @Test("the watch's taps reach the phone at least once; a repeat adds nothing")
  func watchToPhone() throws {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    let now = Self.lateSaturday
    var watch = Replica()
    var phone = Replica()
    let payload = try watchTap(into: &watch, id: Self.id(5), at: now)
    #expect(try receiveFromWatch(payload, into: &phone) == 1)
    #expect(try receiveFromWatch(payload, into: &phone) == 0)  // delivered twice
    #expect(try todayCount(in: phone, at: now, calendar: zurich) == 1)
    try watch.merge(phone)  // the phone's log, pushed back: set union
    #expect(watch == phone)
  }

  @Test("expenses in CHF: chips replace, sums are exact, the kernel formats")
  func expenses() throws {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    let now = Self.lateSaturday
    var log = Replica()
    #expect(try recordQuickExpense(chip: 20, name: "Courses ", in: &log, id: Self.id(6), at: now))
    #expect(try recordQuickExpense(chip: 15, name: "Café", in: &log, id: Self.id(7), at: now))
    #expect(try spentToday(in: log, at: now, calendar: zurich) == "35.00 CHF")
    // What travels between devices: the amount as text, the instant as an integer.
    let json = String(decoding: try JSONEncoder().encode(log.events), as: UTF8.self)
    #expect(json.contains(#""20.00 CHF""#) && json.contains("1774738740000"))
    #expect(throws: AmountEntryError.unknownQuickAmount(25)) {
      try recordQuickExpense(chip: 25, name: "Pain", in: &log, id: Self.id(8), at: now)
    }
    let tomorrow = zurich.nextRollover(after: now)
    #expect(try spentToday(in: log, at: tomorrow, calendar: zurich) == "0.00 CHF")
  }

  @Test("the refresh budget: the deaf window after a launch from the widget, an hourly plan")
  func refreshBudget() throws {
    let now = Self.lateSaturday
    var budget = try RefreshBudget()  // 70 charged reloads per rolling 24 h
    budget.appOpenedFromWidget(at: now)
    #expect(
      budget.requestReload(at: now.advanced(by: 1_000), context: .appInForeground)
        == .dropped(until: now.advanced(by: 30_000)))
    #expect(
      budget.requestReload(at: now.advanced(by: 31_000), context: .appInForeground)
        == .granted(charged: false))

    var hourly = try RefreshBudget()
    let decisions = (0..<24).map { hour in
      let instant = now.advanced(by: Int64(hour) * Instant.millisecondsPerHour)
      return hourly.requestReload(at: instant, context: .background)
    }
    #expect(decisions.allSatisfy { $0.isGranted })
    #expect(hourly.remaining(at: now.advanced(by: 23 * Instant.millisecondsPerHour)) == 46)
  }
}
