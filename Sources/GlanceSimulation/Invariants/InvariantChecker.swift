import GlanceKernel

/// Observes every event of a run against its own model of the truth: the entries the accepted
/// actions added, minus those they removed; what a surface should show is the design's
/// `trueValue` of them. It never changes the world and never draws a random number.
struct InvariantChecker {
  /// The surfaces the domain shows its count on.
  let surfaces: [Surface]

  let expectedToConverge: Bool
  /// How long the widget may lag a write made with the app in the foreground (converged designs).
  let stalenessBoundMilliseconds: Int64

  /// Timestamps of the accepted, not deleted, adds (with repetition: never, by construction).
  private var truth = SortedInstants()
  private var accepted = 0
  private var violations: [Invariant: Violation] = [:]
  /// Per surface: when the current disagreement began and whether a foreground write began it.
  /// Indexed like `surfaces` (arrays, not dictionaries: this is the simulator's hottest path).
  private var disagreeingSince: [(since: Instant, foregroundWrite: Bool)?]
  /// Per surface (indexed like `surfaces`): the lengths of its closed disagreements.
  private var intervals: [[Int64]]
  /// Set by `accept` until the next observation: the event was a write with the app foreground.
  private var lastWriteInForeground = false
  /// Per surface, the true value at the previous observation: what a surface that failed to roll
  /// over shows (looked up, never iterated).
  private var truthBeforeEvent: [Int?]
  /// Since when the widget has shown another count than the phone's own store, and whether a
  /// foreground write began it: the lag the staleness bound applies to.
  private var widgetBehindStoreSince: (since: Instant, foregroundWrite: Bool)? = nil
  /// Every change of the truth or of a surface's count, for the chart: (time, truth, app,
  /// widget, watch), bounded by `historyMax`.
  private var history: [(time: Instant, values: [Int?])] = []
  static let historyMax = 2_000_000
  /// The longest disagreement so far: the chart is drawn around it.
  private var worst: (surface: Surface, since: Instant, until: Instant)? = nil

  /// Whether to keep the history the chart is drawn from (not for a sweep's verdicts).
  let keepsChart: Bool

  init(
    surfaces: [Surface], expectedToConverge: Bool, stalenessBoundMilliseconds: Int64, keepsChart: Bool = true
  ) {
    self.surfaces = surfaces
    self.expectedToConverge = expectedToConverge
    self.stalenessBoundMilliseconds = stalenessBoundMilliseconds
    self.keepsChart = keepsChart
    disagreeingSince = Array(repeating: nil, count: surfaces.count)
    intervals = Array(repeating: [], count: surfaces.count)
    truthBeforeEvent = Array(repeating: nil, count: surfaces.count)
  }

  /// Which action made each entry of the truth (looked up, never iterated), for reports.
  private var origins: [Instant: PlannedAction] = [:]

  /// Applies what an accepted action changed.
  mutating func apply(_ effect: TruthEffect, of action: PlannedAction, foreground: Bool) {
    switch effect {
    case .none: return
    case .add(let instant):
      truth.insert(instant)
      origins[instant] = action
    case .remove(let instant): truth.remove(instant)
    }
    accepted += 1
    lastWriteInForeground = foreground
  }

  /// What `surface` should show now, with the device in its current zone.
  private func trueValue<Design: SyncDesign>(on surface: Surface, world: World, design: Design) -> Int {
    design.trueValue(of: truth, at: world.now, in: world.calendar, on: surface)
  }

  /// What each of `surfaces` shows now, in the same order; `nil` where nothing is visible (the
  /// app in the background, a widget before its first timeline).
  private func displayed<Design: SyncDesign>(world: World, design: Design) -> [Int?] {
    surfaces.map { surface -> Int? in
      switch surface {
      case .app: return world.appForeground ? design.count(on: .app, world: world) : nil
      case .widget: return world.hosts[0].displayed(at: world.now)
      case .yearWidget: return world.hosts.count > 1 ? world.hosts[1].displayed(at: world.now) : nil
      case .watch: return design.count(on: .watch, world: world)
      }
    }
  }

