import Foundation
import GlanceKernel
import Testing

private typealias F = ProgressFixture

@Suite("Tally")
struct TallyTests {
  @Test("Zurich 2024-03-31 (23 hours): counts split at the real local midnights")
  func zurichSpringForward() throws {
    let zurich = try F.zone("Europe/Zurich")
    let date = try F.date(2024, 3, 31)
    let day = try #require(zurich.dayInterval(of: date))
    #expect(day.start == (try F.utc(2024, 3, 30, 23)))
    #expect(day.end == (try F.utc(2024, 3, 31, 22)))
    let tally = Tally(instants: [
      try F.utc(2024, 3, 30, 22, 59, 59, milliseconds: 999),  // 23:59:59.999 CET, 30 March
      try F.utc(2024, 3, 30, 23),  // 00:00 CET, 31 March
      try F.utc(2024, 3, 31, 1),  // 03:00 CEST, just after the jump
      try F.utc(2024, 3, 31, 21, 59, 59, milliseconds: 999),  // 23:59:59.999 CEST
      try F.utc(2024, 3, 31, 22, 30),  // 00:30 CEST, 1 April (start + 24 h would say 31 March)
    ])
    #expect(tally.count(on: try F.date(2024, 3, 30), in: zurich) == 1)
    #expect(tally.count(on: date, in: zurich) == 3)
    #expect(tally.count(on: try F.date(2024, 4, 1), in: zurich) == 1)
    #expect(tally.count(at: try F.utc(2024, 3, 31, 12), in: zurich) == 3)
    #expect(tally.count(at: try F.utc(2024, 3, 31, 22), in: zurich) == 1)
  }

  @Test("Zurich 2024-10-27 (25 hours): 23:30 CET still counts for the 27th")
  func zurichFallBack() throws {
    let zurich = try F.zone("Europe/Zurich")
    let date = try F.date(2024, 10, 27)
    let day = try #require(zurich.dayInterval(of: date))
    #expect(day.start == (try F.utc(2024, 10, 26, 22)))
    #expect(day.end == (try F.utc(2024, 10, 27, 23)))
    #expect(day.durationMilliseconds == 25 * Instant.millisecondsPerHour)
    let tally = Tally(instants: [
      try F.utc(2024, 10, 26, 21, 59, 59, milliseconds: 999),  // 23:59:59.999 CEST, 26th
      try F.utc(2024, 10, 27, 0, 30),  // 02:30 CEST, first pass
      try F.utc(2024, 10, 27, 1, 30),  // 02:30 CET, second pass
      try F.utc(2024, 10, 27, 22, 30),  // 23:30 CET (start + 24 h would say the 28th)
      try F.utc(2024, 10, 27, 23),  // 00:00 CET, 28th
    ])
    #expect(tally.count(on: try F.date(2024, 10, 26), in: zurich) == 1)
    #expect(tally.count(on: date, in: zurich) == 3)
    #expect(tally.count(on: try F.date(2024, 10, 28), in: zurich) == 1)
  }

  @Test("America/Sao_Paulo 2018-11-04 starts at 01:00: 23:59 the evening before is the 3rd")
  func saoPauloNoMidnight() throws {
    let saoPaulo = try F.zone("America/Sao_Paulo")
    let date = try F.date(2018, 11, 4)
    let day = try #require(saoPaulo.dayInterval(of: date))
    #expect(day.start == (try F.utc(2018, 11, 4, 3)))  // 01:00 −02
    #expect(day.end == (try F.utc(2018, 11, 5, 2)))  // 00:00 −02 on the 5th
    let tally = Tally(instants: [
      try F.utc(2018, 11, 4, 2, 59, 59, milliseconds: 999),  // 23:59:59.999 −03, 3rd
      try F.utc(2018, 11, 4, 3),  // 01:00 −02, 4th
      try F.utc(2018, 11, 5, 1, 59, 59, milliseconds: 999),  // 23:59:59.999 −02, 4th
    ])
    #expect(tally.count(on: try F.date(2018, 11, 3), in: saoPaulo) == 1)
    #expect(tally.count(on: date, in: saoPaulo) == 2)
    #expect(tally.count(at: try F.utc(2018, 11, 4, 3), in: saoPaulo) == 2)
    #expect(tally.count(at: try F.utc(2018, 11, 4, 2, 59), in: saoPaulo) == 1)
  }

