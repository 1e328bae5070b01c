import Foundation
import GlanceKernel
import PropertyBased

/// Zones whose days are not all 24 hours from midnight to midnight, plus plain ones.
enum DayFixtures {
  static let zoneIdentifiers = [
    "Europe/Zurich",  // 23 h and 25 h days at 02:00/03:00
    "America/Sao_Paulo",  // days that start at 01:00 (until 2019)
    "Asia/Beirut",  // midnight skipped
    "America/Havana",  // midnight skipped and repeated
    "America/Santiago",  // midnight skipped
    "Australia/Lord_Howe",  // 30-minute shifts
    "Pacific/Apia",  // 2011-12-30 does not exist
    "America/Goose_Bay",  // folds across midnight (1988–2010)
    "America/St_Johns",  // half-hour zone, folds across midnight
    "Pacific/Kwajalein",  // 1993-08-21 does not exist
    "Asia/Kathmandu",  // +05:45
    "Pacific/Chatham",  // +12:45 / +13:45
    "America/New_York",
    "Asia/Tokyo",
    "UTC",
  ]

  static let calendars: [ZoneCalendar] = zoneIdentifiers.map { identifier in
    guard let zone = TimeZone(identifier: identifier) else { fatalError("no zone \(identifier)") }
    return ZoneCalendar(zone: zone)
  }

  /// 1960-01-01 ..< 2040-01-01.
  static let years = Instant(secondsSince1970: -315_619_200)..<Instant(secondsSince1970: 2_208_988_800)

  /// Each zone's offset transitions in `years` (empty for fixed zones).
  static let transitions: [[Instant]] = calendars.map { $0.offsetTransitions(in: years) }

  static func calendar(_ identifier: String) -> ZoneCalendar {
    guard let index = zoneIdentifiers.firstIndex(of: identifier) else {
      fatalError("\(identifier) is not a fixture zone")
    }
    return calendars[index]
  }

  /// The instant of a local wall-clock reading in UTC terms: `"2024-03-31T01:00:00Z"`.
  static func utc(_ text: String) -> Instant {
    let formatter = ISO8601DateFormatter()
    guard let date = formatter.date(from: text) else { fatalError("not ISO 8601: \(text)") }
    return Instant(date)
  }
}

/// An instant in a zone, and whether it was drawn within a day of one of the zone's transitions.
struct ZonedInstant: Sendable, CustomStringConvertible {
  let calendar: ZoneCalendar
  let instant: Instant
  let nearTransition: Bool

  var description: String {
    "\(instant) in \(calendar.identifier)\(nearTransition ? " (near a transition)" : "")"
  }
}

enum DayGen {
  /// Instants in the fixture zones, 1960–2040, biased so that about 60 % fall within a day of an
  /// offset transition (uniform sampling would hit a DST day about 0.3 % of the time).
  static var zonedInstant: Generator<ZonedInstant, some SendableSequenceType> {
    zip(
      Gen.int(in: 0..<DayFixtures.calendars.count),
      Gen.int(in: 0...4),
      Gen.int(in: 0...Int.max),
      Gen.int64(in: -Instant.millisecondsPerDay...Instant.millisecondsPerDay),
      Gen.int64(in: DayFixtures.years.lowerBound.millisecondsSince1970..<DayFixtures.years.upperBound.millisecondsSince1970)
    ).map { zoneIndex, band, pick, offset, uniform -> ZonedInstant in
      let calendar = DayFixtures.calendars[zoneIndex]
      let transitions = DayFixtures.transitions[zoneIndex]
      guard band <= 2, !transitions.isEmpty else {
        return ZonedInstant(calendar: calendar, instant: Instant(millisecondsSince1970: uniform), nearTransition: false)
      }
      let transition = transitions[pick % transitions.count]
      // Band 2: within two seconds of the transition itself.
      let delta = band == 2 ? offset % 2_000 : offset
      return ZonedInstant(calendar: calendar, instant: transition.advanced(by: delta), nearTransition: true)
    }
  }
}
