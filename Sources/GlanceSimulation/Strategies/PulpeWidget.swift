import GlanceKernel

/// Pulpe's budget widget (`../shared/domain/pulpe.md` §4), reproduced with its bugs:
/// - the app writes the widget cache (the current period's `remaining`) after data mutations, when
///   it goes to the background, and in a BGAppRefresh task (earliest after 3 600 s);
/// - the provider returns **one entry, refreshed after an hour**, and the empty state
///   ("Ouvre Pulpe") when the cached period is no longer the current one;
/// so after a pay-period boundary the widget shows the old period until its next hourly reload,
/// then the empty state until the app runs or its background task does;
/// - the year overview shows the grid of the year it was cached for, refreshed after an hour, so
///   after the January period begins (31 December with calendar months, 27 December with pay day
///   27) it shows last year's grid until the cache is synced again.
struct PulpeWidget: SyncDesign {
  static let name = "pulpe-widget"
  static let domain = Domain.budget
  static let surfaces: [Surface] = [.app, .widget, .yearWidget]
  static let expectedToConverge = false
  static let widgetCount = 2

  let plan: BudgetPlan
  /// The app's data (Pulpe's backend): expense instants.
  private var expenses = SortedInstants()
  /// The App Group widget cache: the period and its remaining when last synced.
  private var cache: (period: BudgetPeriod, remaining: Int)? = nil
  private var refreshScheduled = false

  init(scenario: Scenario) {
    plan = BudgetPlan(payDay: scenario.payDay)
  }

  private mutating func syncCache(world: inout World, context: ReloadContext) {
    cache = (plan.period(at: world.now, in: world.calendar), plan.remaining(at: world.now, expenses: expenses, in: world.calendar))
    world.requestReload(context: context)
  }

  mutating func perform(_ action: PlannedAction, world: inout World) -> TruthEffect {
    let effect = plan.apply(action, to: &expenses, at: world.now, in: world.calendar)
    if effect != .none { syncCache(world: &world, context: .appInForeground) }
    return effect
  }

  mutating func appBecameActive(world: inout World) {
    syncCache(world: &world, context: .appInForeground)
  }

  mutating func appWentToBackground(world: inout World) {
    syncCache(world: &world, context: .background)
    if !refreshScheduled {
      refreshScheduled = true
      world.schedule(.backgroundRefresh, after: world.drawDuration(3_600_000...5_400_000))
    }
  }

  mutating func backgroundRefresh(world: inout World) {
    // iOS runs the task when it sees fit, earliest an hour after it was asked for.
    if !world.appForeground { syncCache(world: &world, context: .background) }
    world.schedule(.backgroundRefresh, after: world.drawDuration(3_600_000...10_800_000))
  }

  mutating func appKilled(world: inout World) {}
  mutating func step(_ step: Step, world: inout World) {}
  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {}

  func timeline(world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
    let current = plan.period(at: world.now, in: world.calendar)
    let value = cache.map { $0.period == current ? $0.remaining : BudgetPlan.emptyState } ?? BudgetPlan.emptyState
    return ([(world.now, value)], .after(world.now.advanced(by: Instant.millisecondsPerHour)))
  }

  func timeline(widget: Int, world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
    guard widget == 1 else { return timeline(world: world) }
    // The year provider: the grid of the cached year (the highlight moves with today's date).
    let year = cache.map(\.period.year) ?? BudgetPlan.emptyState
    return ([(world.now, year)], .after(world.now.advanced(by: Instant.millisecondsPerHour)))
  }

  func count(on surface: Surface, world: World) -> Int { plan.remaining(at: world.now, expenses: expenses, in: world.calendar) }

  func trueValue(of entries: SortedInstants, at instant: Instant, in calendar: ZoneCalendar) -> Int {
    plan.remaining(at: instant, expenses: entries, in: calendar)
  }

  /// The year widget should show the year of the current period.
  func trueValue(of entries: SortedInstants, at instant: Instant, in calendar: ZoneCalendar, on surface: Surface) -> Int {
    surface == .yearWidget ? plan.period(at: instant, in: calendar).year : trueValue(of: entries, at: instant, in: calendar)
  }

  func storedTimestamps() -> [Instant] { expenses.values }
}
