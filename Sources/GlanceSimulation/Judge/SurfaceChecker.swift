import GlanceKernel

/// The checker of what the surfaces show (``Invariant/convergence``, ``Invariant/staleness``,
/// ``Invariant/rollover``): after every event it compares what each surface shows with the truth
/// as the surface's device can know it, keeps each surface's open disagreement and the excuses
/// that stop its clock, measures every disagreement (the report's staleness figures) and keeps
/// the chart's history. It sees the platform through its facts and a design through what its
/// surfaces show, never more; it never changes either.
///
/// ## Laws
/// - A disagreement opens at the first event a visible surface differs from everything its
///   device may know, and closes at the first event it agrees again; its length is counted
///   once, when it closes (or at the end).
/// - Staleness: a closed (or, at a quiescent check, open) disagreement longer than the
///   surface's bound after its last excuse is one violation for a design expected to converge,
///   and a counted figure (``stalenessBeyondBound``) for any other.
/// - Rollover: ``rolloverDelayMilliseconds`` after a local day boundary, and when a zone change
///   has settled, a surface still disagreeing since before it is a violation; the disagreement
///   is then not reported again as staleness.
/// - Convergence: at a quiescent check and at the end, every visible surface not excused agrees.
struct SurfaceChecker: Checker {
  static let invariants: [Invariant] = [.convergence, .staleness, .rollover]

  /// The surfaces of the domain, in surface order.
  let surfaces: [Surface]
  let expectedToConverge: Bool
  /// Per surface (indexed like `surfaces`): how long it may disagree once it could know.
  let boundsMilliseconds: [Int64]
  /// Whether a surface is on the watch.
  let hasWatchSurface: Bool
  /// How often a widget can afford a charged reload for a change learned in the background:
  /// `2 × 24 h / refreshBudget` (see ``Invariant/staleness``).
  let pacingMilliseconds: Int64
  /// Whether to keep the history the chart is drawn from (not for a sweep's verdicts).
  let keepsChart: Bool
  /// For a design not expected to converge: how many disagreements outlasted their surface's
  /// staleness bound.
  private(set) var stalenessBeyondBound = 0
  /// Per surface (indexed like `surfaces`): its open disagreement, and the memos of its
  /// comparison with the truth (``SurfaceState``).
  private var states: [SurfaceState]
  /// Per surface: the lengths of its closed disagreements.
  private(set) var intervals: [[Int64]]
  /// Every change of the truth or of a surface's chart value, for the chart: (time, truth,
  /// then each surface), bounded by `Limits.chartHistoryMax`.
  private(set) var history: [(time: Instant, values: [Int?])] = []
  /// When the history reached `Limits.chartHistoryMax` and stopped growing (the charts end
  /// there).
  private(set) var historyFullAt: Instant? = nil
  /// The longest disagreement so far: a chart is drawn around it.
  private(set) var worst: (surface: Surface, since: Instant, until: Instant)? = nil
  /// Per surface: its disagreements, for the charts (at most `Limits.chartEventsMax` each), and
  /// whether each lasted longer than the surface's bound after its last excuse.
  private(set) var spans: [[(range: Range<Instant>, beyondBound: Bool)]]

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

  /// What the checker keeps of one surface from one event to the next: its open disagreement,
  /// the excuse noted before the event, and the memos that spare asking the model and comparing
  /// displays again when nothing they depend on changed. One value per surface, changed in place
  /// once per surface per event (parallel arrays of these fields cost a uniqueness and a bounds
  /// check each, after every event).
  ///
  /// ## Laws
  /// - `expected` is the model's answer for `expectedKey`, the `answers`-th the surface got.
  /// - `lastDisagrees` is the verdict on `lastShown` against the `lastAnswer`-th answer, with
  ///   `lastDelivered` delivered to the device; `lastAnswer` is -1 until a display was compared
  ///   (the model's answers count from 1).
  /// - `excusedBeforeEvent` holds only between ``SurfaceChecker/noteExcuses(facts:)`` and the
  ///   observation of the event that follows.
  private struct SurfaceState {
    let surface: Surface
    /// The open disagreement, when it began, the last instant the surface was excused, and
    /// whether its staleness was reported.
    var disagreement: Disagreement? = nil
    /// Whether the surface was excused just before the event being handled (a delivery ends a
    /// transit: the surface could not know until that very event); noted only while a
    /// disagreement is open.
    var excusedBeforeEvent = false
    /// What the model's last answer depended on, the answer, and how many answers were made so
    /// far (what the comparison memo keys on).
    var expectedKey: ExpectedMemoKey? = nil
    var expected: Display? = nil
    var answers = 0
    /// The display last compared, which of the model's answers it was compared with
    /// (``answers``), what had been delivered to the device then, and whether they disagreed.
    var lastShown: Display? = nil
    var lastAnswer = -1
    var lastDelivered: Instant? = nil
    var lastDisagrees = false

