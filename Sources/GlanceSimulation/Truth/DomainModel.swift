import GlanceKernel

/// The truth of one domain: what the person did, fed as the deeds the person meant, and what
/// every surface should show at any instant, computed with the kernel and never taken from a
/// design. A truth never interprets an action: the person does (``Person``).
///
/// ## Laws
/// - Only the judge mutates a model, once per deed the person meant; a design never sees the
///   model.
/// - ``expected(on:at:today:in:)`` is a pure function of the deeds taken in, the instant and the
///   zone (a model may memoise, which is why it is `mutating`), and changes with the instant only
///   at local day boundaries: the judge asks again only when a deed was recorded, or the day, the
///   zone or what may be unknown changed (``ExpectedMemoKey``).
/// - ``liveRecords`` holds every record a deed made and no later deed removed, sorted: the
///   person's own ``Person/liveRecords``, kept apart.
protocol DomainModel {
  /// The domain's surfaces, in surface order.
  static var surfaces: [Surface] { get }
  /// Takes in `deed`, which the person meant by an action performed at `instant` on `device`
  /// with the device in `calendar`'s zone (``Person/act(_:in:)``).
  mutating func apply(_ deed: Deed, at instant: Instant, on device: Device, in calendar: ZoneCalendar)
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
