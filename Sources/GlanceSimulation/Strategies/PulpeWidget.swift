import Foundation
import GlanceKernel
import GlanceSync

/// Pulpe's budget widget (see *The real apps Glance models*, Pulpe: the budget widget; the app at `96da79248`),
/// reproduced with its bugs:
/// - the app writes the widget cache (the current period's `remaining` and its year, fetched
///   from the backend) and reloads the widgets when it goes to the background, when it comes to
///   the foreground (its lists refresh), in a BGAppRefresh task (earliest after 3 600 s), and
///   after an expense added **on the home screen** (`syncWidgetAfterChange`; its 1 s debounce
///   is not modelled). Nothing else syncs it: an expense added on the sheet the widget's "+"
///   opens (`DeepLinkAddExpenseSheet` only dismisses), an edit (`PATCH` from the budget
///   details), a delete (a soft delete: gone from the screen at once, its undo toast runs 3 s,
///   then `DELETE` is sent) leave the widget as it was until one of the triggers above;
/// - a soft delete lives in the app's memory until its toast ends: a kill before loses it (the
///   expense is back on the next launch), and a sync during the toast fetches the backend that
///   still holds it;
/// - the provider returns **one entry, refreshed after an hour**, and the empty state
///   ("Ouvre Pulpe") when the cached period is no longer the current one;
/// so after a pay-period boundary the widget shows the old period until its next hourly reload,
/// then the empty state until the app runs or its background task does;
/// - the year overview is drawn the same way from the cached year, so after the January period
///   begins (31 December with calendar months, 27 December with pay day 27) it shows last year's
///   grid until its next reload, then the empty state until the cache is synced again.
///
/// Placeholder and snapshot (sample data: 1 500 for the month, random year values) are drawn
/// only in the widget gallery and while WidgetKit has no timeline; the simulated host always
/// has one, so they are not modelled. There is no "retry after 5 minutes" policy in any version.
struct PulpeWidget: SyncDesign {
  static let name = "pulpe-widget"
  static let domain = Domain.budget
  static let expectedToConverge = false
  static let widgets: [WidgetID] = [.main, .year]
  /// Expenses are written to Pulpe's backend; the phone keeps only the widget's cache.
  static let keepsRecordsOnServer = true

  let book: BudgetBook
  /// Pulpe's backend: the expenses, by id.
  private var expenses: [(id: EventID, instant: Instant, amount: Money)] = []
  /// Their instants, sorted: what the store holds, handed to the audit as the same array while
  /// the expenses do not change. Always `expenses.map(\.instant).sorted()`.
  private var heldInstants: [Instant] = []
  /// Expenses deleted on screen whose undo toast still runs: the backend still has them (the
  /// app's memory: a new process starts without them).
  private var softDeleted: [EventID] = []
  /// The key of the widget cache in the App Group's defaults (the world's): one JSON value, as
  /// `BudgetWidgetCache.encoded()` writes it (``AppGroupDefaults/Value/budgetCache(_:)``).
  static let cacheKey = "widget_budget_cache"
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

  /// The figures of the backend's expenses, less `hiding` (what the app shows hides its soft
  /// deletes).
  private func figures(at instant: Instant, in calendar: ZoneCalendar, hiding: [EventID] = []) -> BudgetWidgetCache {
    var spent = periodSums.sums(
      version: version, rewrites: removals, count: expenses.count, expense: { (expenses[$0].instant, expenses[$0].amount) },
      in: calendar, book: book)
    // The hidden expenses come off their periods' sums (a period left with none sums to zero,
    // which the book reads as it reads a period without expenses): exact, so the same figures
    // as summing the shown ones, without placing every expense in its period again.
    for expense in hiding.isEmpty ? [] : expenses where hiding.contains(expense.id) {
      spent[book.period(at: expense.instant, in: calendar), default: .zero(.chf)] -= expense.amount
    }
    return book.cache(spent: spent, at: instant, in: calendar)
  }

