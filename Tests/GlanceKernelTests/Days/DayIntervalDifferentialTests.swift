import Foundation
@testable import GlanceKernel
import Testing

/// The exhaustive check of the issue: for every known zone and every offset transition from
/// 1970 to 2037, the day before, the day of and the day after the transition, as Glance computes
/// them, equal Foundation's `dateInterval(of: .day, for:)`.
@Suite("Day intervals against Foundation's Calendar")
struct DayIntervalDifferentialTests {
  static let from = Date(timeIntervalSince1970: 0)  // 1970-01-01T00:00:00Z
  static let until = Date(timeIntervalSince1970: 2_145_916_800)  // 2038-01-01T00:00:00Z

  @Test("every zone, every transition 1970–2037: the days around it equal Foundation's")
  func everyTransitionOfEveryZone() throws {
    let clock = ContinuousClock()
    let began = clock.now
    var transitionsSeen = 0
    var daysChecked = 0
    var foldMinutes = 0
    var mismatches: [String] = []
    let identifiers = TimeZone.knownTimeZoneIdentifiers.sorted()
    for identifier in identifiers {
      let zone = try #require(TimeZone(identifier: identifier))
      var reference = Calendar(identifier: .gregorian)
      reference.timeZone = zone
      let glance = ZoneCalendar(zone: zone)
      var cursor = Self.from
      while let transition = zone.nextDaylightSavingTimeTransition(after: cursor),
        transition < Self.until
      {
        cursor = transition
        transitionsSeen += 1
        let dayOf = try #require(reference.dateInterval(of: .day, for: transition))
        // The day before, the last instant before the transition, the transition, the day after.
        let probes = [
          dayOf.start.addingTimeInterval(-1), transition.addingTimeInterval(-1), transition, dayOf.end,
        ]
        for probe in probes {
          daysChecked += 1
          switch try Self.compare(glance, reference, at: probe) {
          case .agrees: break
          case .foldAcrossMidnight: foldMinutes += 1
          case .differs(let problem): if mismatches.count < 20 { mismatches.append(problem) }
          }
        }
      }
    }
    let elapsed = clock.now - began
    print(
      "Day-interval differential: \(identifiers.count) zones, \(transitionsSeen) transitions,"
        + " \(daysChecked) days checked against Foundation in \(elapsed)"
        + " (tzdata \(TimeZone.timeZoneDataVersion)); \(foldMinutes) of them in a fold across"
        + " midnight, where Foundation's interval does not contain the instant and Glance's is"
        + " Foundation's next day.")
    #expect(identifiers.count > 400)
    #expect(transitionsSeen > 20_000)
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
  }

  enum Comparison: Equatable {
    case agrees
    /// The instant is in minutes repeated by a fold across midnight: Foundation's interval for
    /// it does not contain it; Glance's is Foundation's interval of the next day, which does.
    case foldAcrossMidnight
    case differs(String)
  }

  /// Whether Glance's cached table (never its Foundation fallback) agrees with Foundation at
  /// `probe` on the interval, the date, the next rollover and the interval looked up by date.
  static func compare(_ glance: ZoneCalendar, _ reference: Calendar, at probe: Date) throws -> Comparison {
    let instant = Instant(probe)
    guard let actual = glance.tableInterval(containing: instant) else {
      return .differs("\(glance.identifier) at \(instant): the table did not answer")
    }
    let expected = try Self.foundationDay(reference, containing: probe)
    let foundationContains = expected.contains(instant)
    let expectedDay = foundationContains ? expected : try Self.foundationDay(reference, containing: expected.end.date)
    guard actual == expectedDay, expectedDay.contains(instant) else {
      return .differs("\(glance.identifier) at \(instant): Glance \(actual), Foundation \(expected)")
    }
    guard glance.localDayNumber(containing: instant) == expectedDay.date.dayNumber else {
      return .differs("\(glance.identifier) at \(instant): local day number differs")
    }
    guard glance.nextRollover(after: instant) == expectedDay.end else {
      return .differs("\(glance.identifier) at \(instant): next rollover differs")
    }
    guard glance.dayInterval(of: expectedDay.date) == expectedDay else {
      let byDate = glance.dayInterval(of: expectedDay.date)
      return .differs("\(glance.identifier) \(expectedDay.date): by date \(String(describing: byDate))")
    }
    return foundationContains ? .agrees : .foldAcrossMidnight
  }

  /// Foundation's `dateInterval(of: .day, for:)`, labelled with the date of its start.
  static func foundationDay(_ reference: Calendar, containing date: Date) throws -> DayInterval {
    let interval = try #require(reference.dateInterval(of: .day, for: date))
    let fields = reference.dateComponents([.year, .month, .day], from: interval.start)
    let civil = try CivilDate(
      year: try #require(fields.year), month: try #require(fields.month), day: try #require(fields.day))
    return DayInterval(date: civil, start: Instant(interval.start), end: Instant(interval.end))
  }
}
