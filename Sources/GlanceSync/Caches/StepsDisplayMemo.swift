import GlanceKernel

/// The displays of a steps timeline a provider last rendered: a timeline's entries are the
/// displays of one snapshot on now's local day and the next two, and a reload later that day, of
/// a progress that did not change, asks for the same ones again.
///
/// `StepsDisplay(snapshot: s, at: t, calendar: c)` reads `t` only through the local day that
/// contains it in `c` (each of its models is constant on a local day), and `s` only through its
/// figures, which for one progress depend on `asOf` only through the snapshot's day key
/// (``StepsSnapshot``'s `redated(to:)`). So the caller names the snapshot's progress by a
/// generation (``StepProgressFold``'s), and the memo never compares snapshots.
///
/// One belongs to one provider, used from one thread at a time (an app's main actor, a widget
/// extension's provider, a simulated run), which is why it may be `Sendable` unchecked.
///
/// ## Laws
/// - `display(of: s, generation: g, at: t, calendar: c)` equals
///   `StepsDisplay(snapshot: s, at: t, calendar: c)` whenever every call with generation `g`
///   passed a snapshot of the same progress (`StepsSnapshot(progress: p, asOf: _, calendar: _)`
///   for one `p`).
final class StepsDisplayMemo: @unchecked Sendable {
  /// What the displays kept were rendered from: the progress, the snapshot's day and the zone.
  ///
  /// Read at every display asked for, like ``displays``: exempt from the dynamic exclusivity
  /// check, whose thread-local lookup cost more than the read. Safe: a memo is used from one
  /// thread at a time, and no access to it overlaps another.
  @exclusivity(unchecked) private var key: (generation: Int, snapshotDay: DayKey, zone: String)? = nil
  /// The displays on the days asked for, most recent last (at most `capacity`).
  @exclusivity(unchecked) private var displays: [(day: DayInterval, display: StepsDisplay)] = []
  /// A two-day timeline has entries on three local days; one more for the day after.
  private let capacity = 4

  /// The display of `snapshot` at `instant` in `calendar`'s zone.
  func display(of snapshot: StepsSnapshot, generation: Int, at instant: Instant, calendar: ZoneCalendar) -> StepsDisplay {
    let day = calendar.dayInterval(containing: instant)
    if let key, key.generation == generation, key.snapshotDay == snapshot.dayKey, key.zone == calendar.identifier {
      if let index = displays.lastIndex(where: { $0.day == day }) { return displays[index].display }
    } else {
      key = (generation, snapshot.dayKey, calendar.identifier)
      displays.removeAll(keepingCapacity: true)
    }
    let display = StepsDisplay(snapshot: snapshot, at: instant, calendar: calendar)
    if displays.count == capacity { displays.removeFirst() }
    displays.append((day, display))
    precondition(displays.count <= capacity, "\(displays.count) displays kept; at most \(capacity)")
    return display
  }
}
