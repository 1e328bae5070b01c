import GlanceKernel

/// Glance's converged design for the budget: every expense is an `expense` event (a `Money`
/// amount entered on the kernel's `AmountEntry` sheet) and a delete a `remove` tombstone, in the
/// store's event log (the kernel's `EventLog`: a `Replica`, or GlanceStore's SQLite store with
/// `--store sqlite`); every figure is derived from the log with the app's ``BudgetBook``.
///
/// Both widgets' timelines are planned from the log to every pay-period boundary
/// (``BudgetDisplayProjection``), so at a boundary the current-period widget shows the new
/// period's `remaining` at once, and the year overview turns to the new year's grid when the
/// January period begins, with no reload; each change made in the app requests a reload (free in
/// the foreground).
struct ConvergedBudget: ConvergedDesign {
  static let domain = Domain.budget
  static let widgets: [WidgetID] = [.main, .year]

  let book: BudgetBook
  private var store: DeviceLog
  /// Each period's expenses summed, folded as the log grows.
  private let periodSums = PeriodSums()
  /// What each widget shows in each period (indexed like ``WidgetID``); the app shows the main
  /// widget's.
  private let periodDisplays = [PeriodDisplays(), PeriodDisplays()]

  init(scenario: Scenario, stores: RunStores) {
    book = BudgetBook(scenario: scenario)
    store = DeviceLog("phone", stores: stores)
  }

  mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
    switch deed {
    case .expense(let record, let submitted):
      store.record(
        Event(id: record.id, kind: .expense(amount: submitted.amount, note: submitted.name), instant: record.instant, origin: .app))
    case .remove(let target):
      store.record(Event(id: action.eventID, kind: .remove(target: target.id), instant: action.time, origin: .app))
    default:
      preconditionFailure("the budget model does not make \(deed)")
    }
    world.requestReloadMindingDeafWindow(context: .appInForeground)
  }

  /// The app comes to the foreground: a reload is free then, and replaces any the widget's own
  /// schedule may have lost.
  mutating func appBecameActive(world: inout World) {
    world.requestReloadMindingDeafWindow(context: .appInForeground)
  }

  /// Every live expense, from the log.
  private var expenses: [(instant: Instant, amount: Money)] {
    store.liveExpenses().compactMap { event in
      guard case .expense(let amount, _) = event.kind else { return nil }
      return (event.instant, amount)
    }
  }

  /// Each period's expenses summed, periods read in `calendar`'s zone.
  private func spent(in calendar: ZoneCalendar) -> [BudgetPeriod: Money] {
    periodSums.sums(version: store.version, rewrites: store.expenseRewrites, of: { expenses }, in: calendar, book: book)
  }

  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
    plannedTimeline(
      BudgetDisplayProjection(
        book: book, spent: spent(in: world.calendar), widget: widget, calendar: world.calendar,
        displays: periodDisplays[widget.index], version: store.version),
      now: world.now, horizonMilliseconds: TimelinePlanner.horizonMaxMilliseconds) { $0 }
  }

  /// The app shows what the current-period widget shows.
  func display(on surface: Surface, world: World) -> Display {
    precondition(surface == .app, "the budget app shows \(surface) no display of its own")
    let calendar = world.calendar
    return periodDisplays[WidgetID.main.index].display(
      of: book.period(on: world.today.date), version: store.version, zone: calendar.identifier
    ) {
      BudgetBook.display(book.cache(spent: spent(in: calendar), at: world.now, in: calendar), widget: .main, at: world.now, in: calendar)
    }
  }

  func storedRecords(on device: Device) -> StoredRecords? {
    device == .phone ? .ids(store.liveExpenses().map(\.id)) : nil
  }
}

/// What a budget widget shows as time passes, from the expenses known when the timeline is
/// planned, in the zone the device is in then: it changes only at pay-period boundaries.
struct BudgetDisplayProjection: TimelineProjection {
  let book: BudgetBook
  /// Each period's expenses summed, once for the whole timeline.
  let spent: [BudgetPeriod: Money]
  let widget: WidgetID
  let calendar: ZoneCalendar

  /// What the widget showed in each period for the log's `version` and the zone, at earlier
  /// reloads (the model depends on the period alone).
  let displays: PeriodDisplays
  let version: Int

  func model(at instant: Instant) -> Display {
    displays.display(of: book.period(at: instant, in: calendar), version: version, zone: calendar.identifier) {
      BudgetBook.display(book.cache(spent: spent, at: instant, in: calendar), widget: widget, at: instant, in: calendar)
    }
  }

  /// The next period's first instant, as the kernel's budget projection finds it (its change
  /// points depend on the pay day alone, so an empty cache will do).
  func nextChangePoint(after instant: Instant) -> Instant? {
    do {
      let cache = try BudgetWidgetCache(
        asOf: instant, currency: .chf, payDay: book.periods.payDay, current: nil, year: book.period(at: instant, in: calendar).year,
        yearMonths: [])
      return BudgetWidgetProjection(cache: cache, kind: .yearOverview, calendar: calendar).nextChangePoint(after: instant)
    } catch {
      preconditionFailure("an empty cache is consistent: \(error)")
    }
  }
}
