import Foundation
import GlanceKernel

/// The judge of one run: it owns the domain's model of the truth (fed by the engine with every
/// action the person performed), observes every event, compares what each surface shows with
/// the model and audits the stores. It never changes the world, never draws a random number and
/// never asks a design what the truth is. See ``Invariant`` for each definition.
struct InvariantChecker {
  /// The surfaces of the domain, in surface order.
  let surfaces: [Surface]
  let expectedToConverge: Bool
  /// Per surface (indexed like `surfaces`): how long it may disagree once it could know.
  let boundsMilliseconds: [Int64]
  /// How often a widget can afford a charged reload for a change learned in the background:
  /// `2 × 24 h / refreshBudget` (see ``Invariant/staleness``).
  let pacingMilliseconds: Int64
  /// The truth.
  private var model: any DomainModel
  /// Every action of the run, by id and by instant (looked up, never iterated).
  private let actions: ActionIndex

  private var accepted = 0
  /// The instant of every accepted action, in time order (actions come in time order): where a
  /// device's knowledge may stop (``knowableCutoffs(on:world:)``).
  private var acceptedInstants: [Instant] = []
  private(set) var violations: [Invariant: Violation] = [:]
  /// For a design not expected to converge: how many disagreements outlasted their surface's
  /// staleness bound.
  private(set) var stalenessBeyondBound = 0
  /// How many times each invariant was checked, by ``Invariant/ordinal``; `nil` until first
  /// counted (a count of 0 still names the invariant as checked).
  private var checkCounts = [Int?](repeating: nil, count: Invariant.allCases.count)
  /// Per surface: the open disagreement, when it began, the last instant the surface was
  /// excused, and whether its staleness was reported.
  private var disagreements: [Disagreement?]
  /// Per surface: the lengths of its closed disagreements.
  private var intervals: [[Int64]]
  /// Every change of the truth or of a surface's chart value, for the chart: (time, truth,
  /// then each surface), bounded by `historyMax`.
  private(set) var history: [(time: Instant, values: [Int?])] = []
  /// When the history reached `historyMax` and stopped growing (the charts end there).
  private(set) var historyFullAt: Instant? = nil
  /// The longest disagreement so far: a chart is drawn around it.
  private(set) var worst: (surface: Surface, since: Instant, until: Instant)? = nil
  /// Per surface: its disagreements, for the charts (at most `Limits.chartEventsMax` each), and
  /// whether each lasted longer than the surface's bound after its last excuse.
  private(set) var spans: [[(range: Range<Instant>, beyondBound: Bool)]]
  /// The records the phone's store held when the updated app was installed (store move).
  private var heldBeforeMove: [Record]? = nil
  /// The same records, as a set.
  private var movedBeforeMove: Set<EventID> = []

  /// Whether to keep the history the chart is drawn from (not for a sweep's verdicts).
  let keepsChart: Bool
  /// Invariants whose verdicts are dropped (the `Mutants` meta-test: without its check, a
  /// mutant goes unreported). Empty in every real run.
  var disabled: Set<Invariant> = []

  struct Disagreement {
    let since: Instant
    /// The last instant the surface was excused by a window whose end is known (WidgetKit's deaf
    /// window, a zone change's catch-up, the updated app's first launch, an event that ended a
    /// transit): never after now.
    var excusedUntil: Instant
    /// Until when a widget that learned of a change from a delivery in the background waits for
    /// its paced reload (may be after now). Excuses staleness and convergence, never a rollover.
    var pacedUntil: Instant? = nil
    var reported = false

    /// The later of the two excuses: the disagreement is unexcused after it.
    var lastExcused: Instant { max(excusedUntil, pacedUntil ?? excusedUntil) }
  }

  init(
    model: any DomainModel, surfaces: [Surface], expectedToConverge: Bool, lateFiringMillisecondsMax: Int64,
    pacingMilliseconds: Int64, actions: ActionIndex, keepsChart: Bool = true
  ) {
    self.pacingMilliseconds = pacingMilliseconds
    self.model = model
    self.surfaces = surfaces
    self.expectedToConverge = expectedToConverge
    self.boundsMilliseconds = surfaces.map { Self.bound(of: $0, lateFiringMillisecondsMax: lateFiringMillisecondsMax) }
    self.keepsChart = keepsChart
    disagreements = Array(repeating: nil, count: surfaces.count)
    intervals = Array(repeating: [], count: surfaces.count)
    spans = Array(repeating: [], count: surfaces.count)
    // The per-surface memos, sized once for the surfaces.
    expectedKeys = Array(repeating: nil, count: surfaces.count)
    expectedDisplays = Array(repeating: nil, count: surfaces.count)
    expectedAnswers = Array(repeating: 0, count: surfaces.count)
    lastShown = Array(repeating: nil, count: surfaces.count)
    lastAnswer = Array(repeating: -1, count: surfaces.count)
    lastDelivered = Array(repeating: nil, count: surfaces.count)
    lastDisagrees = Array(repeating: false, count: surfaces.count)
    excusedBeforeEvent = Array(repeating: false, count: surfaces.count)
    chartValues = Array(repeating: nil, count: surfaces.count + 1)
    self.actions = actions
  }

  /// How long `surface` may disagree with the model once it could know (see
  /// ``Invariant/staleness``).
  static func bound(of surface: Surface, lateFiringMillisecondsMax: Int64) -> Int64 {
    switch surface {
    case .app, .watch: return 1_000
    case .widget, .yearWidget: return max(1_000, lateFiringMillisecondsMax) + 1_000 + 4_000
    }
  }

