@testable import GlanceKernel
@testable import GlanceSimulation
import GlanceSync
import Testing

/// A converged design with one part replaced on purpose: everything a mutant does not override
/// goes to `inner`.
protocol Mutant: SyncDesign where Message == Inner.Message, Step == Inner.Step {
  associatedtype Inner: SyncDesign
  var inner: Inner { get set }
  init(inner: Inner)
}

extension Mutant {
  static var expectedToConverge: Bool { true }
  static var domain: Domain { Inner.domain }
  static var widgets: [WidgetID] { Inner.widgets }
  static var widgetIntentRunsInApp: Bool { Inner.widgetIntentRunsInApp }
  init(scenario: Scenario, stores: RunStores) { self.init(inner: Inner(scenario: scenario, stores: stores)) }
  mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
    inner.perform(deed, of: action, world: &world)
  }
  mutating func appBecameActive(world: inout World) { inner.appBecameActive(world: &world) }
  mutating func appLaunched(world: inout World) { inner.appLaunched(world: &world) }
  mutating func widgetExtensionLaunched(world: inout World) { inner.widgetExtensionLaunched(world: &world) }
  mutating func watchAppLaunched(world: inout World) { inner.watchAppLaunched(world: &world) }
  mutating func appWentToBackground(world: inout World) { inner.appWentToBackground(world: &world) }
  mutating func zoneChanged(world: inout World) { inner.zoneChanged(world: &world) }
  mutating func backgroundRefresh(world: inout World) { inner.backgroundRefresh(world: &world) }
  mutating func wake(_ reason: WakeReason, world: inout World) { inner.wake(reason, world: &world) }
  mutating func appOpenedFromWidget(world: inout World) { inner.appOpenedFromWidget(world: &world) }
  mutating func step(_ step: Step, world: inout World) { inner.step(step, world: &world) }
  mutating func receive(_ message: Message, on device: Device, via channel: Channel, world: inout World) {
    inner.receive(message, on: device, via: channel, world: &world)
  }
  func timeline(of widget: WidgetID, world: World) -> WidgetTimeline { inner.timeline(of: widget, world: world) }
  func display(on surface: Surface, world: World) -> Display { inner.display(on: surface, world: world) }
  func storedRecords(on device: Device) -> StoredRecords? { inner.storedRecords(on: device) }
}

extension WidgetTimeline {
  /// The same timeline with every entry's display passed through `transform`.
  func mappingDisplays(_ transform: (Display) -> Display) -> WidgetTimeline {
    WidgetTimeline(entries: entries.map { Entry(date: $0.date, display: transform($0.display)) }, policy: policy)
  }
}

/// One deliberate bug per invariant, planted in a copy of a converged design (CONTRIBUTING.md, One bug per invariant): each
/// must be caught, at seed 42, by the invariant it was planted for. Where a bug cannot help
/// showing on a surface too (a dropped action, lost data), the other invariants it may break
/// are listed with it; every other invariant must hold.
@Suite("Mutants")
struct MutantsTests {
  // MARK: Mutants

