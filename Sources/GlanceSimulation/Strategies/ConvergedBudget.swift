import GlanceKernel

/// Glance's converged design for the budget widget: the widget's timeline is planned from the
/// app's data to every pay-period boundary (`TimelinePlanner` over ``BudgetRemainingProjection``),
/// so at a boundary it shows the new period's `remaining` at once, with no reload; each change
/// made in the app requests a reload (free in the foreground). The year overview is planned the
/// same way, so it turns to the new year's grid when the January period begins.
struct ConvergedBudget: ConvergedDesign {
  static let domain = Domain.budget
  static let surfaces: [Surface] = [.app, .widget, .yearWidget]
  static let widgetCount = 2

  let plan: BudgetPlan
  private var expenses = SortedInstants()

  init(scenario: Scenario) {
    plan = BudgetPlan(payDay: scenario.payDay)
  }

  mutating func perform(_ action: PlannedAction, world: inout World) -> TruthEffect {
    let effect = plan.apply(action, to: &expenses, at: world.now, in: world.calendar)
    if effect != .none { world.requestReloadMindingDeafWindow(context: .appInForeground) }
    return effect
  }

  mutating func appBecameActive(world: inout World) {}
  mutating func appKilled(world: inout World) {}
  mutating func step(_ step: Step, world: inout World) {}
  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {}

  func timeline(world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
    countTimeline(
      BudgetRemainingProjection(plan: plan, expenses: expenses, calendar: world.calendar), now: world.now,
      horizonMilliseconds: TimelinePlanner.horizonMaxMilliseconds) { $0 }
  }

  func timeline(widget: Int, world: World) -> (entries: [(date: Instant, count: Int)], policy: ReloadPolicy) {
    guard widget == 1 else { return timeline(world: world) }
    return countTimeline(
      BudgetYearProjection(plan: plan, calendar: world.calendar), now: world.now, horizonMilliseconds: TimelinePlanner.horizonMaxMilliseconds
    ) { $0 }
  }

  func trueValue(of entries: SortedInstants, at instant: Instant, in calendar: ZoneCalendar, on surface: Surface) -> Int {
    surface == .yearWidget ? plan.period(at: instant, in: calendar).year : trueValue(of: entries, at: instant, in: calendar)
  }

  func count(on surface: Surface, world: World) -> Int { plan.remaining(at: world.now, expenses: expenses, in: world.calendar) }

  func trueValue(of entries: SortedInstants, at instant: Instant, in calendar: ZoneCalendar) -> Int {
    plan.remaining(at: instant, expenses: entries, in: calendar)
  }

  func storedTimestamps() -> [Instant] { expenses.values }
}

/// The current period's `remaining` as a function of time, from the expenses known when the
/// timeline is planned, in the zone the device is in then: it changes only at pay-period
/// boundaries.
struct BudgetRemainingProjection: TimelineProjection {
  let plan: BudgetPlan
  let expenses: SortedInstants
  let calendar: ZoneCalendar

  func model(at instant: Instant) -> Int { plan.remaining(at: instant, expenses: expenses, in: calendar) }

  func nextChangePoint(after instant: Instant) -> Instant? {
    plan.start(of: plan.period(at: instant, in: calendar).next, in: calendar)
  }
}

/// The year of the current period as a function of time: it changes only at pay-period
/// boundaries (the one where the January period begins).
struct BudgetYearProjection: TimelineProjection {
  let plan: BudgetPlan
  let calendar: ZoneCalendar

  func model(at instant: Instant) -> Int { plan.period(at: instant, in: calendar).year }

  func nextChangePoint(after instant: Instant) -> Instant? {
    plan.start(of: plan.period(at: instant, in: calendar).next, in: calendar)
  }
}
