/// The last ``StepsSnapshot`` made of a progress, kept for the rest of its local day: a widget
/// reload or a display later that day, of a progress that did not change, re-dates it instead
/// of counting every completion again.
///
/// The caller names the progress by a `generation` that it changes whenever the progress may
/// have changed (a fold's count of recomputations); the memo never compares progresses.
///
/// ## Laws
/// - `memo.snapshot(of: p, generation: g, asOf: t, calendar: c)` equals
///   `StepsSnapshot(progress: p, asOf: t, calendar: c)` whenever every call with generation `g`
///   passed the same progress `p`.
/// - `memo.display(of: p, generation: g, at: t, calendar: c)` equals
///   `StepsDisplay(snapshot: StepsSnapshot(progress: p, asOf: t, calendar: c), at: t, calendar: c)`
///   under the same condition: every model of the display reads the instant only through the
///   local day that contains it, as the snapshot does.
///
/// One belongs to one provider, used from one thread at a time, which is why it may be
/// `Sendable` unchecked.
package final class StepsSnapshotMemo: @unchecked Sendable {
  private var last: (generation: Int, zone: String, day: DayInterval, snapshot: StepsSnapshot)? = nil
  /// The display of `last`'s snapshot, once asked for.
  private var lastDisplay: StepsDisplay? = nil

  package init() {}

  /// The snapshot of `progress` at `asOf` in `calendar`'s zone.
  package func snapshot(of progress: StepProgress, generation: Int, asOf: Instant, calendar: ZoneCalendar) -> StepsSnapshot {
    let day = calendar.dayInterval(containing: asOf)
    if let last, last.generation == generation, last.day == day, last.zone == calendar.identifier {
      return last.snapshot.redated(to: asOf)
    }
    let snapshot = StepsSnapshot(progress: progress, asOf: asOf, calendar: calendar)
    last = (generation, calendar.identifier, day, snapshot)
    lastDisplay = nil
    return snapshot
  }

  /// What the app and the widget show of `progress` at `instant` in `calendar`'s zone.
  package func display(of progress: StepProgress, generation: Int, at instant: Instant, calendar: ZoneCalendar) -> StepsDisplay {
    let snapshot = snapshot(of: progress, generation: generation, asOf: instant, calendar: calendar)
    if let lastDisplay { return lastDisplay }
    let display = StepsDisplay(snapshot: snapshot, at: instant, calendar: calendar)
    lastDisplay = display
    return display
  }
}