  mutating func observe<Design: SyncDesign>(event: WorldEvent, world: World, design: Design) {
    let expectations = surfaces.map { trueValue(on: $0, world: world, design: design) }
    let shown = displayed(world: world, design: design)
    if keepsChart {
      // The chart's truth line is the first surface's (the app's: the domain's main value).
      let values: [Int?] = [expectations[0]] + shown
      if history.last?.values != values {
        precondition(history.count < Self.historyMax, "more than \(Self.historyMax) display changes in one run")
        history.append((world.now, values))
      }
    }
    for (index, surface) in surfaces.enumerated() {
      let value = shown[index]
      let expectedHere = expectations[index]
      defer { truthBeforeEvent[index] = expectedHere }
      let disagrees = value.map { $0 != expectedHere } ?? false
      if disagrees, disagreeingSince[index] == nil {
        disagreeingSince[index] = (world.now, lastWriteInForeground)
      } else if !disagrees, let open = disagreeingSince[index] {
        disagreeingSince[index] = nil
        close(open, surface: index, at: world.now)
      }
      if surface == .widget { checkWidgetLag(shown: value, world: world, design: design) }
      // Rollover: the surface still shows the value of the day (or period) that just ended. A
      // surface that lags a write made just before the boundary is staleness, not rollover.
      if case .dayBoundary = event, let value, value != expectedHere, value == truthBeforeEvent[index] {
        record(.rollover, world: world, surface: surface, expected: expectedHere, found: value,
               detail: "\(surface) shows \(Self.text(value)) at the first instant of \(world.calendar.date(containing: world.now)); the truth there is \(expectedHere)")
      }
    }
    lastWriteInForeground = false
  }

  /// Closes the disagreement of the surface at `index` in `surfaces`.
  private mutating func close(_ open: (since: Instant, foregroundWrite: Bool), surface index: Int, at now: Instant) {
    let length = open.since.distance(to: now)
    intervals[index].append(length)
    if worst.map({ $0.since.distance(to: $0.until) < length }) ?? true {
      worst = (surfaces[index], open.since, now)
    }
  }

  /// The chart of displayed against true counts around the longest disagreement: from an hour
  /// before it began to an hour after it ended (at most a day and two hours).
  func chart(strategy: String, world: World) -> SVGChart? {
    guard let worst else { return nil }
    let from = worst.since.advanced(by: -Instant.millisecondsPerHour)
    let until = min(worst.until, worst.since.advanced(by: Instant.millisecondsPerDay)).advanced(by: Instant.millisecondsPerHour)
    let names = ["truth"] + surfaces.map(\.rawValue)
    let series = names.indices.map { index -> ChartSeries in
      // The value in force at `from`, then every change inside the window.
      // The budget widget's empty state is a gap in its line.
      func shown(_ value: Int?) -> Int? { value == BudgetPlan.emptyState ? nil : value }
      let before = history.last { $0.time <= from }.map { [ChartPoint(time: from, value: shown($0.values[index]))] } ?? []
      let inside = history.filter { from < $0.time && $0.time <= until }.map { ChartPoint(time: $0.time, value: shown($0.values[index])) }
      return ChartSeries(name: names[index], points: before + inside)
    }
    var marks: [ChartMark] = []
    var boundary = world.itinerary.nextRollover(after: from)
    while boundary < until {
      marks.append(ChartMark(time: boundary, label: "day boundary"))
      boundary = world.itinerary.nextRollover(after: boundary)
    }
    for change in world.itinerary.changes where from <= change.time && change.time < until {
      marks.append(ChartMark(time: change.time, label: "to \(world.itinerary.legs[change.leg].calendar.identifier)"))
    }
    marks.append(ChartMark(time: worst.since, label: "\(worst.surface.rawValue) diverges"))
    return SVGChart(
      title: "\(strategy): displayed and true count around the longest divergence (\(worst.surface.rawValue), \(worst.since.distance(to: worst.until) / 1000) s)",
      from: from, until: until, series: series, marks: marks.sorted { $0.time < $1.time })
  }