  @Test("instants are kept sorted; equal instants are separate events")
  func sortedWithDuplicates() throws {
    let a = try F.utc(2024, 5, 15, 8)
    let b = try F.utc(2024, 5, 15, 9)
    var tally = Tally(instants: [b, a, b])
    #expect(tally.instants == [a, b, b])
    tally.insert(a)
    #expect(tally.instants == [a, a, b, b])
    #expect(tally.totalCount == 4)
    #expect(tally == Tally(instants: [b, a, a, b]))
    #expect(Tally().totalCount == 0)
  }

  @Test("daily average = instants in (now − 30 × 24 h, now] ÷ 30, exactly, even for a new user")
  func dailyAverage() throws {
    let now = try F.utc(2024, 5, 15, 12)
    let window = 30 * Instant.millisecondsPerDay
    let tally = Tally(instants: [
      now.advanced(by: -window),  // excluded: the window is open at its start
      now.advanced(by: -window + 1),
      try F.utc(2024, 5, 1),
      now,  // included: closed at now
      now.advanced(by: 1),  // excluded: after now
    ])
    #expect(tally.dailyAverage(at: now) == Ratio(numerator: 3, denominator: 30))
    #expect(tally.dailyAverage(at: now).description == "1/10")
    #expect(Tally().dailyAverage(at: now) == .zero)
    // A user who started yesterday with 6 cigarettes: 6/30 = 1/5, not 6 (MirrorSmoker's rule).
    let newUser = Tally(instants: (0..<6).map { now.advanced(by: -Int64($0) * Instant.millisecondsPerHour) })
    #expect(newUser.dailyAverage(at: now) == Ratio(numerator: 1, denominator: 5))
    let early = Instant(millisecondsSince1970: Int64.min + 5)
    #expect(Tally(instants: [early]).dailyAverage(at: early) == Ratio(numerator: 1, denominator: 30))
  }

  @Test("streak: smoking today gives 0; otherwise smoke-free days back from today, up to the limit")
  func streak() throws {
    let zurich = try F.zone("Europe/Zurich")
    let now = try F.utc(2024, 4, 2, 10)  // 12:00 CEST, 2 April
    let smokedToday = Tally(instants: [try F.utc(2024, 4, 2, 6)])
    #expect(smokedToday.smokeFreeStreak(at: now, in: zurich, limit: 30) == 0)
    // Last cigarette 23:30 CET on 29 March: 30 Mar, 31 Mar (23 h), 1 Apr and 2 Apr are free.
    let tally = Tally(instants: [try F.utc(2024, 3, 29, 22, 30)])
    #expect(tally.smokeFreeStreak(at: now, in: zurich, limit: 30) == 4)
    #expect(tally.smokeFreeStreak(at: now, in: zurich, limit: 3) == 3)
    #expect(tally.smokeFreeStreak(at: now, in: zurich, limit: 0) == 0)
    // No data at all: the streak is the limit (a tally does not know when tracking began).
    #expect(Tally().smokeFreeStreak(at: now, in: zurich, limit: 30) == 30)
    // A cigarette later today (a clock ahead) still makes today a smoking day.
    let laterToday = Tally(instants: [try F.utc(2024, 4, 2, 20)])
    #expect(laterToday.smokeFreeStreak(at: now, in: zurich, limit: 30) == 0)
  }

