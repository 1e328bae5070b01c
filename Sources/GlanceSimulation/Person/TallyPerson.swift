import GlanceKernel

/// The person of the tally (MirrorSmoker): a tap in the app, on the widget's "+" or on the watch
/// is a record; a delete in the app removes the latest record of today.
///
/// ## Laws
/// - Every tap adds a record with the action's id and instant.
/// - A delete removes the latest live record (by instant, then id) of the action's local day in
///   the device's zone; with none, it means nothing.
/// - Opening the app and editing mean nothing (the tally has nothing to edit).
struct TallyPerson: Person {
  private(set) var liveRecords: [Record] = []

  mutating func act(_ action: PlannedAction, in calendar: ZoneCalendar) -> Deed? {
    switch action.kind {
    case .appTap, .widgetTap, .watchTap:
      let record = Record(id: action.eventID, instant: action.time)
      liveRecords.insertSorted(record)
      return .add(record)
    case .appDelete:
      let today = calendar.dayInterval(containing: action.time)
      guard let index = liveRecords.lastIndex(where: { today.contains($0.instant) }) else { return nil }
      return .remove(target: liveRecords.remove(at: index))
    case .appOpen, .appEdit, .appLeave:
      return nil
    }
  }

  /// The ledger: the records made and not removed.
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(liveRecords) }
}