  /// The widget against the phone's own store: after a write made with the app in the
  /// foreground, a converged design must catch up within the modelled reload latency (what
  /// lies beyond the phone, such as a watch out of range, is not the widget's lag).
  private mutating func checkWidgetLag<Design: SyncDesign>(shown: Int?, world: World, design: Design) {
    guard expectedToConverge, let shown else { return }
    let behind = shown != design.count(on: .app, world: world)
    if behind, widgetBehindStoreSince == nil {
      widgetBehindStoreSince = (world.now, lastWriteInForeground)
    } else if !behind, let open = widgetBehindStoreSince {
      widgetBehindStoreSince = nil
      // Reloads asked for while WidgetKit was deaf (the app was opened from the widget) could not
      // be served before the window ended: the lag is counted from then.
      let deafEnd = world.deafUntil.map { min($0, world.now) } ?? open.since
      let length = max(open.since, deafEnd).distance(to: world.now)
      if open.foregroundWrite, length > stalenessBoundMilliseconds {
        record(.staleness, world: world, surface: .widget, expected: 0, found: Int(length / 1000),
               detail: "the widget lagged the phone's store by \(length) ms after a foreground write (bound \(stalenessBoundMilliseconds) ms)")
      }
    }
  }

  /// Long enough after a zone change (see `DomainRun.zoneSettleMilliseconds`): no surface still
  /// shows "today" of the zone the device `left` where the new zone's today differs. The
  /// rollover invariant, for the day the device entered by flying rather than by waiting.
  mutating func checkZoneSettled<Design: SyncDesign>(left: ZoneCalendar, world: World, design: Design) {
    for (surface, shown) in zip(surfaces, displayed(world: world, design: design)) {
      guard let value = shown else { continue }
      let expected = trueValue(on: surface, world: world, design: design)
      let oldZone = design.trueValue(of: truth, at: world.now, in: left, on: surface)
      guard value != expected, value == oldZone else { continue }
      record(.rollover, world: world, surface: surface, expected: expected, found: value,
             detail: "\(surface) shows \(Self.text(value)), today's value in \(left.identifier), which the device left; the truth in \(world.calendar.identifier) is \(expected)")
    }
  }

  /// A quiescent window (no action for 30 minutes, nothing in flight): every surface shows the
  /// truth.
  mutating func checkConvergence<Design: SyncDesign>(world: World, design: Design) {
    for (surface, shown) in zip(surfaces, displayed(world: world, design: design)) {
      guard let value = shown else { continue }
      let expected = trueValue(on: surface, world: world, design: design)
      guard value != expected else { continue }
      record(.convergence, world: world, surface: surface, expected: expected, found: value,
             detail: "after a quiescent window \(surface) shows \(Self.text(value)), the truth is \(expected)")
    }
  }

  /// The final check, after the liveness phase.
  mutating func finish<Design: SyncDesign>(world: World, design: Design) {
    checkConvergence(world: world, design: design)
    var missing = truth.values
    var extra: [Instant] = []
    for stored in design.storedTimestamps().sorted() {
      if let index = Self.index(of: stored, in: missing) { missing.remove(at: index) } else { extra.append(stored) }
    }
    if let first = missing.first {
      record(.noLostWrite, world: world, surface: nil, expected: truth.count, found: truth.count - missing.count,
             detail: "\(missing.count) accepted entries are not in the phone's store at the end of the run (\(Self.tallyByKind(missing, origins))); the first is \(Self.describe(first, origins[first]))",
             atAction: first)
    }
    if let first = extra.first {
      record(.noDoubleCount, world: world, surface: nil, expected: truth.count, found: truth.count + extra.count,
             detail: "\(extra.count) stored entries at the end of the run repeat an accepted one or were deleted (\(Self.tallyByKind(extra, origins))); the first is \(Self.describe(first, origins[first]))",
             atAction: first)
    }
    let lost = design.recordsLostByStoreMove
    if lost > 0 {
      record(.noDataLoss, world: world, surface: nil, expected: 0, found: lost,
             detail: "the store move lost \(lost) records the person had made before it")
    }
    for (index, host) in world.hosts.enumerated() {
      guard let denied = host.firstDenial else { continue }
      record(.refreshBudget, world: world, surface: index == 0 ? .widget : .yearWidget, expected: host.budget.limit, found: host.denied,
             detail: "\(host.denied) widget reloads were denied by the \(host.budget.limit)/24 h budget; the first at \(denied)")
    }
    for index in surfaces.indices.sorted(by: { surfaces[$0] < surfaces[$1] }) {
      if let open = disagreeingSince[index] { close(open, surface: index, at: world.now) }
    }
    disagreeingSince = Array(repeating: nil, count: surfaces.count)
  }

