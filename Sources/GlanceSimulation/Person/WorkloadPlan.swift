import Foundation
import GlanceKernel

enum WorkloadPlanner {
  /// The actions of the local `days` (the itinerary's pieces), sorted by time, every time
  /// distinct. Each day's profile is drawn in the zone the device is in; a piece of a day cut by a
  /// zone change keeps what was drawn inside it (what the person does next happens in the new
  /// zone's piece), so a stay in one zone draws exactly what it always did.
  static func actions(scenario: Scenario, days: [DayPiece], seed: UInt64) -> [PlannedAction] {
    var choices = Choices(seed: seed)
    return actions(scenario: scenario, days: days, choices: &choices)
  }

  /// The actions of the local `days`, each draw read from `choices` (the streams `workload`,
  /// `workload.ids` and `workload.edits`).
  static func actions(scenario: Scenario, days: [DayPiece], choices: inout Choices) -> [PlannedAction] {
    let stream = choices.open(ChoiceLabel("workload"))
    let ids = Self.idKey(choices: &choices)
    // Edits were added later: their own stream leaves every other draw as it was.
    let edits = choices.open(ChoiceLabel("workload.edits"))
    let workload = scenario.workload
    var drafts: [(Instant, PlannedAction.Kind)] = []
    for piece in days {
      let day = piece.day
      let busy = workload.busyDays.contains(piece.index) ? 10 : 1
      let sleep = min(day.end, day.start.advanced(by: Int64(workload.sleepHour) * Instant.millisecondsPerHour))
      // A short day (23 h on a DST day, or less where a zone jumped) may end before the wake
      // hour: the person is then active in the day's last hour, never in an empty window.
      let wake = min(
        day.start.advanced(by: Int64(workload.wakeHour) * Instant.millisecondsPerHour),
        max(day.start, sleep.advanced(by: -Instant.millisecondsPerHour)))
      func moment() -> Instant {
        Instant(millisecondsSince1970: choices.uniform(in: wake.millisecondsSince1970...(sleep.millisecondsSince1970 - 1), from: stream))
      }
      /// Keeps what begins at `anchor` when the device is in this piece's zone then.
      func keep(_ anchor: Instant, _ drafted: [(Instant, PlannedAction.Kind)]) {
        if piece.window.contains(anchor) { drafts += drafted }
      }
      for _ in 0..<choices.count(mean: workload.appSessionsPerDay, spread: 2, from: stream) {
        let opened = moment()
        let minutes = choices.uniform(in: 1...10, from: stream)
        // One session in four starts from a tap on the widget's body (a deep link).
        var session: [(Instant, PlannedAction.Kind)] = [
          (opened, .appOpen(minutes: minutes, fromWidget: choices.happens(Chance(numerator: 1, denominator: 4), from: stream)))
        ]
        for _ in 0..<choices.uniform(in: 0...(2 * workload.tapsPerSession), from: stream) {
          session.append(
            (opened.advanced(by: choices.uniform(in: Int64(1_000)...(Int64(minutes) * 60_000 - 1_000), from: stream)), .appTap))
        }
        keep(opened, session)
      }
      for _ in 0..<(choices.count(mean: workload.widgetTapsPerDay, spread: 2, from: stream) * busy) {
        let tapped = moment()
        var tap: [(Instant, PlannedAction.Kind)] = [(tapped, .widgetTap)]
        // One time in four the person then opens the app to look (0.3 to 2.5 s later).
        if choices.happens(Chance(numerator: 1, denominator: 4), from: stream) {
          tap.append(
            (
              tapped.advanced(by: choices.uniform(in: Int64(300)...2_500, from: stream)),
              .appOpen(minutes: choices.uniform(in: 1...3, from: stream))
            ))
        }
        keep(tapped, tap)
      }
      for _ in 0..<choices.count(mean: workload.watchTapsPerDay, spread: 2, from: stream) {
        let tapped = moment()
        keep(tapped, [(tapped, .watchTap)])
      }
      let deletes =
        workload.deletesPerWeek / 7
        + (choices.happens(Chance(numerator: UInt64(workload.deletesPerWeek % 7), denominator: 7), from: stream) ? 1 : 0)
      for _ in 0..<deletes {
        let opened = moment()
        keep(opened, [(opened, .appOpen(minutes: 2)), (opened.advanced(by: 30_000), .appDelete)])
      }
      let editCount =
        workload.editsPerWeek / 7
        + (choices.happens(Chance(numerator: UInt64(workload.editsPerWeek % 7), denominator: 7), from: edits) ? 1 : 0)
      for _ in 0..<editCount {
        let opened = Instant(
          millisecondsSince1970: choices.uniform(in: wake.millisecondsSince1970...(sleep.millisecondsSince1970 - 1), from: edits))
        keep(opened, [(opened, .appOpen(minutes: 2)), (opened.advanced(by: 30_000), .appEdit)])
      }
      if workload.lateNightTaps {
        // The minutes around midnight: a widget tap before, one after, and one from the watch.
        let boundary = day.end
        let taps: [(Instant, PlannedAction.Kind)] = [
          (boundary.advanced(by: -choices.uniform(in: Int64(1_000)...600_000, from: stream)), .widgetTap),
          (boundary.advanced(by: choices.uniform(in: Int64(1_000)...600_000, from: stream)), .widgetTap),
          (boundary.advanced(by: choices.uniform(in: Int64(1_000)...900_000, from: stream)), .watchTap),
        ]
        // Only around a midnight the device lives through in this zone.
        if piece.window.upperBound == day.end { drafts += taps }
      }
    }
    drafts.sort { $0.0 < $1.0 }
    var actions: [PlannedAction] = []
    actions.reserveCapacity(drafts.count)
    var last = Instant(millisecondsSince1970: Int64.min)
    for (ordinal, (time, kind)) in drafts.enumerated() {
      // Distinct instants: the legacy design identifies cigarettes by timestamp.
      let distinct = time > last ? time : last.advanced(by: 1)
      last = distinct
      actions.append(PlannedAction(time: distinct, kind: kind, ordinal: ordinal, eventID: Self.eventID(at: distinct, key: ids)))
    }
    return actions
  }