  /// The longest bound of any surface: how long after a day boundary the rollover check runs.
  var rolloverDelayMilliseconds: Int64 { boundsMilliseconds.max() ?? 0 }

  // MARK: The truth

  /// Records `action` in the model; returns what it means, `nil` when it changes nothing.
  mutating func record(_ action: PlannedAction, in calendar: ZoneCalendar) -> Deed? {
    guard let deed = model.record(action, in: calendar) else { return nil }
    accepted += 1
    acceptedInstants.append(action.time)
    switch deed {
    case .add(let record), .expense(let record, _), .complete(_, let record):
      insertLive(record)
      noteLiveChange(record)
    case .remove(let record), .uncomplete(_, let record):
      removeLive(record)
      noteLiveChange(record)
    case .amend(let target, let replacement, _):
      removeLive(target)
      insertLive(replacement)
      noteLiveChange(target)
      noteLiveChange(replacement)
    case .editTasks:
      liveChanges = PerDevice(repeating: nil)
      // Deleting a task deletes its steps' completions (a rare action: sort again).
      liveByID = model.liveRecords.sorted { $0.id < $1.id }
      liveIDs = liveByID.map(\.id)
    }
    assert(liveByID.map(\.id) == model.liveRecords.map(\.id).sorted(), "the live records by id follow the model's")
    assert(liveIDs == liveByID.map(\.id), "the live ids follow the live records")
    return deed
  }

  /// Per device: every record that became or stopped being live since its store's last
  /// windowed audit (``StoreAuditWindow``); `nil` when unknown or too many to be worth it.
  private var liveChanges = PerDevice<[Record]?>(repeating: [])
  private static let liveChangesMax = 64

  private mutating func noteLiveChange(_ record: Record) {
    for device in [Device.phone, .watch] {
      if let changes = liveChanges[device], changes.count < Self.liveChangesMax {
        liveChanges[device]?.append(record)
      } else {
        liveChanges[device] = nil
      }
    }
  }

  /// The model's live records in id order, kept as deeds come: what a store that names its
  /// records by id is merged with.
  private var liveByID: [Record] = []
  /// Their ids, in the same order: a store that holds exactly them is audited by one comparison.
  private var liveIDs: [EventID] = []

  private mutating func insertLive(_ record: Record) {
    let index = liveByID.partitionIndex { $0.id > record.id }
    liveByID.insert(record, at: index)
    liveIDs.insert(record.id, at: index)
  }

  private mutating func removeLive(_ record: Record) {
    let index = liveByID.partitionIndex { $0.id > record.id } - 1
    liveByID.remove(at: index)
    liveIDs.remove(at: index)
  }

  // MARK: Observing

  /// What `surface` should show now: the truth, without what the other device did since
  /// something bound for the surface's device began to be on its way (see ``Invariant``).
  private mutating func expected(on surface: Surface, at index: Int, world: World) -> Display {
    refreshExpected(on: surface, at: index, world: world)
    guard let display = expectedDisplays[index] else { preconditionFailure("no expected display for \(surface)") }
    return display
  }

  /// Makes `expectedDisplays[index]` what `surface` should show now.
  ///
  /// Asked after every event: the model is asked again only when what its answer depends on
  /// changed (``ExpectedMemoKey``), else the last answer stands; each new answer counts in
  /// `expectedAnswers[index]`.
  private mutating func refreshExpected(on surface: Surface, at index: Int, world: World) {
    let since = world.pendingSince(to: surface.device)
    let key = ExpectedMemoKey(deeds: accepted, dayStart: world.today.start, zoneChanges: world.zoneChanges, unknownSince: since)
    guard expectedKeys[index] != key || expectedDisplays[index] == nil else { return }
    let display: Display
    if let since {
      display = model.expected(on: surface, at: world.now, today: world.today, in: world.calendar, unknownSince: since, until: nil)
    } else {
      display = model.expected(on: surface, at: world.now, today: world.today, in: world.calendar)
    }
    (expectedKeys[index], expectedDisplays[index]) = (key, display)
    expectedAnswers[index] += 1
  }

  /// Per surface: what the model's last answer depended on, the answer, and how many answers
  /// were made so far (what the comparison memo keys on).
  private var expectedKeys: [ExpectedMemoKey?] = []
  private var expectedDisplays: [Display?] = []
  private var expectedAnswers: [Int] = []

  /// Whether `surface` cannot show a change now (see ``Invariant``): a widget while WidgetKit is
  /// deaf, while a zone change is caught up with, or before the updated app's first launch.
  private func excused(_ surface: Surface, world: World) -> Bool {
    switch surface {
    case .app, .watch: return false
    case .widget, .yearWidget:
      return world.zoneSettling != nil || world.deafUntil.map { world.now < $0 } ?? false || world.awaitingFirstLaunch
    }
  }

  /// What `surface` shows now; `nil` when nothing is visible (the app in the background, a
  /// widget before its first timeline or not installed).
  private func displayed<Design: SyncDesign>(_ surface: Surface, world: World, design: Design) -> Display? {
    switch surface {
    case .app: return world.appForeground ? design.display(on: .app, world: world) : nil
    case .widget: return world.widgetInstalled ? world[host: .main].displayed(at: world.now) : nil
    case .yearWidget: return world.widgetInstalled ? world[host: .year].displayed(at: world.now) : nil
    case .watch: return design.display(on: .watch, world: world)
    }
  }

  /// Per surface: whether it was excused just before the event being handled (a delivery ends
  /// a transit: the surface could not know until that very event).
  private var excusedBeforeEvent: [Bool] = []
  /// How many deliveries had reached the phone just before the event being handled: the event
  /// delivered something when the count changed.
  private var phoneDeliveriesBeforeEvent = 0