    /// Makes ``expected`` what the surface should show now, `key` being what the answer
    /// depends on now.
    ///
    /// Asked after every event: the model is asked again only when what its answer depends on
    /// changed (``ExpectedMemoKey``), else the last answer stands; each new answer counts in
    /// ``answers``.
    mutating func refreshExpected(key: ExpectedMemoKey, facts: some PlatformFacts, truth: inout JudgedTruth) {
      guard expectedKey != key || expected == nil else { return }
      let display: Display
      if let since = key.unknownSince {
        display = truth.expected(
          on: surface, at: facts.now, today: facts.today, in: facts.calendar, zoneChanges: key.zoneChanges, unknownSince: since)
      } else {
        display = truth.expected(on: surface, at: facts.now, today: facts.today, in: facts.calendar, zoneChanges: key.zoneChanges)
      }
      (expectedKey, expected) = (key, display)
      answers += 1
    }

    /// Whether `shown` differs from what the surface should show (``expected``, made current by
    /// ``refreshExpected(key:facts:truth:)``) and from everything more its device may know
    /// (``SurfaceChecker/mayKnow(_:on:facts:truth:)``), `delivered` being the device's
    /// ``PlatformFacts/deliveredThrough(to:)``: compared whole, unless `shown` is the very value
    /// compared last time (see ``Display/isIdentical(to:)``; the memo keeps it, and so its box,
    /// alive), the expected display is the same answer of the model as then, and nothing more
    /// was delivered to the device since, whose verdict stands. The expected display is read in
    /// place: copying it out after every event cost a retain and a release.
    mutating func disagree(_ shown: Display, delivered: Instant?, facts: some PlatformFacts, truth: inout JudgedTruth) -> Bool {
      if lastAnswer == answers, lastDelivered == delivered, lastShown?.isIdentical(to: shown) == true {
        return lastDisagrees
      }
      guard var disagrees = expected.map({ shown != $0 }) else {
        preconditionFailure("the \(surface) is compared before the model was asked")
      }
      if disagrees { disagrees = !SurfaceChecker.mayKnow(shown, on: surface, facts: facts, truth: &truth) }
      (lastShown, lastAnswer, lastDelivered, lastDisagrees) = (shown, answers, delivered, disagrees)
      return disagrees
    }

    /// The surface after an event, showing `shown` (`nil`: nothing visible): compared with what
    /// it should show (`key`, `delivered`: see ``refreshExpected(key:facts:truth:)`` and
    /// ``disagree(_:delivered:facts:truth:)``), its disagreement opens, or learns of a new
    /// excuse, or closes. `learnedInBackground`: the event let a widget learn of a change in the
    /// background (see ``SurfaceChecker/pacedUntil(_:learnedInBackground:pacingMilliseconds:facts:)``).
    /// Returns the disagreement the event closed, for the checker to measure.
    mutating func observe(
      _ shown: Display?, key: ExpectedMemoKey, delivered: Instant?, learnedInBackground: Bool, pacingMilliseconds: Int64,
      facts: some PlatformFacts, truth: inout JudgedTruth
    ) -> Disagreement? {
      let excusedBefore = excusedBeforeEvent
      excusedBeforeEvent = false
      refreshExpected(key: key, facts: facts, truth: &truth)
      var disagrees = false
      if let shown { disagrees = disagree(shown, delivered: delivered, facts: facts, truth: &truth) }
      guard disagrees else {
        guard var open = disagreement else { return nil }
        if excusedBefore { open.excusedUntil = facts.now }
        open.excusedUntil = SurfaceChecker.excusedWindowsEnd(surface, since: open.since, facts: facts, after: open.excusedUntil)
        disagreement = nil
        return open
      }
      // Whether the surface learned of what it shows wrong now: it began to disagree, or it was
      // excused until now.
      var open: Disagreement
      let learnedNow: Bool
      if let current = disagreement {
        open = current
        learnedNow = excusedBefore || SurfaceChecker.excused(surface, facts: facts)
        if learnedNow { open.excusedUntil = max(open.excusedUntil, facts.now) }
      } else {
        open = Disagreement(since: facts.now, excusedUntil: facts.now)
        learnedNow = true
      }
      if learnedNow,
        let paced = SurfaceChecker.pacedUntil(
          surface, learnedInBackground: learnedInBackground, pacingMilliseconds: pacingMilliseconds, facts: facts)
      {
        open.pacedUntil = max(open.pacedUntil ?? paced, paced)
      }
      open.excusedUntil = SurfaceChecker.excusedWindowsEnd(surface, since: open.since, facts: facts, after: open.excusedUntil)
      disagreement = open
      return nil
    }
  }