  /// staleness: the widget shows a change two minutes late (its new entry is dated then), but
  /// still well before any quiescent check, and never across a day boundary.
  struct LateWidget: Mutant {
    static let name = "mutant-late-widget"
    var inner: ConvergedTally
    func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
      let planned = inner.timeline(of: widget, world: world)
      let late = world.now.advanced(by: 120_000)
      guard let old = world[host: widget].displayed(at: world.now), let first = planned.entries.first,
        old != first.display, !planned.entries.dropFirst().contains(where: { $0.date <= late })
      else { return planned }
      let entries = [WidgetTimeline.Entry(date: world.now, display: old), WidgetTimeline.Entry(date: late, display: first.display)]
      return WidgetTimeline(entries: entries + planned.entries.dropFirst(), policy: planned.policy)
    }
  }

  /// `planned` with every entry but the first (the tally widget's entries at day boundaries)
  /// dated as `date` says of its planned date.
  static func redatingBoundaryEntries(of planned: WidgetTimeline, _ date: (Instant) -> Instant) -> WidgetTimeline {
    WidgetTimeline(
      entries: planned.entries.enumerated().map { index, entry in
        index == 0 ? entry : WidgetTimeline.Entry(date: date(entry.date), display: entry.display)
      }, policy: planned.policy)
  }

  /// rollover: the widget's entry at each day boundary is dated three minutes late.
  struct LateMidnightEntry: Mutant {
    static let name = "mutant-late-midnight-entry"
    var inner: ConvergedTally
    func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
      MutantsTests.redatingBoundaryEntries(of: inner.timeline(of: widget, world: world)) { $0.advanced(by: 180_000) }
    }
  }

  /// rollover (DST): every day is taken to last 24 hours: the widget's entry at each day
  /// boundary is dated 24 hours after the start of the day before, an hour late after a day of
  /// 23 hours (Chile's day without a midnight) and an hour early after one of 25.
  struct DayOfTwentyFourHours: Mutant {
    static let name = "mutant-day-of-24-hours"
    var inner: ConvergedTally
    func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
      MutantsTests.redatingBoundaryEntries(of: inner.timeline(of: widget, world: world)) { date in
        world.calendar.dayInterval(containing: date.advanced(by: -1)).start.advanced(by: Instant.millisecondsPerDay)
      }
    }
  }

  /// rollover (zone): no zone check, so after a flight the widget keeps "today" of the zone
  /// the device left until its next planned reload.
  struct NoZoneCheck: Mutant {
    static let name = "mutant-no-zone-check"
    var inner: ConvergedTally
    func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
      let planned = inner.timeline(of: widget, world: world)
      return WidgetTimeline(entries: planned.entries, policy: .after(world.now.advanced(by: 2 * Instant.millisecondsPerDay)))
    }
  }

  /// convergence: the watch ignores tombstones when it counts (its store is right).
  struct WatchIgnoresDeletes: Mutant {
    static let name = "mutant-watch-ignores-deletes"
    var inner: ConvergedTally
    var deletes: [Instant] = []
    init(inner: ConvergedTally) { self.inner = inner }
    mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
      if case .remove(let target) = deed { deletes.append(target.instant) }
      inner.perform(deed, of: action, world: &world)
    }
    func display(on surface: Surface, world: World) -> Display {
      let shown = inner.display(on: surface, world: world)
      guard surface == .watch, case .tallyBadge(let badge) = shown else { return shown }
      let today = world.calendar.dayInterval(containing: world.now)
      let ignored = deletes.filter(today.contains).count
      return .tallyBadge(TallyBadge(count: badge.count + ignored, limit: PersonSettings.tallyDailyLimit))
    }
  }

  /// no-lost-write: the phone's store lost its oldest row (the app's figures still count it).
  struct LosesOldestRow: Mutant {
    static let name = "mutant-loses-oldest-row"
    var inner: ConvergedTally
    func storedRecords(on device: Device) -> StoredRecords? {
      guard device == .phone, case .ids(let ids) = inner.storedRecords(on: device) else { return inner.storedRecords(on: device) }
      return .ids(Array(ids.sorted().dropFirst()))
    }
  }

  /// no-double-count: the phone's store keeps a second copy of its newest row.
  struct KeepsACopy: Mutant {
    static let name = "mutant-keeps-a-copy"
    var inner: ConvergedTally
    func storedRecords(on device: Device) -> StoredRecords? {
      guard device == .phone, case .ids(let ids) = inner.storedRecords(on: device), let last = ids.max() else {
        return inner.storedRecords(on: device)
      }
      return .ids(ids + [last])
    }
  }

  /// refresh-budget: the app asks for forty charged reloads whenever it goes to the background
  /// (the budget's figures only change in the foreground, so no widget goes stale).
  struct ReloadsInBackground: Mutant {
    static let name = "mutant-reloads-in-background"
    var inner: ConvergedBudget
    mutating func appWentToBackground(world: inout World) {
      for _ in 0..<40 { world.requestReload(context: .background) }
      inner.appWentToBackground(world: &world)
    }
  }

  /// no-data-loss: once the updated app has run, the phone's store lacks the first record it
  /// held before the move.
  struct MoveLosesARecord: Mutant {
    static let name = "mutant-move-loses-a-record"
    var inner: ConvergedSteps
    var moved = false
    var held: [Instant]? = nil
    init(inner: ConvergedSteps) { self.inner = inner }
    /// The first launch of the updated app: what the phone's store holds before it moves it.
    mutating func appLaunched(world: inout World) {
      if world.appVersion > 1, held == nil, case .instants(let instants) = inner.storedRecords(on: .phone) { held = instants }
      inner.appLaunched(world: &world)
    }
    mutating func appBecameActive(world: inout World) {
      if held?.isEmpty == false { moved = true }
      inner.appBecameActive(world: &world)
    }
    func storedRecords(on device: Device) -> StoredRecords? {
      guard moved, case .instants(let instants) = inner.storedRecords(on: device), let lost = held?.first else {
        return inner.storedRecords(on: device)
      }
      return .instants(instants.filter { $0 != lost })
    }
  }

  /// Drops an action silently: the watch's taps are neither stored nor sent.
  struct DropsWatchTaps: Mutant {
    static let name = "mutant-drops-watch-taps"
    var inner: ConvergedTally
    mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
      if action.kind == .watchTap { return }
      inner.perform(deed, of: action, world: &world)
    }
  }

  /// A wrong band: the widget measures today's count against 20, not the person's limit.
  struct WrongWidgetBand: Mutant {
    static let name = "mutant-wrong-widget-band"
    var inner: ConvergedTally
    func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
      inner.timeline(of: widget, world: world).mappingDisplays { display in
        guard case .tallyBadge(let badge) = display else { return display }
        return .tallyBadge(TallyBadge(count: badge.count, limit: 20))
      }
    }
  }

  /// A wrong year cell: the year overview highlights the month after the current period's.
  struct WrongYearHighlight: Mutant {
    static let name = "mutant-wrong-year-highlight"
    var inner: ConvergedBudget
    func timeline(of widget: WidgetID, world: World) -> WidgetTimeline {
      inner.timeline(of: widget, world: world).mappingDisplays { display in
        guard case .yearOverview(let model) = display, let current = model.cells.first(where: \.isCurrent) else { return display }
        let cells = model.cells.map {
          YearCell(
            month: $0.month, monthName: $0.monthName, text: $0.text, remaining: $0.remaining,
            isCurrent: $0.month == current.month % 12 + 1, link: $0.link)
        }
        return .yearOverview(YearOverviewModel(year: model.year, cells: cells, emptyText: nil))
      }
    }
  }

  /// staleness: the app shows the widget's badge instead of its summary while the watch is out of
  /// range. Being out of range excuses only what was sent and not yet delivered, so this is
  /// caught.
  struct AppWrongWhileWatchAway: Mutant {
    static let name = "mutant-app-wrong-while-watch-away"
    var inner: ConvergedTally
    func display(on surface: Surface, world: World) -> Display {
      let shown = inner.display(on: surface, world: world)
      guard surface == .app, !world.watchReachable, case .tally(let summary) = shown else { return shown }
      return .tallyBadge(TallyBadge(count: summary.count, limit: PersonSettings.tallyDailyLimit))
    }
  }

  // MARK: Running

  static func run<Design: SyncDesign>(
    _ design: Design.Type, scenario name: String = "default", days: Int = 14, disabling disabled: Set<Invariant> = []
  ) throws -> StrategyResult {
    let scenario = try SimulationFixtures.scenario(name)
    let calendar = try ZoneCalendar(identifier: scenario.zone)
    let start = try #require(calendar.dayInterval(of: scenario.start)).start
    let itinerary = try Itinerary(scenario: scenario, calendar: calendar, start: start)
    var end = start
    for _ in 0..<days { end = itinerary.nextRollover(after: end) }
    let pieces = itinerary.days(from: start, until: end)
    let actions = WorkloadPlanner.actions(scenario: scenario, days: pieces, seed: 42)
    let faults = FaultPlanner.plan(faults: scenario.faults, days: pieces, seed: 42)
    var inputs = RunInputs(
      scenario: scenario, itinerary: itinerary, start: start, end: end, seed: 42, actions: actions, faults: faults,
      store: .memory
    )
    inputs.disabledInvariants = disabled
    return try inputs.play(Design.self)
  }

  /// Runs `design` and checks that `caught` is among the invariants it breaks and that it
  /// breaks none outside `caught` and `alsoAllowed`.
  static func expectCaught<Design: SyncDesign>(
    _ design: Design.Type, by caught: Invariant, alsoAllowed: Set<Invariant> = [], scenario: String = "default", days: Int = 14
  ) throws {
    let result = try run(design, scenario: scenario, days: days)
    let broken = Set(result.violations.map(\.invariant))
    #expect(broken.contains(caught), "\(Design.name) is not caught by \(caught.rawValue): \(broken.map(\.rawValue).sorted())")
    let unexpected = broken.subtracting([caught]).subtracting(alsoAllowed)
    #expect(unexpected.isEmpty, "\(Design.name) also breaks \(unexpected.map(\.rawValue).sorted()): \(result.violations.map(\.detail))")
  }

  @Test("staleness catches a widget that shows changes two minutes late")
  func staleness() throws { try Self.expectCaught(LateWidget.self, by: .staleness) }

  @Test("rollover catches a widget whose day-boundary entry is three minutes late")
  func rollover() throws { try Self.expectCaught(LateMidnightEntry.self, by: .rollover) }

  @Test("rollover catches a widget that takes every day for 24 hours, after Chile's day without a midnight")
  func rolloverAfterADayOf23Hours() throws {
    try Self.expectCaught(DayOfTwentyFourHours.self, by: .rollover, scenario: "no-midnight", days: 4)
  }

  @Test("rollover catches a widget without the zone check after a flight")
  func rolloverAfterFlight() throws {
    try Self.expectCaught(NoZoneCheck.self, by: .rollover, scenario: "travel", days: 7)
    let violation = try #require(try Self.run(NoZoneCheck.self, scenario: "travel", days: 7).violation(.rollover))
    #expect(violation.detail.contains("which the device left"), "\(violation.detail)")
  }

  /// A surface that stays wrong is stale too: a disagreement that ends (at the day boundary)
  /// before any quiescent point is seen by staleness alone.
  @Test("convergence catches a watch that counts deleted entries")
  func convergence() throws { try Self.expectCaught(WatchIgnoresDeletes.self, by: .convergence, alsoAllowed: [.staleness]) }

  @Test("no-lost-write catches a store that lost its oldest row")
  func noLostWrite() throws { try Self.expectCaught(LosesOldestRow.self, by: .noLostWrite) }

  @Test("no-double-count catches a store that keeps a row twice")
  func noDoubleCount() throws { try Self.expectCaught(KeepsACopy.self, by: .noDoubleCount) }

  @Test("refresh-budget catches reloads asked for in the background for nothing")
  func refreshBudget() throws { try Self.expectCaught(ReloadsInBackground.self, by: .refreshBudget) }

  @Test("no-data-loss catches a store move that loses a record (no-lost-write leaves the move's losses to it)")
  func noDataLoss() throws {
    try Self.expectCaught(MoveLosesARecord.self, by: .noDataLoss, scenario: "store-move", days: 30)
  }

  @Test("no-lost-write catches a design that silently drops the watch's taps (and every surface shows it)")
  func droppedAction() throws {
    try Self.expectCaught(DropsWatchTaps.self, by: .noLostWrite, alsoAllowed: [.convergence, .staleness, .rollover])
  }

  @Test("convergence catches a widget with another band rule, field by field")
  func wrongBand() throws {
    try Self.expectCaught(WrongWidgetBand.self, by: .convergence)
    let violation = try #require(try Self.run(WrongWidgetBand.self).violation(.convergence))
    #expect(violation.field == "band" && violation.surface == .widget, "\(violation.detail)")
  }

  @Test("convergence catches a year overview that highlights the wrong month")
  func wrongYearCell() throws {
    try Self.expectCaught(WrongYearHighlight.self, by: .convergence)
    let violation = try #require(try Self.run(WrongYearHighlight.self).violation(.convergence))
    #expect(violation.surface == .yearWidget && violation.field?.hasSuffix(".isCurrent") == true, "\(violation.detail)")
  }

  @Test("a watch out of range excuses only what was sent and has not arrived: a wrong app is caught meanwhile")
  func outOfRangeExcusesOnlyWhatIsOnItsWay() throws {
    try Self.expectCaught(AppWrongWhileWatchAway.self, by: .staleness)
  }

  /// For each invariant, the mutant only it catches, and where it runs.
  static var soleCatches: [(invariant: Invariant, mutant: any SyncDesign.Type, scenario: String, days: Int)] {
    [
      (.staleness, LateWidget.self, "default", 14),
      (.rollover, LateMidnightEntry.self, "default", 14),
      (.convergence, WrongWidgetBand.self, "default", 14),
      (.noLostWrite, LosesOldestRow.self, "default", 14),
      (.noDoubleCount, KeepsACopy.self, "default", 14),
      (.refreshBudget, ReloadsInBackground.self, "default", 14),
      (.noDataLoss, MoveLosesARecord.self, "store-move", 30),
    ]
  }

  @Test("without any one invariant's check, its mutant goes unreported: no check is redundant", arguments: Invariant.allCases)
  func everyCheckIsNeeded(_ invariant: Invariant) throws {
    let entry = try #require(Self.soleCatches.first { $0.invariant == invariant }, "a mutant for \(invariant.rawValue)")
    func play<Design: SyncDesign>(_ design: Design.Type, disabling disabled: Set<Invariant>) throws -> StrategyResult {
      try Self.run(design, scenario: entry.scenario, days: entry.days, disabling: disabled)
    }
    let caught = try play(entry.mutant, disabling: [])
    #expect(caught.violations.map(\.invariant) == [invariant], "the premise: only \(invariant.rawValue) reports it")
    let unjudged = try play(entry.mutant, disabling: [invariant])
    #expect(unjudged.violations.isEmpty, "\(invariant.rawValue) removed, yet \(unjudged.violations.map(\.invariant.rawValue)) reported it")
  }

  @Test("the unmutated converged designs pass the same runs")
  func controlPasses() throws {
    #expect(try Self.run(ConvergedTally.self).violations.isEmpty)
    #expect(try Self.run(ConvergedBudget.self).violations.isEmpty)
    #expect(try Self.run(ConvergedTally.self, scenario: "travel", days: 7).violations.isEmpty)
    #expect(try Self.run(ConvergedSteps.self, scenario: "store-move", days: 30).violations.isEmpty)
  }
}