  /// Notes, before the engine handles the next event, which surfaces are excused.
  mutating func noteExcuses(world: World) {
    phoneDeliveriesBeforeEvent = world.deliveryCount(to: .phone)
    for (index, surface) in surfaces.enumerated() where disagreements[index] != nil {
      excusedBeforeEvent[index] = excused(surface, world: world)
    }
  }

  /// Until when a widget is excused that learns of a change in the background (the event being
  /// handled delivered something to the phone, on any channel, while the app is not in the
  /// foreground, so only a charged reload can show it): `pacing` after the widget's last charged
  /// reload before now. `nil` for other surfaces, and for an event that delivered nothing (a
  /// transfer still queued excuses nothing here: the expected display already leaves out what
  /// it carries).
  private func pacedUntil(_ surface: Surface, world: World) -> Instant? {
    guard let widget = surface.widget, !world.appForeground, world.deliveryCount(to: .phone) != phoneDeliveriesBeforeEvent,
      let last = world[host: widget].budget.charged.last(where: { $0 < world.now })
    else { return nil }
    let until = last.advanced(by: pacingMilliseconds)
    return until > world.now ? until : nil
  }

  /// Whether the open disagreement of the surface at `index` is excused beyond now (a paced
  /// background reload is not yet due).
  private func excusedBeyondNow(_ index: Int, world: World) -> Bool {
    disagreements[index].map { $0.lastExcused > world.now } ?? false
  }

  /// The end of the windows whose end is known in advance (WidgetKit's deaf window, a zone
  /// change's catch-up) that excuse `surface` within `[since, now]`, or `after` when later.
  private func excusedWindowsEnd(_ surface: Surface, since: Instant, world: World, after: Instant) -> Instant {
    guard surface == .widget || surface == .yearWidget else { return after }
    var end = after
    for window in [world.deafUntil, world.zoneSettles] {
      guard let window, window > since else { continue }
      end = max(end, min(window, world.now))
    }
    return end
  }

  mutating func observe<Design: SyncDesign>(world: World, design: Design) {
    defer {
      for index in excusedBeforeEvent.indices { excusedBeforeEvent[index] = false }
      phoneDeliveriesBeforeEvent = world.deliveryCount(to: .phone)
    }
    for (index, surface) in surfaces.enumerated() {
      refreshExpected(on: surface, at: index, world: world)
      let shown = displayed(surface, world: world, design: design)
      if keepsChart {
        if index == 0 { chartValues[0] = expectedDisplays[0]?.chartValue }
        chartValues[index + 1] = shown?.chartValue
      }
      let disagrees = shown.map { disagree($0, surface: index, world: world) } ?? false
      if disagrees {
        var learnedNow = false
        if disagreements[index] == nil {
          disagreements[index] = Disagreement(since: world.now, excusedUntil: world.now)
          learnedNow = true
        } else if excusedBeforeEvent[index] || excused(surface, world: world) {
          let until = max(disagreements[index]?.excusedUntil ?? world.now, world.now)
          disagreements[index]?.excusedUntil = until
          learnedNow = true
        }
        if learnedNow, let paced = pacedUntil(surface, world: world), var open = disagreements[index] {
          open.pacedUntil = max(open.pacedUntil ?? paced, paced)
          disagreements[index] = open
        }
        if var open = disagreements[index] {
          open.excusedUntil = excusedWindowsEnd(surface, since: open.since, world: world, after: open.excusedUntil)
          disagreements[index] = open
        }
      } else if var open = disagreements[index] {
        if excusedBeforeEvent[index] { open.excusedUntil = world.now }
        open.excusedUntil = excusedWindowsEnd(surface, since: open.since, world: world, after: open.excusedUntil)
        disagreements[index] = nil
        close(open, surface: index, world: world)
      }
    }
    if keepsChart, historyFullAt == nil, history.last?.values != chartValues {
      if history.count < Limits.chartHistoryMax { history.append((world.now, chartValues)) } else { historyFullAt = world.now }
    }
  }

  /// Whether `shown` differs from what the surface at `index` should show
  /// (`expectedDisplays[index]`, made current by ``refreshExpected(on:at:world:)``) and from
  /// everything more its device may know (``mayKnow(_:on:world:)``): compared whole, unless
  /// `shown` is the very value compared last time (see ``Display/isIdentical(to:)``; the memo
  /// keeps it, and so its box, alive), the expected display is the same answer of the model as
  /// then, and nothing more was delivered to the device since, whose verdict stands. The
  /// expected display is read in place: copying it out after every event cost a retain and a
  /// release.
  private mutating func disagree(_ shown: Display, surface index: Int, world: World) -> Bool {
    let delivered = world.deliveredThrough(to: surfaces[index].device)
    // `lastAnswer` is -1 until a display was compared; the model's answers count from 1.
    if lastAnswer[index] == expectedAnswers[index], lastDelivered[index] == delivered,
      lastShown[index]?.isIdentical(to: shown) == true
    {
      return lastDisagrees[index]
    }
    guard var disagrees = expectedDisplays[index].map({ shown != $0 }) else {
      preconditionFailure("the surface at \(index) is compared before the model was asked")
    }
    if disagrees { disagrees = !mayKnow(shown, on: surfaces[index], world: world) }
    (lastShown[index], lastAnswer[index], lastDelivered[index], lastDisagrees[index]) =
      (shown, expectedAnswers[index], delivered, disagrees)
    return disagrees
  }

  /// Per surface: the display last compared, which of the model's answers it was compared with
  /// (``expectedAnswers``), what had been delivered to its device then, and whether they
  /// disagreed.
  private var lastShown: [Display?] = []
  private var lastAnswer: [Int] = []
  private var lastDelivered: [Instant?] = []
  private var lastDisagrees: [Bool] = []