  init(surfaces: [Surface], expectedToConverge: Bool, lateFiringMillisecondsMax: Int64, pacingMilliseconds: Int64, keepsChart: Bool) {
    self.surfaces = surfaces
    self.expectedToConverge = expectedToConverge
    self.hasWatchSurface = surfaces.contains { $0.device == .watch }
    self.boundsMilliseconds = surfaces.map { Self.bound(of: $0, lateFiringMillisecondsMax: lateFiringMillisecondsMax) }
    self.pacingMilliseconds = pacingMilliseconds
    self.keepsChart = keepsChart
    states = surfaces.map { SurfaceState(surface: $0) }
    intervals = Array(repeating: [], count: surfaces.count)
    spans = Array(repeating: [], count: surfaces.count)
    chartValues = Array(repeating: nil, count: surfaces.count + 1)
  }

  /// How long `surface` may disagree with the model once it could know (see
  /// ``Invariant/staleness``).
  static func bound(of surface: Surface, lateFiringMillisecondsMax: Int64) -> Int64 {
    switch surface {
    case .app, .watch: return 1_000
    case .widget, .yearWidget: return max(1_000, lateFiringMillisecondsMax) + 1_000 + 4_000
    }
  }

  /// How long the judge gives a widget to learn of a zone change: WidgetKit documents no reload
  /// when the device's zone changes, so a widget learns of it only at a charged reload of its
  /// own timeline. Half the budget (less two, for the edges of the rolling window) affords one
  /// every `48 h / (limit − 4)`, the other half going to changes learned in the background: the
  /// judge grants that, and never less than an hour. (GlanceSync's converged widgets check their
  /// zone this often or more: `WidgetTimelines.zoneCheckMilliseconds(refreshBudget:)`, which a
  /// test holds at most this for every budget.)
  static func zoneCatchUpMilliseconds(refreshBudget: Int) -> Int64 {
    let limit = Int64(refreshBudget)
    let halfLessTwo = (2 * RefreshBudget.windowMilliseconds + (limit - 4) - 1) / (limit - 4)
    return max(Instant.millisecondsPerHour, halfLessTwo)
  }

  /// How long after a zone change every surface must show the new zone's "today": a widget's
  /// zone-check reload (``zoneCatchUpMilliseconds(refreshBudget:)``) fired as late as WidgetKit fires it,
  /// served after the longest reload latency, plus WidgetKit's deaf window and a margin.
  static func zoneSettleMilliseconds(refreshBudget: Int, lateFiringSecondsMax: Int) -> Int64 {
    let lateFiring = Int64(lateFiringSecondsMax) * 1000
    return zoneCatchUpMilliseconds(refreshBudget: refreshBudget) + lateFiring + max(1_000, lateFiring)
      + RefreshBudget.deafWindowMilliseconds + 5_000
  }

  /// The longest bound of any surface: how long after a day boundary the rollover check runs.
  var rolloverDelayMilliseconds: Int64 { boundsMilliseconds.max() ?? 0 }

  /// The end of the run: every disagreement still open is closed now.
  mutating func finish(facts: some PlatformFacts, verdicts: inout Verdicts) {
    for index in states.indices {
      guard let open = states[index].disagreement else { continue }
      states[index].disagreement = nil
      close(open, surface: index, facts: facts, verdicts: &verdicts)
    }
  }

  // MARK: Observing

