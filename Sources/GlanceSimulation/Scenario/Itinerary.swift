import GlanceKernel

/// Where the device is over a run: the zone it keeps from each instant on, built from the
/// scenario's start zone and its `travel`. Every surface reads "today" in the zone current at the
/// instant it computes (as the apps do, and as the converged design attributes events), so the
/// engine's day boundaries, the workload's daily profile and the truth all follow the itinerary.
///
/// ## Laws
/// - `legs` is non-empty, `legs[0].from` is the run's start, and `from` strictly increases.
/// - `calendar(at: t)` is the calendar of the last leg whose `from` is at or before `t`.
/// - `nextRollover(after: t) > t`, and it is a day boundary of the zone current then: a zone
///   change is not itself a boundary (the device's clock jumps; no day begins there).
/// - `days(from:until:)` covers `[from, until)` with pieces that do not overlap, in order.
struct Itinerary {
  struct Leg {
    /// From this instant on, the device's zone is `calendar`'s.
    let from: Instant
    let calendar: ZoneCalendar
  }

  let legs: [Leg]

  /// A stay in one zone.
  init(staying calendar: ZoneCalendar, from start: Instant) {
    legs = [Leg(from: start, calendar: calendar)]
  }

  /// The itinerary of `scenario`, whose first local day (in `calendar`, the start zone) begins at
  /// `start`. Change `i` happens on the local date `scenario.start + travel[i].day` at
  /// `travel[i].hour`:00 on the clock of the zone the device is in then.
  ///
  /// - Throws: ``TravelError/dateSkipped(index:date:zone:)`` when that zone skipped
  ///   the date, ``TravelError/outOfOrder(index:at:previous:)`` when the change would
  ///   happen before the previous one (east of the date line a later date can be an earlier
  ///   instant), ``TravelError/unknownZone(_:)`` when a change names no zone.
  init(scenario: Scenario, calendar: ZoneCalendar, start: Instant) throws(TravelError) {
    var legs = [Leg(from: start, calendar: calendar)]
    for (index, change) in scenario.travel.enumerated() {
      let current = legs[legs.count - 1]
      let date = scenario.start.adding(days: Int64(change.day))
      guard let instant = current.calendar.firstInstant(of: date, hour: change.hour) else {
        throw .dateSkipped(index: index, date: date.description, zone: current.calendar.identifier)
      }
      guard instant >= current.from else {
        throw .outOfOrder(index: index, at: instant.description, previous: current.from.description)
      }
      let next: ZoneCalendar
      do {
        next = try ZoneCalendar(identifier: change.zone)
      } catch {
        throw .unknownZone(change.zone)
      }
      // A change at the very start (day 0, hour 0) replaces the start zone.
      if instant == current.from { legs.removeLast() }
      legs.append(Leg(from: instant, calendar: next))
    }
    self.legs = legs
  }

  /// The index of the leg in force at `instant` (the first leg before its start).
  func legIndex(at instant: Instant) -> Int {
    var index = 0
    while index + 1 < legs.count, legs[index + 1].from <= instant { index += 1 }
    return index
  }

  /// The device's zone at `instant`.
  func calendar(at instant: Instant) -> ZoneCalendar { legs[legIndex(at: instant)].calendar }

  /// The zone changes after the start, in order: (instant, index of the leg that begins).
  var changes: [(time: Instant, leg: Int)] {
    legs.indices.dropFirst().map { (legs[$0].from, $0) }
  }

  /// The first day boundary after `instant` in the zone the device is in at that boundary.
  func nextRollover(after instant: Instant) -> Instant {
    var index = legIndex(at: instant)
    var candidate = legs[index].calendar.nextRollover(after: instant)
    // The zone changed before the day ended: the day goes on in the new zone (bounded by legs).
    while index + 1 < legs.count, legs[index + 1].from < candidate {
      index += 1
      candidate = legs[index].calendar.nextRollover(after: legs[index].from)
    }
    return candidate
  }

  /// The local days from `start` until `end`, each cut where the zone changes.
  func days(from start: Instant, until end: Instant) -> [DayPiece] {
    var pieces: [DayPiece] = []
    var cursor = start
    var index = 0
    while cursor < end {
      let leg = legIndex(at: cursor)
      let day = legs[leg].calendar.dayInterval(containing: cursor)
      let legEnd = leg + 1 < legs.count ? legs[leg + 1].from : day.end
      let until = min(day.end, legEnd, end)
      pieces.append(DayPiece(index: index, day: day, window: cursor..<until))
      if until == day.end { index += 1 }
      cursor = until
    }
    return pieces
  }
}