  /// The most deeds ``mayKnow(_:on:world:)`` tries as the last one a device knows of those a
  /// queue delivered in order.
  static let knowableCutoffsMax = 32
  /// The most of the latest deeds ``mayKnow(_:on:world:)`` tries as the first of a run that a
  /// faster channel delivered ahead of the queue.
  static let knowableLatestMax = 8

  /// Whether `shown` is the truth as the surface's device may know it beyond what it must: while
  /// something bound for the device is on its way (it must know the other device's deeds made
  /// before ``World/pendingSince(to:)``), it may know any of the deeds made at or before the
  /// latest send instant of anything delivered to it, on any channel
  /// (``World/deliveredThrough(to:)``). Two shapes of that knowledge are tried, the ones
  /// WatchConnectivity's channels make:
  /// - every deed up to one in between (a queue, `transferUserInfo`, delivered in order that
  ///   far: the truth up to each deed in between is tried);
  /// - besides, the latest deeds from one on (a `sendMessage`, or its reply, carried the latest
  ///   while a queue still carries older ones, for instance a day of taps queued out of range).
  ///
  /// A device that learned some deeds in a third shape (two runs of messages with a failed one
  /// between, while older ones are still queued) is not recognised: the judge stays strict there.
  private mutating func mayKnow(_ shown: Display, on surface: Surface, world: World) -> Bool {
    let device = surface.device
    guard let must = world.pendingSince(to: device), let through = world.deliveredThrough(to: device), through >= must
    else { return false }
    let first = acceptedInstants.partitionIndex { $0 >= must }
    let end = acceptedInstants.partitionIndex { $0 > through }
    guard first < end else { return false }
    let window = acceptedInstants[first..<end]
    func knows(after known: Instant?, from latest: Instant?) -> Bool {
      let since = known?.advanced(by: 1) ?? must
      let display = model.expected(
        on: surface, at: world.now, today: world.today, in: world.calendar, unknownSince: since, until: latest)
      return display == shown
    }
    let cutoffs = window.prefix(Self.knowableCutoffsMax)
    for instant in cutoffs where knows(after: instant, from: nil) { return true }
    // `nil`: nothing of the queue yet.
    let queued: [Instant?] = [nil] + cutoffs.map { $0 }
    for latest in window.suffix(Self.knowableLatestMax) {
      for known in queued {
        guard known.map({ $0 < latest }) ?? true else { break }
        if knows(after: known, from: latest) { return true }
      }
    }
    return false
  }

  /// The chart values of the event being observed (truth, then each surface): written in place,
  /// copied into `history` only when they changed.
  private var chartValues: [Int?] = []

  /// Closes the disagreement of the surface at `index`: measures it, and for a design expected
  /// to converge checks it against the surface's bound.
  private mutating func close(_ open: Disagreement, surface index: Int, world: World) {
    let length = open.since.distance(to: world.now)
    intervals[index].append(length)
    if keepsChart, spans[index].count < Limits.chartEventsMax, open.since < world.now {
      let beyond = max(open.since, open.lastExcused).distance(to: world.now) > boundsMilliseconds[index]
      spans[index].append((open.since..<world.now, beyond))
    }
    if worst.map({ $0.since.distance(to: $0.until) < length }) ?? true {
      worst = (surfaces[index], open.since, world.now)
    }
    checkStaleness(open, surface: index, world: world)
  }

  /// The disagreement lasted no longer than the bound since the surface was last excused. For a
  /// design expected to converge a longer one is a violation; for any other design it is
  /// counted (``StrategyResult/stalenessBeyondBound``): a figure, not a failure.
  private mutating func checkStaleness(_ open: Disagreement, surface index: Int, world: World) {
    guard !open.reported else { return }
    count(.staleness)
    let unexcused = open.lastExcused.distance(to: world.now)
    let bound = boundsMilliseconds[index]
    guard unexcused > bound else { return }
    guard expectedToConverge else {
      stalenessBeyondBound += 1
      return
    }
    let surface = surfaces[index]
    guard !recordedAgain(.staleness, surface: surface) else { return }
    record(
      .staleness, world: world, surface: surface, field: nil, expected: "within \(Report.seconds(bound)) s",
      found: "\(Report.seconds(unexcused)) s",
      detail:
        "the \(surface.rawValue) showed other figures than the truth as its device could know it, from \(open.since) to \(world.now): \(Report.seconds(unexcused)) s after it was last excused (bound \(Report.seconds(bound)) s)"
    )
  }

  /// Open disagreements of a design expected to converge that are already past their bound (a
  /// surface that never recovers is stale too).
  private mutating func checkOpenStaleness(world: World) {
    for index in surfaces.indices {
      guard let open = disagreements[index], !open.reported, !excused(surfaces[index], world: world),
        !excusedBeyondNow(index, world: world),
        open.lastExcused.distance(to: world.now) > boundsMilliseconds[index]
      else { continue }
      checkStaleness(open, surface: index, world: world)
      disagreements[index]?.reported = true
    }
  }

  // MARK: Checks

  /// A local day boundary at `boundary` was `rolloverDelayMilliseconds` ago: every surface that
  /// has disagreed with the model since then (or before) failed to roll over.
  mutating func checkRollover<Design: SyncDesign>(after boundary: Instant, world: World, design: Design) {
    checkRolledOver(since: boundary, catchingUp: true, world: world, design: design) { surface, date in
      "\(surface) still shows another day's figures \(Report.seconds(boundary.distance(to: world.now))) s after the local day boundary of \(date)"
    }
  }

