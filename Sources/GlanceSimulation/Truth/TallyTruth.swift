import GlanceKernel

/// The tally's truth (MirrorSmoker): every tap is a record, wherever it was made; a delete in the
/// app removes a record (the latest of today: ``TallyPerson``). The app should show the kernel's ``TallySummary``,
/// the widget and the watch its ``TallyBadge``, all from one `Tally` of the live records.
///
/// ## Laws
/// - `tally` holds exactly the instants of ``liveRecords``.
/// - A record added on the watch was made there; every other deed on the phone. What a device may not
///   know yet (``expected(on:at:today:in:unknownSince:)``) is what the other device did since then:
///   the phone's deletes and taps for the watch, the watch's taps for the phone.
struct TallyTruth: DomainModel {
  static let surfaces: [Surface] = [.app, .widget, .watch]

  private var tally = Tally()
  private(set) var liveRecords: [Record] = []
  /// What the surfaces should show, and the key it was computed for: kept apart, so that a
  /// lookup compares the key in place rather than copying the pair out.
  private var memoKey: DayMemoKey? = nil
  private var memoShown: TallyDisplays? = nil
  private var version = 0
  /// The live records the watch made.
  private var madeOnWatch: Set<EventID> = []
  /// Every delete, in the order they were made (on the phone): when, and what it removed.
  private var deletes: [(instant: Instant, target: Record)] = []
  /// Per device: what a surface that may not know everything should show, for the key it was
  /// computed for (the phone's widget and the watch are asked in turn after every event).
  private var knownMemo = PerDevice<(key: DayMemoKey, since: Instant, until: Instant?, shown: TallyDisplays)?>(repeating: nil)

  mutating func apply(_ deed: Deed, at instant: Instant, on device: Device, in calendar: ZoneCalendar) {
    switch deed {
    case .add(let record):
      insert(record)
      if device == .watch { madeOnWatch.insert(record.id) }
    case .remove(let target):
      remove(target)
      deletes.append((instant, target))
    case .complete, .uncomplete, .expense, .amend, .editTasks:
      preconditionFailure("the tally's person means no \(deed)")
    }
  }

  mutating func expected(on surface: Surface, at instant: Instant, today: DayInterval, in calendar: ZoneCalendar) -> Display {
    let key = DayMemoKey(version: version, dayStart: today.start, zone: calendar.identifier)
    if memoKey != key || memoShown == nil {
      (memoKey, memoShown) = (key, TallyDisplays(tally, at: instant, in: calendar))
    }
    guard let shown = memoShown else { preconditionFailure("the tally's displays were just made") }
    return Self.pick(shown, on: surface)
  }

  /// The display of `surface` among the app's and the badge's.
  private static func pick(_ shown: TallyDisplays, on surface: Surface) -> Display {
    switch surface {
    case .app: return shown.app
    case .widget, .watch: return shown.badge
    case .yearWidget: preconditionFailure("the tally has no year widget")
    }
  }

  mutating func expected(
    on surface: Surface, at instant: Instant, today: DayInterval, in calendar: ZoneCalendar, unknownSince since: Instant,
    until: Instant?
  )
    -> Display
  {
    let device = surface.device
    let key = DayMemoKey(version: version, dayStart: today.start, zone: calendar.identifier)
    let shown: TallyDisplays
    if let memo = knownMemo[device], memo.key == key, memo.since == since, memo.until == until {
      shown = memo.shown
    } else {
      shown = withKnown(on: device, since: since, until: until) { TallyDisplays($0, at: instant, in: calendar) }
      knownMemo[device] = (key, since, until, shown)
    }
    return Self.pick(shown, on: surface)
  }

  /// `body` of the tally as `device` can know it: without the other device's taps at or after
  /// `since` (and before `until`, when given), and, on the watch, with what the phone deleted
  /// then still there.
  ///
  /// Made in place and undone after `body`: those records are the latest, so taking them out of
  /// the tally and putting them back moves a few instants at its end, where a copy of the tally
  /// (what this did before) cost as much as the whole run's taps, after every delivery.
  private mutating func withKnown<Result>(
    on device: Device, since: Instant, until: Instant?, _ body: (Tally) -> Result
  ) -> Result {
    #if GLANCE_INTERNAL_CHECKS
      let before = tally
      defer { precondition(tally == before, "the tally changed while a device's view of it was read") }
    #endif
    var removed: [Instant] = []
    var inserted: [Instant] = []
    for record in liveRecords.reversed() {
      guard record.instant >= since else { break }
      if let until, record.instant >= until { continue }
      if madeOnWatch.contains(record.id) != (device == .watch), tally.remove(record.instant) { removed.append(record.instant) }
    }
    if device == .watch {
      for delete in deletes.reversed() {
        guard delete.instant >= since else { break }
        if let until, delete.instant >= until { continue }
        // Still there on the watch, unless the watch never knew it either (a delete is after
        // its target, so a target of an unknown delete is before `until`).
        if madeOnWatch.contains(delete.target.id) || delete.target.instant < since {
          tally.insert(delete.target.instant)
          inserted.append(delete.target.instant)
        }
      }
    }
    let result = body(tally)
    for instant in inserted {
      let undone = tally.remove(instant)
      precondition(undone, "\(instant) was put in the tally a moment ago")
    }
    for instant in removed { tally.insert(instant) }
    return result
  }

  private mutating func insert(_ record: Record) {
    liveRecords.insertSorted(record)
    tally.insert(record.instant)
    version += 1
  }

  private mutating func remove(_ record: Record) {
    guard let index = liveRecords.lastIndex(of: record) else { preconditionFailure("\(record) is not live") }
    liveRecords.remove(at: index)
    let removed = tally.remove(record.instant)
    precondition(removed, "the tally lacked \(record.instant)")
    version += 1
  }
}