  /// The actions of a script, in its order (strictly increasing time, checked by
  /// `Simulation.check`): action `i` gets ordinal `i` and the id of its instant, as a drawn
  /// action at that instant would, so the script of a drawn run replays it exactly, and a
  /// script with an action taken away gives every other action the id it had.
  static func actions(script: Script, seed: UInt64) -> [PlannedAction] {
    var choices = Choices(seed: seed)
    return actions(script: script, choices: &choices)
  }

  /// The actions of a script, their ids keyed by the word `choices` gives (``idKey(choices:)``).
  static func actions(script: Script, choices: inout Choices) -> [PlannedAction] {
    let ids = Self.idKey(choices: &choices)
    return script.actions.enumerated().map { ordinal, action in
      PlannedAction(time: action.at, kind: action.kind, ordinal: ordinal, eventID: Self.eventID(at: action.at, key: ids))
    }
  }

  /// The key of a run's action ids: a word chosen from the stream `workload.ids` (with the
  /// random door, its first word). Each id is then a function of the key and the action's
  /// instant (``eventID(at:key:)``), not a choice of its own.
  static func idKey(choices: inout Choices) -> UInt64 {
    choices.word(from: choices.open(ChoiceLabel("workload.ids")))
  }

  /// A time-ordered UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, version 7, 74 random bits
  /// of a stream seeded with the run's key and `time` (actions have distinct instants: from
  /// 1970 on their ids differ in the time bits, before it in 74 random bits). Writers that mint time-ordered ids keep a replica's sorted insert an append
  /// in the common case.
  static func eventID(at time: Instant, key: UInt64) -> EventID {
    let milliseconds = UInt64(bitPattern: max(0, time.millisecondsSince1970)) & 0xFFFF_FFFF_FFFF
    var stream = RandomStream(seed: key ^ UInt64(bitPattern: time.millisecondsSince1970))
    let high = stream.next()
    let low = stream.next()
    func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * index)) }
    let uuid = UUID(
      uuid: (
        byte(milliseconds << 16, 0), byte(milliseconds << 16, 1), byte(milliseconds << 16, 2),
        byte(milliseconds << 16, 3), byte(milliseconds << 16, 4), byte(milliseconds << 16, 5),
        byte(high, 0) & 0x0F | 0x70, byte(high, 1),
        byte(low, 0) & 0x3F | 0x80, byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5),
        byte(low, 6), byte(low, 7)
      ))
    return EventID(uuid)
  }
}
