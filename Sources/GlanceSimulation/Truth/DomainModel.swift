import GlanceKernel

/// The truth of one domain: what the person did, as the engine recorded it, and what every
/// surface should show at any instant, computed with the kernel and never taken from a design.
///
/// ## Laws
/// - Only the engine mutates a model, once per action the person performed; a design never
///   sees the model.
/// - ``expected(on:at:today:in:)`` is a pure function of the recorded actions, the instant and the
///   zone (a model may memoise, which is why it is `mutating`), and changes with the instant only
///   at local day boundaries: the judge asks again only when a deed was recorded, or the day, the
///   zone or what may be unknown changed (``ExpectedMemoKey``).
/// - ``liveRecords`` holds every record an accepted action made and no later action removed,
///   sorted.
protocol DomainModel {
  /// The domain's surfaces, in surface order.
  static var surfaces: [Surface] { get }
  /// Records `action`, performed at its time with the device in `calendar`'s zone; returns what
  /// it means, or `nil` when it changes nothing (a delete with nothing to delete, a widget tap
  /// in a domain without a "+").
  mutating func record(_ action: PlannedAction, in calendar: ZoneCalendar) -> Deed?
  /// What `surface` should show at `instant` with the device in `calendar`'s zone; `today` is
  /// `calendar.dayInterval(containing: instant)`, which the caller knows already.
  mutating func expected(on surface: Surface, at instant: Instant, today: DayInterval, in calendar: ZoneCalendar) -> Display
  /// What `surface` should show when what the other device did at or after `since` (and before
  /// `until`, when given) has not reached the surface's device yet (something sent to it since
  /// then is still on its way): the truth without those deeds. What the surface's own device did
  /// is always known.
  mutating func expected(
    on surface: Surface, at instant: Instant, today: DayInterval, in calendar: ZoneCalendar, unknownSince since: Instant,
    until: Instant?
  )
    -> Display
  /// The live records, sorted.
  var liveRecords: [Record] { get }
}

extension DomainModel {
  /// A domain whose every action happens on the phone and whose watch shows nothing: nothing the
  /// other device did can be unknown.
  mutating func expected(
    on surface: Surface, at instant: Instant, today: DayInterval, in calendar: ZoneCalendar, unknownSince since: Instant,
    until: Instant?
  )
    -> Display
  {
    expected(on: surface, at: instant, today: today, in: calendar)
  }
}
