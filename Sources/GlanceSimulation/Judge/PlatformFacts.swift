import GlanceKernel

/// What the judge may see of the platform at an instant: the clock and the zone, what the
/// channels carried, WidgetKit's windows and reloads, the app's state. ``World`` gives them;
/// a checker's unit tests make them by hand. A checker sees the platform only through these
/// facts, and a design only through what its surfaces show and its stores hold.
protocol PlatformFacts {
  var now: Instant { get }
  /// The local day of ``now`` in ``calendar``'s zone.
  var today: DayInterval { get }
  var calendar: ZoneCalendar { get }
  /// How many zone changes happened so far.
  var zoneChanges: Int { get }
  var appForeground: Bool { get }
  /// A store move's updated app is installed and has not run yet.
  var awaitingFirstLaunch: Bool { get }
  /// Until when WidgetKit ignores reloads (the app was opened from a widget), if ever.
  var deafUntil: Instant? { get }
  /// What the faults in effect do to the platform now (writes the App Group store deferred, …):
  /// the one door through which a checker allows for faults.
  var faultEffects: FaultEffects { get }
  /// When the device's last zone change is caught up with, if it was.
  var zoneSettles: Instant? { get }
  /// ``zoneSettles`` while it is still ahead: a zone change is being caught up with.
  var zoneSettling: Instant? { get }
  /// Where what `device` must know stops (see ``Invariant``): `nil` when nothing bound for it
  /// is on its way.
  func pendingSince(to device: Device) -> Instant?
  /// The send instant of the latest thing delivered to `device`, on any channel.
  func deliveredThrough(to device: Device) -> Instant?
  /// How many deliveries reached `device` so far.
  func deliveryCount(to device: Device) -> Int
  /// The last charged reload of `widget` before ``now``.
  func lastChargedReload(of widget: WidgetID) -> Instant?
  /// The widgets WidgetKit hosts for the design, in ``WidgetID`` order.
  var hostedWidgets: ArraySlice<WidgetID> { get }
  /// What WidgetKit's budget did with `widget`'s reload requests so far (`widget` is hosted).
  func reloads(of widget: WidgetID) -> ReloadTally
  /// The events before now, oldest first, for a violation's report.
  var trace: [String] { get }
}
