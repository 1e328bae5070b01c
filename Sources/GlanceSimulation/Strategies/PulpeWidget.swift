import GlanceKernel
import GlanceSync

/// Pulpe's budget widget (`../shared/domain/pulpe.md` §4), reproduced with its bugs:
/// - the app writes the widget cache (the current period's `remaining` and its year) after data
///   mutations, when it goes to the background, and in a BGAppRefresh task (earliest after
///   3 600 s);
/// - the provider returns **one entry, refreshed after an hour**, and the empty state
///   ("Ouvre Pulpe") when the cached period is no longer the current one;
/// so after a pay-period boundary the widget shows the old period until its next hourly reload,
/// then the empty state until the app runs or its background task does;
/// - the year overview is drawn the same way from the cached year, so after the January period
///   begins (31 December with calendar months, 27 December with pay day 27) it shows last year's
///   grid until its next reload, then the empty state until the cache is synced again.
struct PulpeWidget: SyncDesign {
  static let name = "pulpe-widget"
  static let domain = Domain.budget
  static let expectedToConverge = false
  static let widgets: [WidgetID] = [.main, .year]

  let book: BudgetBook
  /// The app's data (Pulpe's backend): expenses by id.
  private var expenses: [(id: EventID, instant: Instant, amount: Money)] = []
  /// The App Group widget cache, when last synced.
  private var cache: BudgetWidgetCache? = nil
  private var refreshScheduled = false
  /// Counts the changes to the app's data: its display is memoised on it.
  private var version = 0
  private let appMemo = Memo<BudgetMemoKey, Display>()
  /// Each period's expenses summed, folded as the data grows.
  private let periodSums = PeriodSums()
  /// Counts the removals from the app's data (its other changes are appends).
  private var removals = 0

  init(scenario: Scenario, stores: RunStores) {
    book = BudgetBook(scenario: scenario)
  }

  private func figures(at instant: Instant, in calendar: ZoneCalendar) -> BudgetWidgetCache {
    let spent = periodSums.sums(
      version: version, rewrites: removals, of: { expenses.map { ($0.instant, $0.amount) } }, in: calendar, book: book)
    return book.cache(spent: spent, at: instant, in: calendar)
  }

  private mutating func syncCache(world: inout World, context: ReloadContext) {
    cache = figures(at: world.now, in: world.calendar)
    world.requestReload(context: context)
  }

  mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
    switch deed {
    case .expense(let record, let submitted): expenses.append((record.id, record.instant, submitted.amount))
    case .remove(let target):
      expenses.removeAll { $0.id == target.id }
      removals += 1
    default: preconditionFailure("the budget model does not make \(deed)")
    }
    version += 1
    syncCache(world: &world, context: .appInForeground)
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

  /// The widget cache is one JSON value (`widget_budget_cache`).
  var defaultsKeys: [String] { ["widget_budget_cache"] }

  /// The provider's `JSONDecoder` fails on the garbage and it returns the empty entry ("Ouvre
  /// Pulpe"), as with no cache, until the app writes the cache again.
  mutating func defaultsCorrupted(_ key: String, world: inout World) {
    cache = nil
  }

  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    .single(
      Display.budget(cache, widget: widget, at: world.now, in: world.calendar), now: world.now,
      reloadAfter: Instant.millisecondsPerHour)
  }

  func display(on surface: Surface, world: World) -> Display {
    precondition(surface == .app, "the budget app shows \(surface) no display of its own")
    let calendar = world.calendar
    let key = BudgetMemoKey(version: version, period: book.period(on: world.today.date), zone: calendar.identifier)
    return appMemo.value(for: key) {
      Display.budget(figures(at: world.now, in: calendar), widget: .main, at: world.now, in: calendar)
    }
  }

  func storedRecords(on device: Device) -> StoredRecords? {
    device == .phone ? .instants(expenses.map(\.instant).sorted()) : nil
  }
}