  /// Long enough after a zone change at `change` (see `DomainRun.zoneSettleMilliseconds`): no
  /// surface may still disagree since the change. The rollover invariant, for the day the device
  /// entered by flying rather than by waiting.
  mutating func checkZoneSettled<Design: SyncDesign>(changedAt change: Instant, left: ZoneCalendar, world: World, design: Design) {
    checkRolledOver(since: change, catchingUp: false, world: world, design: design) { surface, _ in
      "\(surface) still shows figures of \(left.identifier), which the device left at \(change), instead of \(world.calendar.identifier)'s"
    }
  }

  /// `catchingUp`: whether a surface excused after `instant` still has its bound from the end
  /// of the excuse (a day boundary; a zone change's check already waits for its catch-up).
  private mutating func checkRolledOver<Design: SyncDesign>(
    since instant: Instant, catchingUp: Bool, world: World, design: Design, detail: (Surface, CivilDate) -> String
  ) {
    for (index, surface) in surfaces.enumerated() {
      count(.rollover)
      // A disagreement another check already reported is one failure, not two.
      // What a device cannot know yet (something bound for it is on its way) is left out of what
      // it should show, and a surface excused by a window (WidgetKit's deaf window, a zone
      // change's catch-up) has its staleness bound from the window's end to catch up (a widget
      // the app's opening made deaf just before the boundary may still be waiting for the reload
      // asked after the deaf window). A widget waiting for a paced reload after a delivery in
      // the background is not excused here: a timeline shows the new day's figures at the
      // boundary with no reload at all, so another day's figures past the bound are a rollover.
      guard let open = disagreements[index], open.since <= instant, !open.reported, !excused(surface, world: world),
        !catchingUp || isPastBound(open, surface: index, since: instant, world: world)
      else { continue }
      recordDifference(
        .rollover, surface: surface, world: world, design: design, detail: detail(surface, world.calendar.date(containing: instant)))
    }
  }

  /// Whether the open disagreement of the surface at `index` has lasted its bound since
  /// `instant` or since the surface was last excused, whichever is later.
  private func isPastBound(_ open: Disagreement, surface index: Int, since instant: Instant, world: World) -> Bool {
    let excusedUntil = excusedWindowsEnd(surfaces[index], since: open.since, world: world, after: open.excusedUntil)
    return max(excusedUntil, instant).distance(to: world.now) >= boundsMilliseconds[index]
  }

  /// A quiescent window (no action for 30 minutes, nothing in flight): every surface shows the
  /// truth, and every store holds the live records once.
  mutating func checkQuiescent<Design: SyncDesign>(world: World, design: Design) {
    checkSurfaces(world: world, design: design)
    audit(design: design, world: world, atEnd: false)
    checkMove(design: design, world: world)
    checkOpenStaleness(world: world)
  }

  /// Every visible surface that is not excused shows the truth.
  private mutating func checkSurfaces<Design: SyncDesign>(world: World, design: Design) {
    for (index, surface) in surfaces.enumerated() {
      guard let shown = displayed(surface, world: world, design: design), !excused(surface, world: world),
        !excusedBeyondNow(index, world: world)
      else { continue }
      count(.convergence)
      refreshExpected(on: surface, at: index, world: world)
      guard disagree(shown, surface: index, world: world) else { continue }
      recordDifference(.convergence, surface: surface, world: world, design: design, detail: "after a quiescent window")
    }
  }

  /// Once the updated app has run: every record the phone's store held when it was installed,
  /// and that no action removed since, is in the phone's store (at every quiescent point from
  /// then on, and at the end).
  private mutating func checkMove<Design: SyncDesign>(design: Design, world: World) {
    guard let held = heldBeforeMove, !world.awaitingFirstLaunch else { return }
    count(.noDataLoss)
    // Looked up by binary search in sorted keys, not hashed: a store names a record by its id,
    // or by its instant (actions have distinct instants, so a held record that is live is in an
    // instants store exactly when its action's instant is).
    let isKept: (Record) -> Bool
    switch design.storedRecords(on: .phone) {
    case .ids(let ids)?:
      let sorted = Self.isSorted(ids) ? ids : ids.sorted()
      isKept = { Self.contains($0.id, in: sorted) }
    case .instants(let instants)?:
      let sorted = Self.isSorted(instants) ? instants : instants.sorted()
      isKept = { Self.contains($0.instant, in: sorted) }
    case nil:
      isKept = { _ in false }
    }
    let lost = held.filter { Self.contains($0.id, in: liveIDs) && !isKept($0) }
    guard let first = lost.first?.id else { return }
    record(
      .noDataLoss, world: world, surface: nil, field: nil, expected: "\(held.count) records kept",
      found: "\(lost.count) lost",
      detail:
        "the store move lost \(lost.count) of the \(held.count) records the phone's store held when the updated app was installed; the first is \(Self.describe(actions.byID[first]))"
    )
  }

  /// Whether `keys` are in non-decreasing order.
  private static func isSorted<Key: Comparable>(_ keys: [Key]) -> Bool {
    for index in keys.indices.dropFirst() where keys[index] < keys[index - 1] { return false }
    return true
  }

  /// Whether `sorted` (in non-decreasing order) holds `key`: a binary search.
  private static func contains<Key: Comparable>(_ key: Key, in sorted: [Key]) -> Bool {
    let index = sorted.partitionIndex { $0 >= key }
    return index < sorted.count && sorted[index] == key
  }

