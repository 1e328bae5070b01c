import GlanceKernel

/// The tally's truth (MirrorSmoker): every tap is a record, wherever it was made; a delete in the
/// app removes the latest record of today. The app should show the kernel's ``TallySummary``,
/// the widget and the watch its ``TallyBadge``, all from one `Tally` of the live records.
///
/// ## Laws
/// - `tally` holds exactly the instants of ``liveRecords``.
/// - A delete removes the latest live record (by instant, then id) of the local day of the
///   action in the device's zone; with none, the action changes nothing.
struct TallyTruth: DomainModel {
  static let surfaces: [Surface] = [.app, .widget, .watch]

  private var tally = Tally()
  private(set) var liveRecords: [Record] = []
  /// What the app should show, for the key it was computed for.
  private var memo: (key: DayMemoKey, summary: TallySummary)? = nil
  private var version = 0

  mutating func record(_ action: PlannedAction, in calendar: ZoneCalendar) -> Deed? {
    switch action.kind {
    case .appTap, .widgetTap, .watchTap:
      let record = Record(id: action.eventID, instant: action.time)
      insert(record)
      return .add(record)
    case .appDelete:
      let today = calendar.dayInterval(containing: action.time)
      guard let target = liveRecords.last(where: { today.contains($0.instant) }) else { return nil }
      remove(target)
      return .remove(target: target)
    case .appOpen:
      return nil
    }
  }

  mutating func expected(on surface: Surface, at instant: Instant, in calendar: ZoneCalendar) -> Display {
    let summary = summary(at: instant, in: calendar)
    switch surface {
    case .app: return .tally(summary)
    case .widget, .watch: return .tallyBadge(TallyBadge(count: summary.count, limit: PersonSettings.tallyDailyLimit))
    case .yearWidget: preconditionFailure("the tally has no year widget")
    }
  }

  private mutating func summary(at instant: Instant, in calendar: ZoneCalendar) -> TallySummary {
    let day = calendar.dayInterval(containing: instant)
    let key = DayMemoKey(version: version, dayStart: day.start, zone: calendar.identifier)
    if let memo, memo.key == key { return memo.summary }
    let summary = TallySummary(
      tally: tally, at: instant, in: calendar, limit: PersonSettings.tallyDailyLimit,
      streakLimit: PersonSettings.tallyStreakLimit)
    memo = (key, summary)
    return summary
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
