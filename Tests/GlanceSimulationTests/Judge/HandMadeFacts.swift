import GlanceKernel
@testable import GlanceSimulation

/// Platform facts made by hand, for a checker's unit tests: a Zurich phone with the app in the
/// foreground, nothing on its way, WidgetKit listening, no reload asked; each test changes what
/// it needs.
struct HandMadeFacts: PlatformFacts {
  var now: Instant
  var calendar = try! ZoneCalendar(identifier: "Europe/Zurich")
  var zoneChanges = 0
  var appForeground = true
  var awaitingFirstLaunch = false
  var faultEffects = FaultEffects.none
  var deafUntil: Instant? = nil
  var zoneSettles: Instant? = nil
  var pending: [Device: Instant] = [:]
  var delivered: [Device: Instant] = [:]
  var deliveries: [Device: Int] = [:]
  var charged: [WidgetID: [Instant]] = [:]
  var hosted: [WidgetID] = [.main]
  var tallies: [WidgetID: ReloadTally] = [:]

  init(now: Instant) { self.now = now }

  var today: DayInterval { calendar.dayInterval(containing: now) }
  var zoneSettling: Instant? { zoneSettles.flatMap { $0 > now ? $0 : nil } }
  func pendingSince(to device: Device) -> Instant? { pending[device] }
  func deliveredThrough(to device: Device) -> Instant? { delivered[device] }
  func deliveryCount(to device: Device) -> Int { deliveries[device] ?? 0 }
  func lastChargedReload(of widget: WidgetID) -> Instant? { charged[widget]?.last { $0 < now } }
  var hostedWidgets: ArraySlice<WidgetID> { hosted[...] }
  func reloads(of widget: WidgetID) -> ReloadTally {
    tallies[widget] ?? ReloadTally(requests: 0, denied: 0, firstDenial: nil, limit: 70)
  }
  var trace: [String] { ["hand-made"] }
}