  /// Records a violation of `invariant` by `surface`, naming the fields that differ now.
  private mutating func recordDifference<Design: SyncDesign>(
    _ invariant: Invariant, surface: Surface, world: World, design: Design, detail: String
  ) {
    // One failure, one verdict: staleness does not report again what this check reported.
    if let index = surfaces.firstIndex(of: surface), disagreements[index] != nil { disagreements[index]?.reported = true }
    // A repeat only counts: the texts below are for the first occurrence.
    guard !recordedAgain(invariant, surface: surface) else { return }
    guard let index = surfaces.firstIndex(of: surface) else { preconditionFailure("\(surface) is not a surface of the run") }
    let expected = expected(on: surface, at: index, world: world)
    let shown = displayed(surface, world: world, design: design)
    let differences = shown.map { $0.differences(from: expected) } ?? []
    let first = differences.first
    let fields = differences.prefix(4).map { "\(surface.rawValue).\($0)" }.joined(separator: "; ")
    let (expectedHeadline, foundHeadline) = Self.headlines(expected: expected, shown: shown, first: first)
    record(
      invariant, world: world, surface: surface, field: first?.field, expected: expectedHeadline, found: foundHeadline,
      detail: "\(detail): \(fields)\(differences.count > 4 ? "; …" : "")")
  }

  /// What a violation headlines: each display in a few words (``Display/headline``), and, when
  /// those words are the same on both sides, the first field that differs with its two values
  /// (`0 (.perfect), average 1/30` against `0 (.perfect), average 0`), so that a headline always
  /// shows what is wrong.
  static func headlines(expected: Display, shown: Display?, first: FieldDifference?) -> (expected: String, found: String) {
    guard let shown else { return (expected.headline, "nothing") }
    guard shown.headline == expected.headline, let first else { return (expected.headline, shown.headline) }
    return ("\(expected.headline), \(first.field) \(first.expected)", "\(shown.headline), \(first.field) \(first.found)")
  }

  /// The updated app is installed (store move): what the phone's store holds now must survive
  /// the move.
  mutating func storeMoveBegins<Design: SyncDesign>(design: Design) {
    heldBeforeMove = design.storedRecords(on: .phone).map(resolve)
    movedBeforeMove = Set(heldBeforeMove?.map(\.id) ?? [])
  }

  /// The final check, after the liveness phase.
  mutating func finish<Design: SyncDesign>(world: World, design: Design) {
    checkSurfaces(world: world, design: design)
    audit(design: design, world: world, atEnd: true)
    checkMove(design: design, world: world)
    checkOpenStaleness(world: world)
    for (widget, host) in zip(WidgetID.allCases, world.hosts) {
      count(.refreshBudget, times: host.requests)
      guard let denied = host.firstDenial else { continue }
      record(
        .refreshBudget, world: world, surface: widget.surface, field: nil, expected: "at most \(host.budget.limit) charged reloads a day",
        found: "\(host.denied) denied",
        detail:
          "\(host.denied) reloads of the \(widget.surface.rawValue) were denied by the \(host.budget.limit)/24 h budget; the first at \(denied)"
      )
    }
    for index in surfaces.indices {
      if let open = disagreements[index] { close(open, surface: index, world: world) }
    }
    disagreements = Array(repeating: nil, count: surfaces.count)
  }

  // MARK: Stores

  private func resolve(_ stored: StoredRecords) -> [Record] {
    switch stored {
    case .ids(let ids): return ids.map(storedRecord(id:))
    case .instants(let instants): return instants.map(storedRecord(at:))
    }
  }

  /// The record a store names by its id.
  private func storedRecord(id: EventID) -> Record {
    Record(id: id, instant: actions.byID[id]?.time ?? Instant(millisecondsSince1970: 0))
  }

  /// The record a store names by its instant (actions have distinct instants).
  private func storedRecord(at instant: Instant) -> Record {
    Record(id: actions.byInstant[instant]?.eventID ?? EventID(Self.unknownID), instant: instant)
  }

