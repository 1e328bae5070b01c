import Foundation
import GlanceKernel
import Testing

private typealias F = ProgressFixture

@Suite("TallySummary")
struct TallySummaryTests {
  /// Worked by hand: Zurich in CET (UTC+1). Three events on 2 January, none on the 3rd, one on
  /// the 4th at 00:30 local, and one on 5 December of the year before (outside the 30 × 24 h).
  @Test("count, band, streak and average of a hand-worked week in Zurich")
  func handWorked() throws {
    let zurich = try F.zone("Europe/Zurich")
    let tally = Tally(instants: [
      try F.utc(2025, 12, 5, 12),
      try F.utc(2026, 1, 2, 8), try F.utc(2026, 1, 2, 9), try F.utc(2026, 1, 2, 10),
      try F.utc(2026, 1, 3, 23, 30),  // 00:30 on 4 January in Zurich
    ])
    // 3 January, noon: nothing today; one smoke-free day (today), then the 2nd had events.
    let third = TallySummary(tally: tally, at: try F.utc(2026, 1, 3, 11), in: zurich, limit: 4, streakLimit: 30)
    #expect(third.count == 0 && third.band == .perfect && third.streak == 1)
    // Before 3 January began (2026-01-02T23:00Z): the three of the 2nd; 5 December is 28 days
    // and 11 hours earlier, inside the window too: 4 events / 30.
    #expect(third.average == Ratio(numerator: 4, denominator: 30))
    // 4 January, 09:00: today's one event at 00:30 counts for today, not for the average.
    let fourth = TallySummary(tally: tally, at: try F.utc(2026, 1, 4, 8), in: zurich, limit: 4, streakLimit: 30)
    #expect(fourth.count == 1 && fourth.band == .excellent && fourth.streak == 0)
    #expect(fourth.average == Ratio(numerator: 4, denominator: 30))
    // 2 January: 3 of a limit of 4 is 75 %: good.
    let second = TallySummary(tally: tally, at: try F.utc(2026, 1, 2, 20), in: zurich, limit: 4, streakLimit: 30)
    #expect(second.count == 3 && second.band == .good && second.streak == 0)
  }

  @Test("remove takes one event out and gives back the tally before the insert; an absent one changes nothing")
  func removeUndoesInsert() throws {
    var tally = Tally(instants: [try F.utc(2026, 1, 2, 8), try F.utc(2026, 1, 2, 8)])
    let before = tally
    let instant = try F.utc(2026, 1, 2, 9)
    tally.insert(instant)
    let removed = tally.remove(instant)
    #expect(removed && tally == before)
    let absent = tally.remove(try F.utc(2030, 1, 1, 0))
    #expect(!absent && tally == before)
    let one = tally.remove(try F.utc(2026, 1, 2, 8))
    #expect(one && tally.totalCount == 1)
  }
}