  /// `WidgetDataSyncService.sync`: the backend's figures into the cache, then the reload.
  private mutating func syncCache(world: inout World, context: ReloadContext) {
    world.appGroupDefaults.set(.budgetCache(figures(at: world.now, in: world.calendar)), forKey: Self.cacheKey)
    world.requestReload(context: context)
  }

  /// The cache as the provider reads it: its `JSONDecoder` fails on garbage, and the provider
  /// returns the empty entry ("Ouvre Pulpe") then, as with no cache, until the app writes the
  /// cache again.
  private func cache(in world: World) -> BudgetWidgetCache? {
    world.appGroupDefaults.budgetCache(forKey: Self.cacheKey)
  }

  mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
    switch deed {
    case .expense(let record, let submitted):
      // POST /transactions.
      expenses.append((record.id, record.instant, submitted.amount))
      heldInstants.insert(record.instant, at: heldInstants.partitionIndex { $0 > record.instant })
      version += 1
      // Only the home screen's add syncs the widget; the "+" sheet just dismisses.
      if action.kind == .appTap { syncCache(world: &world, context: .appInForeground) }
    case .remove(let target):
      // softDeleteTransaction: off the screen now, DELETE when the undo toast ends.
      softDeleted.append(target.id)
      version += 1
      world.schedule(step: PulpeStep.commitDeletion(target.id), in: .app, after: 3_000)
    case .amend(let target, let replacement, let submitted):
      // PATCH /transactions/{id}: the same transaction, a new amount (kept under the truth's
      // id for the edit so that stores are audited alike), no widget sync.
      guard let index = expenses.firstIndex(where: { $0.id == target.id }) else { return }
      expenses[index] = (replacement.id, expenses[index].instant, submitted.amount)
      removals += 1
      version += 1
    default: preconditionFailure("the budget model does not make \(deed)")
    }
  }

  mutating func step(_ step: PulpeStep, world: inout World) {
    switch step {
    case .commitDeletion(let id):
      // DELETE /transactions/{id}; no widget sync.
      softDeleted.removeAll { $0 == id }
      for gone in expenses where gone.id == id {
        heldInstants.remove(at: heldInstants.partitionIndex { $0 >= gone.instant })
      }
      expenses.removeAll { $0.id == id }
      removals += 1
      version += 1
    }
  }

  /// A new process: the soft deletes whose toast was running died with the last one (their
  /// `DELETE` was never sent), so the backend keeps the expenses.
  mutating func appLaunched(world: inout World) {
    if !softDeleted.isEmpty { version += 1 }
    softDeleted = []
  }

  mutating func appBecameActive(world: inout World) {
    syncCache(world: &world, context: .appInForeground)
  }

  mutating func appWentToBackground(world: inout World) {
    syncCache(world: &world, context: .background)
    if !refreshScheduled {
      refreshScheduled = true
      world.schedule(.platform(.backgroundRefresh), after: world.drawDuration(3_600_000...5_400_000))
    }
  }

  mutating func backgroundRefresh(world: inout World) {
    // iOS runs the task when it sees fit, earliest an hour after it was asked for.
    if !world.appForeground { syncCache(world: &world, context: .background) }
    world.schedule(.platform(.backgroundRefresh), after: world.drawDuration(3_600_000...10_800_000))
  }

  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    .single(
      Display.budget(cache(in: world), widget: widget, at: world.now, in: world.calendar), now: world.now,
      reloadAfter: Instant.millisecondsPerHour)
  }

  func display(on surface: Surface, world: World) -> Display {
    precondition(surface == .app, "the budget app shows \(surface) no display of its own")
    let calendar = world.calendar
    let key = BudgetMemoKey(version: version, period: book.period(on: world.today.date), zone: calendar.identifier)
    return appMemo.value(for: key) {
      Display.budget(figures(at: world.now, in: calendar, hiding: softDeleted), widget: .main, at: world.now, in: calendar)
    }
  }

  func storedRecords(on device: Device) -> StoredRecords? {
    guard device == .phone else { return nil }
    assert(heldInstants == expenses.map(\.instant).sorted(), "the held instants follow the expenses")
    return .instants(heldInstants)
  }
}