  /// What `surface` should show now: the truth, without what the other device did since
  /// something bound for the surface's device began to be on its way (see ``Invariant``).
  private mutating func expected(on surface: Surface, at index: Int, facts: some PlatformFacts, truth: inout JudgedTruth) -> Display {
    refreshExpected(at: index, facts: facts, truth: &truth)
    guard let display = states[index].expected else { preconditionFailure("no expected display for \(surface)") }
    return display
  }

  /// Makes the expected display of the surface at `index` what it should show now (see
  /// ``SurfaceState/refreshExpected(key:facts:truth:)``), reading its device's
  /// ``PlatformFacts/pendingSince(to:)``.
  private mutating func refreshExpected(at index: Int, facts: some PlatformFacts, truth: inout JudgedTruth) {
    let key = ExpectedMemoKey(
      deeds: truth.deeds, dayStart: facts.today.start, zoneChanges: facts.zoneChanges,
      unknownSince: facts.pendingSince(to: surfaces[index].device))
    states[index].refreshExpected(key: key, facts: facts, truth: &truth)
  }

  /// Whether `surface` cannot show a change now (see ``Invariant``): a widget while WidgetKit is
  /// deaf, while a zone change is caught up with, or before the updated app's first launch; a
  /// widget or the watch while the App Group store has writes it deferred and has not taken
  /// (the widget reads the store, the watch hears from the phone what the store holds).
  private static func excused(_ surface: Surface, facts: some PlatformFacts) -> Bool {
    switch surface {
    case .app: return false
    case .watch: return facts.faultEffects.deferredWrites > 0
    case .widget, .yearWidget:
      return facts.zoneSettling != nil || facts.deafUntil.map { facts.now < $0 } ?? false || facts.awaitingFirstLaunch
        || facts.faultEffects.deferredWrites > 0
    }
  }

  /// How many deliveries had reached the phone just before the event being handled: the event
  /// delivered something when the count changed.
  private var phoneDeliveriesBeforeEvent = 0
  /// How many deferred writes waited just before the event being handled: the event committed
  /// some when the count fell.
  private var deferredWritesBeforeEvent = 0

  /// Notes, before the engine handles the next event, which surfaces are excused.
  mutating func noteExcuses(facts: some PlatformFacts) {
    phoneDeliveriesBeforeEvent = facts.deliveryCount(to: .phone)
    deferredWritesBeforeEvent = facts.faultEffects.deferredWrites
    for (index, surface) in surfaces.enumerated() where states[index].disagreement != nil {
      states[index].excusedBeforeEvent = Self.excused(surface, facts: facts)
    }
  }

  /// Until when a widget is excused that learns of a change in the background
  /// (`learnedInBackground`: the event being handled delivered something to the phone, on any
  /// channel, or committed writes the App Group store had deferred, while the app is not in the
  /// foreground, so only a charged reload can show it): `pacing` after the widget's last charged
  /// reload before now. `nil` for other surfaces, and for an event that delivered and committed
  /// nothing (a transfer still queued excuses nothing here: the expected display already leaves
  /// out what it carries).
  private static func pacedUntil(
    _ surface: Surface, learnedInBackground: Bool, pacingMilliseconds: Int64, facts: some PlatformFacts
  ) -> Instant? {
    guard learnedInBackground, let widget = surface.widget, let last = facts.lastChargedReload(of: widget) else { return nil }
    let until = last.advanced(by: pacingMilliseconds)
    return until > facts.now ? until : nil
  }

  /// Whether the open disagreement of the surface at `index` is excused beyond now (a paced
  /// background reload is not yet due).
  private func excusedBeyondNow(_ index: Int, facts: some PlatformFacts) -> Bool {
    states[index].disagreement.map { $0.lastExcused > facts.now } ?? false
  }

  /// The end of the windows whose end is known in advance (WidgetKit's deaf window, a zone
  /// change's catch-up) that excuse `surface` within `[since, now]`, or `after` when later.
  private static func excusedWindowsEnd(_ surface: Surface, since: Instant, facts: some PlatformFacts, after: Instant) -> Instant {
    guard surface == .widget || surface == .yearWidget else { return after }
    var end = after
    // Each window in turn, without an array of them (asked after most events of a disagreement).
    if let deaf = facts.deafUntil, deaf > since { end = max(end, min(deaf, facts.now)) }
    if let zone = facts.zoneSettles, zone > since { end = max(end, min(zone, facts.now)) }
    return end
  }

