// Days: Glance `ZoneCalendar.dayInterval(containing:)` side by side with Foundation's
// `Calendar.dateInterval(of: .day, for:)` over the same instants, results compared for equality.

import Foundation
import GlanceKernel
import GlanceSimulation

struct DayBenchmarks {
  let count: Int
  let repetitions: Int
  let selected: (String) -> Bool

  static let zoneIdentifiers = [
    "Europe/Zurich", "America/Sao_Paulo", "Asia/Beirut", "America/Havana", "Australia/Lord_Howe",
    "Pacific/Apia", "America/New_York", "Asia/Kathmandu", "Asia/Tokyo", "America/St_Johns",
  ]

  func run(into table: inout ResultTable) {
    guard selected("day-interval") else { return }
    let zones = Self.zoneIdentifiers.map { identifier -> TimeZone in
      guard let zone = TimeZone(identifier: identifier) else { fatalError("no zone \(identifier)") }
      return zone
    }
    let clock = ContinuousClock()
    var glanceCalendars: [ZoneCalendar] = []
    let building = clock.measure { glanceCalendars = zones.map { ZoneCalendar(zone: $0) } }
    let foundationCalendars = zones.map { zone -> Calendar in
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      return calendar
    }
    // Uniform instants 1970-01-01 ..< 2040-01-01, each in one of the ten zones.
    var random = SplitMix64(seed: 7)
    let span: UInt64 = 2_208_988_800_000
    let zoneIndices = (0..<count).map { _ in Int(random.next(below: UInt64(zones.count))) }
    let instants = (0..<count).map { _ in Instant(millisecondsSince1970: Int64(random.next(below: span))) }
    let dates = instants.map(\.date)

    var glanceStarts = [Int64](repeating: 0, count: count)
    var glanceEnds = [Int64](repeating: 0, count: count)
    let glance = measure(operations: count, repetitions: repetitions) {
      for index in 0..<count {
        let day = glanceCalendars[zoneIndices[index]].dayInterval(containing: instants[index])
        glanceStarts[index] = day.start.millisecondsSince1970
        glanceEnds[index] = day.end.millisecondsSince1970
      }
    }
    var foundationIntervals = [DateInterval?](repeating: nil, count: count)
    let foundation = measure(operations: count, repetitions: repetitions) {
      for index in 0..<count {
        foundationIntervals[index] = foundationCalendars[zoneIndices[index]].dateInterval(of: .day, for: dates[index])
      }
    }
    var folds = 0
    for index in 0..<count {
      guard var interval = foundationIntervals[index] else { check(false, "Foundation gave no day"); return }
      if !interval.contains(dates[index]) {
        // A fold across midnight: Foundation's interval misses the instant; Glance's is the next day.
        folds += 1
        guard let next = foundationCalendars[zoneIndices[index]].dateInterval(of: .day, for: interval.end) else { return }
        interval = next
      }
      check(
        Instant(interval.start).millisecondsSince1970 == glanceStarts[index]
          && Instant(interval.end).millisecondsSince1970 == glanceEnds[index],
        "day interval of \(instants[index]) in \(Self.zoneIdentifiers[zoneIndices[index]])")
    }
    let (seconds, attoseconds) = building.components
    let buildMilliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    table.add(
      "day interval in a zone (10 zones, 1970–2040)",
      note:
        "Glance is \(Int((foundation / glance).rounded()))× faster; same \(count) instants, every result equal (\(folds) in a fold across midnight, where Glance returns the day that contains the instant); building the 10 zone tables once took \(Int(buildMilliseconds.rounded())) ms, excluded",
      [("Foundation Calendar.dateInterval(of: .day)", foundation), ("Glance ZoneCalendar.dayInterval", glance)])
  }
}
