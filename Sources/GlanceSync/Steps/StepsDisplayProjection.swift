public import GlanceKernel

/// The steps display of a snapshot as time passes: it changes at local day boundaries only.
public struct StepsDisplayProjection: TimelineProjection {
  public let snapshot: StepsSnapshot
  public let calendar: ZoneCalendar
  /// The provider's memo of the displays, and the generation of the progress ``snapshot`` was
  /// made of that names it to the memo (none for a projection made by hand).
  private let memo: (displays: StepsDisplayMemo, generation: Int)?

  public init(snapshot: StepsSnapshot, calendar: ZoneCalendar) {
    self.init(snapshot: snapshot, calendar: calendar, memo: nil)
  }

  /// A projection whose displays come through the provider's `memo`.
  init(snapshot: StepsSnapshot, calendar: ZoneCalendar, memo: (displays: StepsDisplayMemo, generation: Int)?) {
    self.snapshot = snapshot
    self.calendar = calendar
    self.memo = memo
  }

  public func model(at instant: Instant) -> StepsDisplay {
    guard let memo else { return StepsDisplay(snapshot: snapshot, at: instant, calendar: calendar) }
    return memo.displays.display(of: snapshot, generation: memo.generation, at: instant, calendar: calendar)
  }

  public func nextChangePoint(after instant: Instant) -> Instant? { calendar.nextRollover(after: instant) }
}