  /// The id of a stored entry no action made.
  private static let unknownID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0x0F))

  /// Audits every device's store against the model's live records: the phone's whole, the
  /// watch's for today.
  private mutating func audit<Design: SyncDesign>(design: Design, world: World, atEnd: Bool) {
    for device in [Device.phone, .watch] {
      guard let stored = design.storedRecords(on: device) else { continue }
      let today = device == .watch ? world.today : nil
      let movedAway = device == .phone && heldBeforeMove != nil && !world.awaitingFirstLaunch
      let audited: StoreAudit
      switch stored {
      case .ids(let ids) where ids == liveIDs:
        // The store holds each live record once and nothing else: what the merge finds, at the
        // cost of one comparison (the common case at a quiescent point).
        // Today's: one run of the live records, which the model keeps sorted by instant.
        let counted =
          today.map { day in
            let live = model.liveRecords
            return live.partitionPoint { $0.instant < day.end } - live.partitionPoint { $0.instant < day.start }
          } ?? liveByID.count
        audited = StoreAudit(heldCount: counted, liveCount: counted, missing: [], extra: [])
      case .ids(let ids) where today == nil:
        // Taken out first, so that the audit holds the last window alone and splices it in place.
        let previous = idWindows[device]
        idWindows[device] = nil
        let window = wholeStoreAudit(
          ids, with: liveByID, key: \.id, movedAway: movedAway, resolve: storedRecord(id:), previous: previous,
          liveChanges: liveChanges[device])
        idWindows[device] = window
        liveChanges[device] = []
        audited = StoreAudit(heldCount: ids.count, liveCount: liveByID.count, missing: window.missing, extra: window.extra)
      case .ids(let ids):
        audited = merge(ids, with: liveByID, key: \.id, today: today, movedAway: movedAway, resolve: storedRecord(id:))
      case .instants(let instants):
        // Actions have distinct instants, so an instant names a record as well as an id does.
        var (held, live) = (instants, model.liveRecords)
        if let today {
          // Only today's records count, and a held instant is its record's instant: the records
          // of other days add nothing to the merge, so it is given today's alone (the live
          // records are sorted, so today's are one run of them).
          held = instants.filter { today.contains($0) }
          let first = live.partitionPoint { $0.instant < today.start }
          let end = live[first...].partitionPoint { $0.instant < today.end }
          live = Array(live[first..<end])
        }
        if Self.holdsExactly(held, live) {
          // Each live record once, nothing else: what the merge finds, in one comparison.
          let counted = today == nil ? live.count : live.count { today?.contains($0.instant) ?? true }
          audited = StoreAudit(heldCount: counted, liveCount: counted, missing: [], extra: [])
        } else if today == nil {
          let previous = instantWindows[device]
          instantWindows[device] = nil
          let window = wholeStoreAudit(
            held, with: live, key: \.instant, movedAway: movedAway, resolve: storedRecord(at:),
            previous: previous, liveChanges: liveChanges[device])
          instantWindows[device] = window
          liveChanges[device] = []
          audited = StoreAudit(heldCount: held.count, liveCount: live.count, missing: window.missing, extra: window.extra)
        } else {
          audited = merge(held, with: live, key: \.instant, today: today, movedAway: movedAway, resolve: storedRecord(at:))
        }
      }
      report(audited, device: device, world: world, atEnd: atEnd)
    }
  }

  /// Per device: the last audit of a whole store that names its records by id, or by instant.
  private var idWindows = PerDevice<StoreAuditWindow<EventID>?>(repeating: nil)
  private var instantWindows = PerDevice<StoreAuditWindow<Instant>?>(repeating: nil)

  /// The audit of a whole store (every record counts) that names its records by `key`, merged
  /// only where it or the live records changed since `previous` (see ``StoreAuditWindow``).
  private func wholeStoreAudit<Key: Comparable>(
    _ keys: [Key], with records: [Record], key: (Record) -> Key, movedAway: Bool, resolve: (Key) -> Record,
    previous: consuming StoreAuditWindow<Key>?, liveChanges: [Record]?
  ) -> StoreAuditWindow<Key> {
    // The very same array as last time is known sorted (as `previous.held`).
    let held: [Key]
    if let previous, keys.hasSameStorage(as: previous.given) {
      held = previous.held
    } else {
      held = Self.isSorted(keys) ? keys : keys.sorted()
    }
    return StoreAuditWindow.audit(
      given: keys, held: held, live: records, liveChanges: liveChanges, key: key, movedAway: movedAway,
      previous: consume previous
    ) {
      let found = merge($0, with: $1, key: key, today: nil, movedAway: movedAway, resolve: resolve)
      return (found.missing, found.extra)
    }
  }

  /// Whether `instants` are the instants of `records`, in order, each once (strictly
  /// increasing): the merge would pair each with its record and find nothing missing or extra.
  private static func holdsExactly(_ instants: [Instant], _ records: [Record]) -> Bool {
    guard instants.count == records.count else { return false }
    for index in instants.indices {
      guard instants[index] == records[index].instant else { return false }
      if index > 0, instants[index - 1] >= instants[index] { return false }
    }
    return true
  }

  /// The audit of a store that names its records by `key` (an id, or an instant), merged with
  /// `records`, the live records in the order of that key: a key is resolved to a record only
  /// when the store holds a record the truth does not. Only records of `today` count, when
  /// given; what the store move lost (`movedAway`) is no-data-loss's to report, not a lost write.
  private func merge<Key: Comparable>(
    _ keys: [Key], with records: [Record], key: (Record) -> Key, today: DayInterval?, movedAway: Bool, resolve: (Key) -> Record
  ) -> StoreAudit {
    let held = Self.isSorted(keys) ? keys : keys.sorted()
    let counted = { (instant: Instant) in today?.contains(instant) ?? true }
    var missing: [Record] = []
    var extra: [Record] = []
    var (heldCount, liveCount) = (0, 0)
    var (h, l) = (0, 0)
    while h < held.count || l < records.count {
      if h < held.count, l < records.count, held[h] == key(records[l]) {
        let record = records[l]
        if counted(record.instant) {
          heldCount += 1
          liveCount += 1
        }
        h += 1
        l += 1
        // The same record held again is counted twice.
        while h < held.count, held[h] == key(record) {
          if counted(record.instant) {
            heldCount += 1
            extra.append(record)
          }
          h += 1
        }
      } else if h < held.count, l == records.count || held[h] < key(records[l]) {
        let record = resolve(held[h])
        if counted(record.instant) {
          heldCount += 1
          extra.append(record)
        }
        h += 1
      } else {
        let record = records[l]
        if counted(record.instant) {
          liveCount += 1
          if !(movedAway && movedBeforeMove.contains(record.id)) { missing.append(record) }
        }
        l += 1
      }
    }
    return StoreAudit(heldCount: heldCount, liveCount: liveCount, missing: missing, extra: extra)
  }

  /// What one audit of a device's store found.
  private struct StoreAudit {
    /// The records the store holds (of today, for the watch), repeats included.
    let heldCount: Int
    /// The live records (of today, for the watch).
    let liveCount: Int
    /// Live records the store does not hold (less what the store move lost), in key order.
    let missing: [Record]
    /// Records the store holds that are not live, or holds twice, in key order.
    let extra: [Record]
  }

  private mutating func report(_ audit: StoreAudit, device: Device, world: World, atEnd: Bool) {
    count(.noLostWrite)
    count(.noDoubleCount)
    let place = device == .phone ? "the phone's store" : "the watch's store (today)"
    let when = atEnd ? "at the end of the run" : "at a quiescent point"
    // The first in record order is named (the findings are in key order, which for a store
    // naming its records by id is another).
    if !audit.missing.isEmpty, !recordedAgain(.noLostWrite, surface: nil), let first = audit.missing.min() {
      record(
        .noLostWrite, world: world, surface: nil, field: nil, expected: "\(audit.liveCount) records",
        found: "\(audit.heldCount - audit.extra.count)",
        detail:
          "\(audit.missing.count) accepted records are not in \(place) \(when) (\(tallyByKind(audit.missing))); the first is \(Self.describe(actions.byID[first.id]))",
        atAction: atEnd ? first.instant : nil)
    }
    if !audit.extra.isEmpty, !recordedAgain(.noDoubleCount, surface: nil), let first = audit.extra.min() {
      record(
        .noDoubleCount, world: world, surface: nil, field: nil, expected: "\(audit.liveCount) records",
        found: "\(audit.liveCount - audit.missing.count + audit.extra.count)",
        detail:
          "\(audit.extra.count) records in \(place) \(when) repeat an accepted one or were deleted (\(tallyByKind(audit.extra))); the first is \(Self.describe(actions.byID[first.id]))",
        atAction: atEnd ? first.instant : nil)
    }
  }

  /// `7 watchTap, 2 widgetTap`: how many of `records` each kind of action made, by kind name.
  private func tallyByKind(_ records: [Record]) -> String {
    let kinds = records.map { actions.byID[$0.id].map { "\($0.kind.name)" } ?? "unknown" }.sorted()
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
  static func describe(_ action: PlannedAction?) -> String {
    guard let action else { return "an entry no action made" }
    return "action #\(action.ordinal) (\(action.kind.name)) at \(action.time)"
  }

  // MARK: Recording

  private mutating func count(_ invariant: Invariant, times: Int = 1) {
    checkCounts[invariant.ordinal] = (checkCounts[invariant.ordinal] ?? 0) + times
  }

  /// The invariants checked, with how many times each was.
  private func checks() -> [Invariant: Int] {
    var checks: [Invariant: Int] = [:]
    for invariant in Invariant.allCases {
      if let times = checkCounts[invariant.ordinal] { checks[invariant] = times }
    }
    return checks
  }

  /// Records a repeat of a violation already recorded (or of a disabled invariant) and returns
  /// `true`; `false` when this is the first occurrence, which the caller then describes with
  /// ``record(_:world:surface:field:expected:found:detail:atAction:)``. Describing a repeat
  /// would build texts that are thrown away.
  private mutating func recordedAgain(_ invariant: Invariant, surface: Surface?) -> Bool {
    guard !disabled.contains(invariant) else { return true }
    guard let index = violations.index(forKey: invariant) else { return false }
    Self.noteAgain(&violations.values[index], surface: surface)
    return true
  }

  /// One more occurrence of `violation`, on `surface` if any: changed in place (a violation
  /// holds its trace, which a copy out of the dictionary and back would retain and release).
  private static func noteAgain(_ violation: inout Violation, surface: Surface?) {
    violation.occurrences += 1
    if let surface, !violation.surfaces.contains(surface) { violation.surfaces = (violation.surfaces + [surface]).sorted() }
  }

  /// Records an occurrence seen now; `atAction` dates it at the instant of the action whose
  /// record it concerns (the engine then replays the run for the events around it).
  private mutating func record(
    _ invariant: Invariant, world: World, surface: Surface?, field: String?, expected: String, found: String,
    detail: String, atAction: Instant? = nil
  ) {
    guard !disabled.contains(invariant) else { return }
    if let index = violations.index(forKey: invariant) {
      Self.noteAgain(&violations.values[index], surface: surface)
      return
    }
    violations[invariant] = Violation(
      invariant: invariant, time: atAction ?? world.now, surface: surface, field: field, expected: expected, found: found,
      detail: detail, trace: world.trace, datedAtAction: atAction != nil, occurrences: 1,
      surfaces: surface.map { [$0] } ?? [])
  }

  // MARK: Result

  func result(strategy: String, domain: Domain, world: World, events: Int, faults: [FaultKind: Int]) -> StrategyResult {
    StrategyResult(
      strategy: strategy, domain: domain, expectedToConverge: expectedToConverge,
      violations: violations.values.sorted { $0.invariant < $1.invariant }, stalenessBeyondBound: stalenessBeyondBound,
      checks: checks(), faults: faults,
      staleness: surfaces.indices.map { StalenessFigures(surface: surfaces[$0], intervals: intervals[$0].sorted()) },
      events: events, acceptedActions: accepted, reloadRequests: world.hosts.reduce(0) { $0 + $1.requests },
      chargedReloads: world.hosts.reduce(0) { $0 + $1.charged }, deniedReloads: world.hosts.reduce(0) { $0 + $1.denied },
      chart: keepsChart ? divergenceChart(strategy: strategy, domain: domain, world: world)?.render() : nil,
      overview: keepsChart ? overviewChart(strategy: strategy, domain: domain, world: world).render() : nil)
  }
}

extension Collection {
  /// The index of the first element for which `isBefore` is false, in a collection where every
  /// element for which it is true comes first (binary search).
  fileprivate func partitionPoint(_ isBefore: (Element) -> Bool) -> Index {
    var (low, count) = (startIndex, self.count)
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if isBefore(self[middle]) {
        low = index(after: middle)
        count -= half + 1
      } else {
        count = half
      }
    }
    return low
  }
}