  /// A displayed value as a report says it: the budget widget's empty state by name.
  static func text(_ value: Int) -> String {
    value == BudgetPlan.emptyState ? "the empty state (\"Ouvre Pulpe\")" : String(value)
  }

  /// `7 watchTap, 2 widgetTap`: how many of `instants` each kind of action made, by kind name.
  static func tallyByKind(_ instants: [Instant], _ origins: [Instant: PlannedAction]) -> String {
    let kinds = instants.map { origins[$0].map { "\($0.kind)" } ?? "unknown" }.sorted()
    var parts: [String] = []
    var index = 0
    while index < kinds.count {
      let run = kinds[index...].prefix { $0 == kinds[index] }.count
      parts.append("\(run) \(kinds[index])")
      index += run
    }
    return parts.joined(separator: ", ")
  }

  /// `action #12 (widgetTap) at 2026-03-15T11:03:27.801Z`.
  static func describe(_ instant: Instant, _ action: PlannedAction?) -> String {
    guard let action else { return "the entry at \(instant)" }
    return "action #\(action.ordinal) (\(action.kind)) at \(instant), the time given here; the events below are around it"
  }

  private static func index(of instant: Instant, in sorted: [Instant]) -> Int? {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < instant { low = middle + 1 } else { high = middle }
    }
    return low < sorted.count && sorted[low] == instant ? low : nil
  }

  /// Records an occurrence seen now; `atAction` dates it at the instant of the action whose
  /// entry it concerns (the engine then replays the run for the events around it).
  private mutating func record(
    _ invariant: Invariant, world: World, surface: Surface?, expected: Int, found: Int, detail: String,
    atAction: Instant? = nil
  ) {
    if var existing = violations[invariant] {
      existing.occurrences += 1
      if let surface, !existing.surfaces.contains(surface) { existing.surfaces = (existing.surfaces + [surface]).sorted() }
      violations[invariant] = existing
      return
    }
    violations[invariant] = Violation(
      invariant: invariant, time: atAction ?? world.now, surface: surface, expected: expected, found: found,
      detail: detail, trace: world.trace, datedAtAction: atAction != nil, occurrences: 1,
      surfaces: surface.map { [$0] } ?? [])
  }

  func result(strategy: String, domain: Domain, world: World, events: Int) -> StrategyResult {
    StrategyResult(
      strategy: strategy, domain: domain, expectedToConverge: expectedToConverge,
      violations: violations.values.sorted { $0.invariant < $1.invariant },
      staleness: surfaces.indices.map { StalenessFigures(surface: surfaces[$0], intervals: intervals[$0].sorted()) },
      events: events, acceptedActions: accepted, reloadRequests: world.hosts.reduce(0) { $0 + $1.requests },
      chargedReloads: world.hosts.reduce(0) { $0 + $1.charged }, deniedReloads: world.hosts.reduce(0) { $0 + $1.denied },
      chart: keepsChart ? chart(strategy: "\(strategy) (\(domain.rawValue))", world: world)?.render() : nil)
  }
}
