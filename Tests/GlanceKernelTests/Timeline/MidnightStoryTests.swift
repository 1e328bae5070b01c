import Foundation
import GlanceKernel
import Testing

/// The midnight story of the issue (see *The real apps Glance models*, MirrorSmoker: the midnight story): 12
/// cigarettes by 23:59; the widget must show 0 when the day ends, without a reload, and 1 after a
/// "+" tap five minutes into the new day. MirrorSmoker's undated count showed 13.
@Suite("The midnight story")
struct MidnightStoryTests {
  struct Night: Sendable, CustomTestStringConvertible {
    let zone: String
    /// 23:59 local, in UTC.
    let lastMinute: String
    /// The first instant of the next local day, in UTC.
    let rollover: String
    /// The end of that next day, in UTC (23, 24 or 25 hours later).
    let followingRollover: String
    let label: String
    var testDescription: String { "\(zone), \(label)" }
  }

  static let nights: [Night] = [
    Night(
      zone: "Europe/Zurich", lastMinute: "2024-06-14T21:59:00Z", rollover: "2024-06-14T22:00:00Z",
      followingRollover: "2024-06-15T22:00:00Z", label: "an ordinary night"),
    Night(
      zone: "Europe/Zurich", lastMinute: "2024-03-30T22:59:00Z", rollover: "2024-03-30T23:00:00Z",
      followingRollover: "2024-03-31T22:00:00Z", label: "into the 23-hour day 2024-03-31"),
    Night(
      zone: "Europe/Zurich", lastMinute: "2024-10-26T21:59:00Z", rollover: "2024-10-26T22:00:00Z",
      followingRollover: "2024-10-27T23:00:00Z", label: "into the 25-hour day 2024-10-27"),
    Night(
      zone: "Europe/Zurich", lastMinute: "2024-10-27T22:59:00Z", rollover: "2024-10-27T23:00:00Z",
      followingRollover: "2024-10-28T23:00:00Z", label: "out of the 25-hour day"),
    // 2018-11-04 has no midnight in São Paulo: the day starts at 01:00 −02.
    Night(
      zone: "America/Sao_Paulo", lastMinute: "2018-11-04T02:59:00Z", rollover: "2018-11-04T03:00:00Z",
      followingRollover: "2018-11-05T02:00:00Z", label: "into 2018-11-04, which starts at 01:00"),
    Night(
      zone: "Asia/Beirut", lastMinute: "2024-03-30T21:59:00Z", rollover: "2024-03-30T22:00:00Z",
      followingRollover: "2024-03-31T21:00:00Z", label: "into 2024-03-31, which starts at 01:00"),
  ]

  static func eventID(_ number: UInt8) -> EventID {
    EventID(UUID(uuid: (0x6c, 0x1d, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, number)))
  }

  static func plan(_ replica: Replica, now: Instant, calendar: ZoneCalendar) throws -> Timeline<WidgetModel> {
    let snapshot = TallySnapshot(tally: replica.tally, asOf: now, calendar: calendar)
    return try TimelinePlanner.plan(
      .tally(snapshot), kind: .tally, now: now, horizon: now.advanced(by: 2 * Instant.millisecondsPerDay),
      calendar: calendar, labels: .english)
  }

  @Test("12 at 23:59, 0 at the day boundary with no reload, 1 after a tap 5 minutes later", arguments: nights)
  func midnight(_ night: Night) throws {
    let calendar = DayFixtures.calendar(night.zone)
    let lastMinute = DayFixtures.utc(night.lastMinute)
    let rollover = DayFixtures.utc(night.rollover)
    var replica = Replica()
    for number in 0..<12 {
      let instant = lastMinute.advanced(by: -Int64(number) * 20 * Instant.millisecondsPerMinute)
      try replica.insert(Event(id: Self.eventID(UInt8(number)), kind: .add, instant: instant, origin: .app))
    }
    var budget = try RefreshBudget()

    // The app plans the widget's timeline at 23:59, after the twelfth cigarette.
    let evening = try Self.plan(replica, now: lastMinute, calendar: calendar)
    #expect(evening.entry(at: lastMinute)?.model == .tally(TallyWidgetModel(count: 12)))
    #expect(evening.entry(at: rollover.advanced(by: -1))?.model == .tally(TallyWidgetModel(count: 12)))
    // Time alone turns it to 0 at the exact first instant of the new day, with no reload.
    #expect(calendar.nextRollover(after: lastMinute) == rollover)
    #expect(evening.entry(at: rollover)?.model == .tally(TallyWidgetModel(count: 0)))
    #expect(evening.entries.map(\.date) == [lastMinute, rollover])
    // The new day lasts 23, 24 or 25 hours; it ends at its own boundary, still showing 0.
    let following = DayFixtures.utc(night.followingRollover)
    #expect(calendar.nextRollover(after: rollover) == following)
    #expect(evening.entry(at: following)?.model == .tally(TallyWidgetModel(count: 0)))
    #expect(budget.remaining(at: rollover) == RefreshBudget.defaultLimit)

    // A "+" tap five minutes into the new day: the widget intent writes one event and reloads
    // (free after an interactive intent).
    let tap = rollover.advanced(by: 5 * Instant.millisecondsPerMinute)
    try replica.insert(Event(id: Self.eventID(200), kind: .add, instant: tap, origin: .widgetIntent))
    #expect(budget.requestReload(at: tap, context: .afterInteractiveIntent) == .granted(charged: false))
    let afterTap = try Self.plan(replica, now: tap, calendar: calendar)
    #expect(afterTap.entry(at: tap)?.model == .tally(TallyWidgetModel(count: 1)))
    #expect(budget.remaining(at: tap) == RefreshBudget.defaultLimit)
  }
}
