public import GlanceKernel

/// The converged tally widget's timeline provider: it reads today's count from the App Group
/// store and plans a timeline of badges to the next day boundary, where the count drops to zero
/// with no reload.
///
/// Call it from the widget extension's `TimelineProvider.getTimeline`, with the current instant
/// and the device's current zone, and hand WidgetKit the entries and the policy. Keep one
/// provider for one store (the `TimelineProvider` holds it): when the store counts its changes
/// and hands out its change feed (``ChangeCountingEventLog``), it folds the live adds the store
/// gained since the last timeline instead of slicing today out of the store again.
/// ``timeline(of:settings:refreshBudget:at:in:)`` plans one timeline with no provider to keep.
///
/// ## Laws
/// - For every `t` in the two days after `now` (in the zone of `calendar`), the entry in force
///   shows the count of the store's live adds of the local day holding `t` as of `now`: today's
///   count on today, zero on later days.
/// - A provider's timeline equals the static one for the same store, settings and budget: the
///   whole store's live adds, folded, count today as today's slice does (`Replica.slice` keeps
///   an event inside live exactly when the whole store does).
/// - The reload it asks for comes within the zone check (``WidgetTimelines/zoneCheckMilliseconds(refreshBudget:)``).
public struct TallyWidget: Sendable {
  /// The daily limit the badges are measured against.
  public let settings: TallySettings
  /// The widget's budget: charged reloads a day.
  public let refreshBudget: Int
  private let liveAdds = LiveAddTally()

  /// A provider for a widget whose budget is `refreshBudget` charged reloads a day.
  ///
  /// - Throws: `RefreshBudgetError.limitOutOfRange` outside 40…72.
  public init(settings: TallySettings, refreshBudget: Int) throws(RefreshBudgetError) {
    guard RefreshBudget.limitRange.contains(refreshBudget) else { throw .limitOutOfRange(refreshBudget) }
    self.settings = settings
    self.refreshBudget = refreshBudget
  }

  /// The timeline of the tally widget at `now`, from `log`, "today" in `calendar`'s zone.
  ///
  /// - Throws: what the log throws.
  public func timeline(of log: some EventLog, at now: Instant, in calendar: ZoneCalendar) throws -> Timeline<TallyBadge> {
    let today = calendar.dayInterval(containing: now)
    let count = try liveAdds.tally(of: log)?.count(in: today) ?? Self.count(of: log, in: today)
    return Self.timeline(count: count, settings: settings, refreshBudget: refreshBudget, at: now, in: calendar)
  }

  /// The timeline of the tally widget at `now`, from `log`, "today" in `calendar`'s zone, for a
  /// widget whose budget is `refreshBudget` charged reloads a day (40…72): what a provider
  /// plans, read from today's slice of the store.
  ///
  /// - Throws: what the log throws.
  public static func timeline(
    of log: some EventLog, settings: TallySettings, refreshBudget: Int, at now: Instant, in calendar: ZoneCalendar
  ) throws
    -> Timeline<TallyBadge>
  {
    let count = try count(of: log, in: calendar.dayInterval(containing: now))
    return timeline(count: count, settings: settings, refreshBudget: refreshBudget, at: now, in: calendar)
  }

  /// The number of live adds of `log` in `day`, from the day's slice.
  private static func count(of log: some EventLog, in day: DayInterval) throws -> Int {
    try log.replica(in: day.start..<day.end).liveAdds.count
  }

  /// The timeline of badges from today's `count`.
  private static func timeline(
    count: Int, settings: TallySettings, refreshBudget: Int, at now: Instant, in calendar: ZoneCalendar
  ) -> Timeline<TallyBadge> {
    let projection: WidgetProjection
    do {
      let snapshot = try TallySnapshot(asOf: now, dayKey: calendar.dayKey(containing: now), todayCount: count, calendar: calendar)
      projection = try WidgetProjection(snapshot: .tally(snapshot), kind: .tally, calendar: calendar, labels: .english)
    } catch {
      preconditionFailure("a snapshot of today's count fits the tally widget: \(error)")
    }
    return WidgetTimelines.plan(
      projection, now: now, horizonMilliseconds: WidgetTimelines.dayHorizonMilliseconds, refreshBudget: refreshBudget
    )
    .mapModels { model in
      guard case .tally(let tally) = model else { preconditionFailure("a tally projection renders tallies") }
      return TallyBadge(count: tally.count, limit: settings.dailyLimit)
    }
  }

  // MARK: Resuming

  /// This provider with its cache empty: for a simulator that resumes a play from a snapshot
  /// (a cache folded from one log must not serve a copy of it).
  package func emptied() -> Self { Self(settings: settings, checkedBudget: refreshBudget) }

  private init(settings: TallySettings, checkedBudget refreshBudget: Int) {
    self.settings = settings
    self.refreshBudget = refreshBudget
  }
}
