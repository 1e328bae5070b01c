public import GlanceKernel

/// The steps display of a snapshot as time passes: it changes at local day boundaries only.
public struct StepsDisplayProjection: TimelineProjection {
  public let snapshot: StepsSnapshot
  public let calendar: ZoneCalendar

  public init(snapshot: StepsSnapshot, calendar: ZoneCalendar) {
    self.snapshot = snapshot
    self.calendar = calendar
  }

  public func model(at instant: Instant) -> StepsDisplay {
    StepsDisplay(snapshot: snapshot, at: instant, calendar: calendar)
  }

  public func nextChangePoint(after instant: Instant) -> Instant? { calendar.nextRollover(after: instant) }
}
