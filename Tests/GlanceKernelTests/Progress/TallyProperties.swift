import Foundation
import GlanceKernel
import PropertyBased
import Testing

/// Differential properties of ``Tally`` against brute force written from the definitions, on
/// instants clustered around offset transitions (DST days, a day that starts at 01:00, a
/// skipped date, a fold across midnight, a 30-minute shift).
@Suite("Tally properties")
struct TallyProperties {
  /// (zone, an instant at or near one of its transitions).
  static let anchors: [(zone: String, instant: Int64)] = [
    ("Europe/Zurich", 1_711_846_800_000),  // 2024-03-31T01:00Z, spring forward
    ("Europe/Zurich", 1_729_990_800_000),  // 2024-10-27T01:00Z, fall back
    ("America/Sao_Paulo", 1_541_300_400_000),  // 2018-11-04T03:00Z, day starts at 01:00
    ("Pacific/Apia", 1_325_239_200_000),  // 2011-12-30T10:00Z, 2011-12-30 skipped
    ("America/Goose_Bay", 562_136_460_000),  // 1987-10-25T04:01Z, fold across midnight
    ("Australia/Lord_Howe", 1_712_415_600_000),  // 2024-04-06T15:00Z, 30-minute shift
    ("UTC", 1_711_846_800_000),
  ]

  static let calendars: [String: ZoneCalendar] = Dictionary(
    uniqueKeysWithValues: Set(anchors.map(\.zone)).compactMap { identifier in
      (try? ZoneCalendar(identifier: identifier)).map { (identifier, $0) }
    })

  /// Instants around one anchor.
  struct Cluster: Sendable, CustomStringConvertible {
    let anchorIndex: Int
    let instants: [Instant]
    var description: String { "\(TallyProperties.anchors[anchorIndex].zone): \(instants)" }
  }

  /// An anchor and up to 40 instants within ±3 days of it (half of them within a minute of it).
  static var clusteredInstants: Generator<Cluster, some SendableSequenceType> {
    zip(
      Gen.int(in: 0...(anchors.count - 1)),
      zip(Gen.bool, Gen.int64(in: -3 * Instant.millisecondsPerDay...3 * Instant.millisecondsPerDay))
        .array(of: 0...40)
    ).map { anchorIndex, offsets in
      let anchor = Instant(millisecondsSince1970: anchors[anchorIndex].instant)
      return Cluster(
        anchorIndex: anchorIndex,
        instants: offsets.map { near, offset in anchor.advanced(by: near ? offset % 60_000 : offset) })
    }
  }

  func calendar(_ anchorIndex: Int) throws -> ZoneCalendar {
    try #require(Self.calendars[Self.anchors[anchorIndex].zone])
  }

  @Test("every anchor zone is known")
  func zonesAreKnown() {
    #expect(Self.calendars.count == Set(Self.anchors.map(\.zone)).count)
  }

  @Test("count(on:) and instants(in:) equal a brute-force filter over dayInterval(of:), for every nearby date")
  func countOnDateMatchesBruteForce() async throws {
    await propertyCheck(count: 1_000, input: Self.clusteredInstants) { cluster in
      let (anchorIndex, instants) = (cluster.anchorIndex, cluster.instants)
      let calendar = try calendar(anchorIndex)
      let tally = Tally(instants: instants)
      let anchor = Instant(millisecondsSince1970: Self.anchors[anchorIndex].instant)
      let anchorDate = calendar.date(containing: anchor)
      var total = 0
      for shift in Int64(-5)...5 {
        let date = anchorDate.adding(days: shift)
        let expected = calendar.dayInterval(of: date).map { day in instants.filter(day.contains).count } ?? 0
        let counted = tally.count(on: date, in: calendar)
        #expect(counted == expected, "\(calendar.identifier) \(date)")
        if let day = calendar.dayInterval(of: date) {
          #expect(Array(tally.instants(in: day)) == instants.filter(day.contains).sorted(), "\(calendar.identifier) \(date)")
        }
        total += counted
      }
      // Days partition time: the eleven dates cover the ±3 days of instants exactly once.
      #expect(total == instants.count)
    }
  }

  @Test("count(at:) is the count of the date containing the instant")
  func countAtIsCountOnToday() async throws {
    await propertyCheck(count: 1_000, input: Self.clusteredInstants) { cluster in
      let (anchorIndex, instants) = (cluster.anchorIndex, cluster.instants)
      let calendar = try calendar(anchorIndex)
      let tally = Tally(instants: instants)
      for now in instants.prefix(5) {
        #expect(tally.count(at: now, in: calendar) == tally.count(on: calendar.date(containing: now), in: calendar))
        #expect(tally.count(at: now, in: calendar) >= 1)
      }
    }
  }

  @Test("the average is the brute-force count of (now − 30 d, now] over 30")
  func averageMatchesBruteForce() async throws {
    await propertyCheck(
      count: 1_000, input: Self.clusteredInstants, Gen.int64(in: -40 * Instant.millisecondsPerDay...0)
    ) { cluster, offset in
      let (anchorIndex, instants) = (cluster.anchorIndex, cluster.instants)
      let now = Instant(millisecondsSince1970: Self.anchors[anchorIndex].instant).advanced(by: offset)
      let start = now.advanced(by: -30 * Instant.millisecondsPerDay)
      let expected = instants.filter { start < $0 && $0 <= now }.count
      #expect(Tally(instants: instants).dailyAverage(at: now) == Ratio(numerator: expected, denominator: 30))
    }
  }

  @Test("the streak equals walking existing dates back from today, within 0…limit")
  func streakMatchesDateWalk() async throws {
    await propertyCheck(count: 1_000, input: Self.clusteredInstants, Gen.int(in: 0...8)) {
      cluster, limit in
      let (anchorIndex, instants) = (cluster.anchorIndex, cluster.instants)
      let calendar = try calendar(anchorIndex)
      let tally = Tally(instants: instants)
      let now = Instant(millisecondsSince1970: Self.anchors[anchorIndex].instant)
        .advanced(by: 2 * Instant.millisecondsPerDay)
      var expected = 0
      var date = calendar.date(containing: now)
      // Walk calendar dates, skipping those the zone does not have (bounded: limit + 2 skips).
      for _ in 0..<(limit + 3) where expected < limit {
        if let day = calendar.dayInterval(of: date) {
          guard !instants.contains(where: day.contains) else { break }
          expected += 1
        }
        date = date.adding(days: -1)
      }
      let streak = tally.smokeFreeStreak(at: now, in: calendar, limit: limit)
      #expect(streak == expected)
      #expect((0...limit).contains(streak))
      if tally.count(at: now, in: calendar) > 0 { #expect(streak == 0) }
    }
  }

  @Test("a tally is the same whatever the order of its instants")
  func orderDoesNotMatter() async throws {
    await propertyCheck(count: 1_000, input: Self.clusteredInstants) { cluster in
      let instants = cluster.instants
      #expect(Tally(instants: instants) == Tally(instants: instants.reversed()))
      var inserted = Tally()
      for instant in instants { inserted.insert(instant) }
      #expect(inserted == Tally(instants: instants))
      #expect(zip(inserted.instants, inserted.instants.dropFirst()).allSatisfy { $0 <= $1 })
    }
  }
}