  /// The engine handled an event: each surface, in surface order, is compared with the truth as
  /// its device can know it (``SurfaceState/observe(_:key:delivered:learnedInBackground:pacingMilliseconds:facts:truth:)``),
  /// and every disagreement the event closed is measured.
  ///
  /// Inlined into its one caller after every event (``Judge/observe(world:app:watch:)``), whose
  /// closure is then inlined too: called, the closure cost a call and a thunk per surface.
  @inline(__always)
  mutating func observe(facts: some PlatformFacts, showing: (Surface) -> Display?, truth: inout JudgedTruth, verdicts: inout Verdicts) {
    // What the surfaces' comparisons depend on, read once per event (and once per device) rather
    // than once per surface.
    let (deeds, dayStart, zoneChanges) = (truth.deeds, facts.today.start, facts.zoneChanges)
    let phoneSince = facts.pendingSince(to: .phone)
    let watchSince = hasWatchSurface ? facts.pendingSince(to: .watch) : nil
    let phoneDelivered = facts.deliveredThrough(to: .phone)
    let watchDelivered = hasWatchSurface ? facts.deliveredThrough(to: .watch) : nil
    let phoneDeliveries = facts.deliveryCount(to: .phone)
    let deferredWrites = facts.faultEffects.deferredWrites
    let learnedInBackground =
      (phoneDeliveries != phoneDeliveriesBeforeEvent || deferredWrites < deferredWritesBeforeEvent) && !facts.appForeground
    // By index, each surface read from its state: iterating `surfaces` while `states` changes
    // cost a retain and a release of its buffer after every event.
    for index in states.indices {
      let surface = states[index].surface
      let onPhone = surface.device == .phone
      let shown = showing(surface)
      let key = ExpectedMemoKey(deeds: deeds, dayStart: dayStart, zoneChanges: zoneChanges, unknownSince: onPhone ? phoneSince : watchSince)
      let closed = states[index].observe(
        shown, key: key, delivered: onPhone ? phoneDelivered : watchDelivered, learnedInBackground: learnedInBackground,
        pacingMilliseconds: pacingMilliseconds, facts: facts, truth: &truth)
      if keepsChart {
        if index == 0 { chartValues[0] = states[0].expected?.chartValue }
        chartValues[index + 1] = shown?.chartValue
      }
      if let closed { close(closed, surface: index, facts: facts, verdicts: &verdicts) }
    }
    if keepsChart, historyFullAt == nil, history.last?.values != chartValues {
      if history.count < Limits.chartHistoryMax { history.append((facts.now, chartValues)) } else { historyFullAt = facts.now }
    }
    (phoneDeliveriesBeforeEvent, deferredWritesBeforeEvent) = (phoneDeliveries, deferredWrites)
  }

  /// The most deeds ``mayKnow(_:on:facts:truth:)`` tries as the last one a device knows of those a
  /// queue delivered in order.
  static let knowableCutoffsMax = 32
  /// The most of the latest deeds ``mayKnow(_:on:facts:truth:)`` tries as the first of a run that a
  /// faster channel delivered ahead of the queue.
  static let knowableLatestMax = 8