  @Test("streak across Apia's missing 2011-12-30: 31st, then 29th; the skipped date is no day")
  func streakSkipsMissingDate() throws {
    let apia = try F.zone("Pacific/Apia")
    let now = try F.utc(2011, 12, 30, 22)  // 2011-12-31 12:00 +14
    let tally = Tally(instants: [try F.utc(2011, 12, 29, 0)])  // 2011-12-28 14:00 −10
    // Free: 31st and 29th. Stepping by calendar dates would also count the 30th and say 3.
    #expect(tally.smokeFreeStreak(at: now, in: apia, limit: 30) == 2)
    #expect(tally.count(on: try F.date(2011, 12, 30), in: apia) == 0)
  }

  @Test("Codable: one array of integers; decoding sorts and keeps duplicates")
  func codable() throws {
    let data = Data("[3000,1000,3000]".utf8)
    let tally = try JSONDecoder().decode(Tally.self, from: data)
    #expect(tally.instants.map(\.millisecondsSince1970) == [1000, 3000, 3000])
    #expect(String(decoding: try JSONEncoder().encode(tally), as: UTF8.self) == "[1000,3000,3000]")
  }

  @Test("a negative streak limit is a programmer error")
  func negativeLimitTraps() async {
    await #expect(processExitsWith: .failure) {
      let zone = try ZoneCalendar(identifier: "UTC")
      _ = Tally().smokeFreeStreak(at: Instant(millisecondsSince1970: 0), in: zone, limit: -1)
    }
  }
}

@Suite("StatusBand")
struct StatusBandTests {
  @Test(
    "limit 10: 0 perfect, 4 excellent, 5 and 7 good, 8 and 9 near, 10 reached, 11 exceeded by 1",
    arguments: [
      (0, StatusBand.perfect), (1, .excellent), (4, .excellent), (5, .good), (7, .good),
      (8, .nearLimit), (9, .nearLimit), (10, .limitReached), (11, .exceeded(by: 1)),
      (25, .exceeded(by: 15)),
    ])
  func limitTen(count: Int, band: StatusBand) {
    #expect(StatusBand(count: count, limit: 10) == band)
  }

  @Test("limit 0: nothing is perfect, anything is exceeded by the count")
  func limitZero() {
    #expect(StatusBand(count: 0, limit: 0) == .perfect)
    #expect(StatusBand(count: 1, limit: 0) == .exceeded(by: 1))
    #expect(StatusBand(count: 7, limit: 0) == .exceeded(by: 7))
  }

  @Test("small and huge limits use exact integer comparisons, without overflow")
  func edges() {
    #expect(StatusBand(count: 1, limit: 1) == .limitReached)
    #expect(StatusBand(count: 1, limit: 2) == .good)  // 50 % is not below 50 %
    #expect(StatusBand(count: 1, limit: 3) == .excellent)
    #expect(StatusBand(count: 4, limit: 5) == .nearLimit)  // exactly 80 %
    #expect(StatusBand(count: Int.max, limit: Int.max) == .limitReached)
    #expect(StatusBand(count: Int.max / 2, limit: Int.max) == .excellent)
    #expect(StatusBand(count: Int.max / 2 + 1, limit: Int.max) == .good)
    #expect(StatusBand(count: Int.max, limit: 0) == .exceeded(by: Int.max))
  }

  @Test("bands never improve as the count grows", arguments: [0, 1, 2, 3, 7, 10, 13, 40])
  func monotonic(limit: Int) {
    func rank(_ band: StatusBand) -> Int {
      switch band {
      case .perfect: 0
      case .excellent: 1
      case .good: 2
      case .nearLimit: 3
      case .limitReached: 4
      case .exceeded(let by): 4 + by
      }
    }
    let ranks = (0...(2 * limit + 3)).map { rank(StatusBand(count: $0, limit: limit)) }
    #expect(zip(ranks, ranks.dropFirst()).allSatisfy { $0 <= $1 })
  }
}