/// A bug planted in a resumable design is resumable: its own state is a value, copied whole, and an
/// exploration resumes its schedules from snapshots as it does the design's (``ResumingPlays``;
/// `ResumingPlaysTests` compares them with the plays from the start).
extension Mutant where Inner: ResumableDesign {
  func copy(into stores: RunStores) -> Self {
    var copy = self
    copy.inner = inner.copy(into: stores)
    return copy
  }

  /// The inner design's state; a planted bug that keeps a state of its own feeds it too.
  func fingerprint(into hasher: inout StateHasher) { inner.fingerprint(into: &hasher) }
}

extension MutantsTests.LateWidget: ResumableDesign {}
extension MutantsTests.LateMidnightEntry: ResumableDesign {}
extension MutantsTests.DayOfTwentyFourHours: ResumableDesign {}
extension MutantsTests.NoZoneCheck: ResumableDesign {}
extension MutantsTests.WatchIgnoresDeletes: ResumableDesign {
  func fingerprint(into hasher: inout StateHasher) {
    inner.fingerprint(into: &hasher)
    hasher.combine(deletes)
  }
}
extension MutantsTests.LosesOldestRow: ResumableDesign {}
extension MutantsTests.KeepsACopy: ResumableDesign {}
extension MutantsTests.ReloadsInBackground: ResumableDesign {}
extension MutantsTests.MoveLosesARecord: ResumableDesign {
  /// What it held before the move matters only through whether it looked and the first record.
  func fingerprint(into hasher: inout StateHasher) {
    inner.fingerprint(into: &hasher)
    hasher.combine(moved)
    hasher.combine(held == nil)
    hasher.combine(held?.first)
  }
}
extension MutantsTests.DropsWatchTaps: ResumableDesign {}
extension MutantsTests.WrongWidgetBand: ResumableDesign {}
extension MutantsTests.WrongYearHighlight: ResumableDesign {}
extension MutantsTests.AppWrongWhileWatchAway: ResumableDesign {}
