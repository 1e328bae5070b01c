import GlanceKernel
import GlanceSync

/// Glance's converged design for the budget: GlanceSync's ``BudgetApp`` and ``BudgetWidgets``
/// (the current-period and year-overview widgets), wired to the simulated platform.
struct ConvergedBudget: ConvergedDesign, ResumableDesign {
  static let domain = Domain.budget
  static let widgets: [WidgetID] = [.main, .year]

  var phone: BudgetApp<SimulatedEventLog>
  /// The widget extension's timeline provider.
  private let provider: BudgetWidgets
  let platform: SimulatedPlatform
  var savedPendingWrites = PendingWrites()
  var pendingRetryAsked = false
  /// What the app shows, for the log's version, the current period and the zone.
  private let memo = Memo<BudgetMemoKey, Display>()
  private let refreshBudget: Int

  init(scenario: Scenario, stores: RunStores) {
    let book = BudgetBook(scenario: scenario)
    platform = SimulatedPlatform()
    refreshBudget = scenario.refreshBudget
    do {
      provider = try BudgetWidgets(book: book, refreshBudget: scenario.refreshBudget)
    } catch {
      preconditionFailure("a loaded scenario's refresh budget is in range: \(error)")
    }
    phone = Self.phone(
      log: SimulatedEventLog("phone", stores: stores), book: book, refreshBudget: scenario.refreshBudget, platform: platform)
  }

  /// This design as it stands, its engine over a copy of its log in `stores`, its platform and
  /// caches its own (``ResumableDesign``).
  func copy(into stores: RunStores) -> ConvergedBudget { ConvergedBudget(self, into: stores) }

  private init(_ design: ConvergedBudget, into stores: RunStores) {
    platform = design.platform.copy()
    refreshBudget = design.refreshBudget
    provider = design.provider.emptied()
    phone = design.phone.rewired(log: design.phone.log.copy(into: stores), reloader: platform, wakes: platform)
    savedPendingWrites = design.savedPendingWrites
    pendingRetryAsked = design.pendingRetryAsked
  }

  /// The engine's log and memory, and the writes saved for the next launch
  /// (``ResumableDesign``); not the memo nor the provider, which are caches, nor the book and
  /// the budget, the scenario's.
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(phone.log)
    hasher.combine(phone)
    hasher.combine(savedPendingWrites)
    hasher.combine(pendingRetryAsked)
  }

  /// The phone's engine over `log`, as the app makes it at launch, with the writes the last one
  /// left waiting (`pendingWrites`, saved in the app's container).
  private static func phone(
    log: SimulatedEventLog, book: BudgetBook, refreshBudget: Int, platform: SimulatedPlatform,
    pendingWrites: PendingWrites = PendingWrites()
  ) -> BudgetApp<SimulatedEventLog> {
    do {
      return try BudgetApp(
        log: log, book: book, refreshBudget: refreshBudget, reloader: platform, wakes: platform, pendingWrites: pendingWrites)
    } catch {
      preconditionFailure("a loaded scenario's refresh budget is in range: \(error)")
    }
  }

  /// A launched app makes its engine anew over its store, resuming its pacing from the App
  /// Group's defaults and the writes waiting from its container: what the last process kept in
  /// memory is gone.
  mutating func appLaunched(world: inout World) {
    let (log, book, refreshBudget, pending) = (phone.log, phone.book, refreshBudget, savedPendingWrites)
    platform.run(&world) {
      phone = Self.phone(log: log, book: book, refreshBudget: refreshBudget, platform: platform, pendingWrites: pending)
    }
  }

  mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
    switch deed {
    case .expense(let record, let submitted):
      platform.run(&world) { try phone.add(submitted, id: record.id, at: record.instant) }
    case .remove(let target):
      platform.run(&world) { try phone.delete(target.id, id: action.eventID, at: action.time) }
    case .amend(let target, let replacement, let submitted):
      let tombstone = EventID(action.madeID(0))
      platform.run(&world) { try phone.edit(target.id, to: submitted, ids: (tombstone, replacement.id), at: action.time) }
    default:
      preconditionFailure("the budget model does not make \(deed)")
    }
    savePendingWrites(world: &world)
  }

  mutating func appBecameActive(world: inout World) {
    let now = world.now
    // The writes the store deferred first, as BudgetApp asks.
    retryPendingWrites(world: &world)
    savePendingWrites(world: &world)
    platform.run(&world) { phone.becameActive(at: now) }
  }

  mutating func retryPendingWrites(world: inout World) {
    guard !phone.pendingWrites.isEmpty else { return }
    let now = world.now
    platform.run(&world) { try phone.retryPendingWrites(at: now) }
  }

  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    let kind: BudgetWidgetKind = widget == .year ? .yearOverview : .currentPeriod(.small)
    let timeline = Self.shown { try provider.timeline(of: phone.log, kind: kind, at: world.now, in: world.calendar) }
    return WidgetTimeline(timeline) { Display($0) }
  }

  /// The app shows what the current-period widget shows.
  func display(on surface: Surface, world: World) -> Display {
    precondition(surface == .app, "the budget app shows \(surface) no display of its own")
    let key = BudgetMemoKey(
      version: Self.memoVersion(phone.log.version, phone.pendingWrites), period: phone.book.period(on: world.today.date),
      zone: world.calendar.identifier)
    return memo.value(for: key) { .currentPeriod(Self.shown { try phone.display(at: world.now, in: world.calendar) }) }
  }

  func storedRecords(on device: Device) -> StoredRecords? {
    device == .phone ? .ids(phone.log.liveExpenseIDs()) : nil
  }
}