  /// Whether `shown` is the truth as the surface's device may know it beyond what it must: while
  /// something bound for the device is on its way (it must know the other device's deeds made
  /// before ``PlatformFacts/pendingSince(to:)``), it may know any of the deeds made at or before the
  /// latest send instant of anything delivered to it, on any channel
  /// (``PlatformFacts/deliveredThrough(to:)``). Two shapes of that knowledge are tried, the ones
  /// WatchConnectivity's channels make:
  /// - every deed up to one in between (a queue, `transferUserInfo`, delivered in order that
  ///   far: the truth up to each deed in between is tried);
  /// - besides, the latest deeds from one on (a `sendMessage`, or its reply, carried the latest
  ///   while a queue still carries older ones, for instance a day of taps queued out of range).
  ///
  /// A device that learned some deeds in a third shape (two runs of messages with a failed one
  /// between, while older ones are still queued) is not recognised: the judge stays strict there.
  private static func mayKnow(_ shown: Display, on surface: Surface, facts: some PlatformFacts, truth: inout JudgedTruth) -> Bool {
    let device = surface.device
    guard let must = facts.pendingSince(to: device), let through = facts.deliveredThrough(to: device), through >= must
    else { return false }
    let first = truth.deedInstants.partitionIndex { $0 >= must }
    let end = truth.deedInstants.partitionIndex { $0 > through }
    guard first < end else { return false }
    let window = truth.deedInstants[first..<end]
    func knows(after known: Instant?, from latest: Instant?) -> Bool {
      let since = known?.advanced(by: 1) ?? must
      let display = truth.expected(
        on: surface, at: facts.now, today: facts.today, in: facts.calendar, unknownSince: since, until: latest)
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
  private mutating func close(_ open: Disagreement, surface index: Int, facts: some PlatformFacts, verdicts: inout Verdicts) {
    let length = open.since.distance(to: facts.now)
    intervals[index].append(length)
    if keepsChart, spans[index].count < Limits.chartEventsMax, open.since < facts.now {
      let beyond = max(open.since, open.lastExcused).distance(to: facts.now) > boundsMilliseconds[index]
      spans[index].append((open.since..<facts.now, beyond))
    }
    if worst.map({ $0.since.distance(to: $0.until) < length }) ?? true {
      worst = (surfaces[index], open.since, facts.now)
    }
    checkStaleness(open, surface: index, facts: facts, verdicts: &verdicts)
  }

  /// The disagreement lasted no longer than the bound since the surface was last excused. For a
  /// design expected to converge a longer one is a violation; for any other design it is
  /// counted (``StrategyResult/stalenessBeyondBound``): a figure, not a failure.
  private mutating func checkStaleness(_ open: Disagreement, surface index: Int, facts: some PlatformFacts, verdicts: inout Verdicts) {
    guard !open.reported else { return }
    verdicts.count(.staleness)
    let unexcused = open.lastExcused.distance(to: facts.now)
    let bound = boundsMilliseconds[index]
    guard unexcused > bound else { return }
    guard expectedToConverge else {
      stalenessBeyondBound += 1
      return
    }
    let surface = surfaces[index]
    guard !verdicts.recordedAgain(.staleness, surface: surface) else { return }
    verdicts.record(
      .staleness, now: facts.now, trace: facts.trace, surface: surface, field: nil, expected: "within \(Report.seconds(bound)) s",
      found: "\(Report.seconds(unexcused)) s",
      detail:
        "the \(surface.rawValue) showed other figures than the truth as its device could know it, from \(open.since) to \(facts.now): \(Report.seconds(unexcused)) s after it was last excused (bound \(Report.seconds(bound)) s)"
    )
  }

  /// Open disagreements of a design expected to converge that are already past their bound (a
  /// surface that never recovers is stale too).
  mutating func checkOpenStaleness(facts: some PlatformFacts, verdicts: inout Verdicts) {
    for index in surfaces.indices {
      guard let open = states[index].disagreement, !open.reported, !Self.excused(surfaces[index], facts: facts),
        !excusedBeyondNow(index, facts: facts),
        open.lastExcused.distance(to: facts.now) > boundsMilliseconds[index]
      else { continue }
      checkStaleness(open, surface: index, facts: facts, verdicts: &verdicts)
      states[index].disagreement?.reported = true
    }
  }

  // MARK: Checks

  /// A local day boundary at `boundary` was `rolloverDelayMilliseconds` ago: every surface that
  /// has disagreed with the model since then (or before) failed to roll over.
  mutating func checkRollover(
    after boundary: Instant, facts: some PlatformFacts, showing: (Surface) -> Display?, truth: inout JudgedTruth, verdicts: inout Verdicts
  ) {
    checkRolledOver(since: boundary, catchingUp: true, facts: facts, showing: showing, truth: &truth, verdicts: &verdicts) {
      surface, date in
      "\(surface) still shows another day's figures \(Report.seconds(boundary.distance(to: facts.now))) s after the local day boundary of \(date)"
    }
  }

  /// Long enough after a zone change at `change` (``zoneSettleMilliseconds(refreshBudget:lateFiringSecondsMax:)``): no
  /// surface may still disagree since the change. The rollover invariant, for the day the device
  /// entered by flying rather than by waiting.
  mutating func checkZoneSettled(
    changedAt change: Instant, left: ZoneCalendar, facts: some PlatformFacts, showing: (Surface) -> Display?, truth: inout JudgedTruth,
    verdicts: inout Verdicts
  ) {
    checkRolledOver(since: change, catchingUp: false, facts: facts, showing: showing, truth: &truth, verdicts: &verdicts) { surface, _ in
      "\(surface) still shows figures of \(left.identifier), which the device left at \(change), instead of \(facts.calendar.identifier)'s"
    }
  }

  /// `catchingUp`: whether a surface excused after `instant` still has its bound from the end
  /// of the excuse (a day boundary; a zone change's check already waits for its catch-up).
  private mutating func checkRolledOver(
    since instant: Instant, catchingUp: Bool, facts: some PlatformFacts, showing: (Surface) -> Display?, truth: inout JudgedTruth,
    verdicts: inout Verdicts, detail: (Surface, CivilDate) -> String
  ) {
    for (index, surface) in surfaces.enumerated() {
      verdicts.count(.rollover)
      // A disagreement another check already reported is one failure, not two.
      // What a device cannot know yet (something bound for it is on its way) is left out of what
      // it should show, and a surface excused by a window (WidgetKit's deaf window, a zone
      // change's catch-up) has its staleness bound from the window's end to catch up (a widget
      // the app's opening made deaf just before the boundary may still be waiting for the reload
      // asked after the deaf window). A widget waiting for a paced reload after a delivery in
      // the background is not excused here: a timeline shows the new day's figures at the
      // boundary with no reload at all, so another day's figures past the bound are a rollover.
      guard let open = states[index].disagreement, open.since <= instant, !open.reported, !Self.excused(surface, facts: facts),
        !catchingUp || isPastBound(open, surface: index, since: instant, facts: facts)
      else { continue }
      recordDifference(
        .rollover, surface: surface, facts: facts, showing: showing, truth: &truth, verdicts: &verdicts,
        detail: detail(surface, facts.calendar.date(containing: instant)))
    }
  }

  /// Whether the open disagreement of the surface at `index` has lasted its bound since
  /// `instant` or since the surface was last excused, whichever is later.
  private func isPastBound(_ open: Disagreement, surface index: Int, since instant: Instant, facts: some PlatformFacts) -> Bool {
    let excusedUntil = Self.excusedWindowsEnd(surfaces[index], since: open.since, facts: facts, after: open.excusedUntil)
    return max(excusedUntil, instant).distance(to: facts.now) >= boundsMilliseconds[index]
  }

  /// Every visible surface that is not excused shows the truth.
  mutating func checkSurfaces(facts: some PlatformFacts, showing: (Surface) -> Display?, truth: inout JudgedTruth, verdicts: inout Verdicts)
  {
    for (index, surface) in surfaces.enumerated() {
      guard let shown = showing(surface), !Self.excused(surface, facts: facts),
        !excusedBeyondNow(index, facts: facts)
      else { continue }
      verdicts.count(.convergence)
      refreshExpected(at: index, facts: facts, truth: &truth)
      let delivered = facts.deliveredThrough(to: surface.device)
      guard states[index].disagree(shown, delivered: delivered, facts: facts, truth: &truth) else { continue }
      recordDifference(
        .convergence, surface: surface, facts: facts, showing: showing, truth: &truth, verdicts: &verdicts,
        detail: "after a quiescent window")
    }
  }

  /// Records a violation of `invariant` by `surface`, naming the fields that differ now.
  private mutating func recordDifference(
    _ invariant: Invariant, surface: Surface, facts: some PlatformFacts, showing: (Surface) -> Display?, truth: inout JudgedTruth,
    verdicts: inout Verdicts, detail: String
  ) {
    // One failure, one verdict: staleness does not report again what this check reported.
    if let index = surfaces.firstIndex(of: surface) { states[index].disagreement?.reported = true }
    // A repeat only counts: the texts below are for the first occurrence.
    guard !verdicts.recordedAgain(invariant, surface: surface) else { return }
    guard let index = surfaces.firstIndex(of: surface) else { preconditionFailure("\(surface) is not a surface of the run") }
    let expected = expected(on: surface, at: index, facts: facts, truth: &truth)
    let shown = showing(surface)
    let differences = shown.map { $0.differences(from: expected) } ?? []
    let first = differences.first
    let fields = differences.prefix(4).map { "\(surface.rawValue).\($0)" }.joined(separator: "; ")
    let (expectedHeadline, foundHeadline) = Self.headlines(expected: expected, shown: shown, first: first)
    verdicts.record(
      invariant, now: facts.now, trace: facts.trace, surface: surface, field: first?.field, expected: expectedHeadline,
      found: foundHeadline,
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
}
