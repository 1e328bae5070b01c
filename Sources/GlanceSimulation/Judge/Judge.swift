import GlanceKernel

/// The judge of one play: it owns the truth (fed every deed the person meant) and one checker
/// per family of invariants, and feeds them through hooks after the engine handled each event.
/// It is the only part of the judge that reads a design, and only what an observer of the
/// device could: what each surface shows and what each store holds. It never changes the world
/// nor the design, never draws a random number and never asks a design what the truth is. See
/// ``Invariant`` for each definition, and each checker for its laws.
///
/// ## Laws
/// - Every invariant belongs to exactly one checker: ``SurfaceChecker`` (convergence,
///   staleness, rollover), ``StoreChecker`` (no lost write, no double count),
///   ``StoreMoveChecker`` (no data loss) and ``RefreshBudgetChecker`` (refresh budget).
/// - The checkpoints the judge asks for are its checkers' (``checkpoint(after:facts:)``): the
///   quiescence check ``quiescenceWindowMilliseconds`` after each action, the rollover check
///   ``SurfaceChecker/rolloverDelayMilliseconds`` after each local day boundary, the
///   zone-settled check ``zoneSettleMilliseconds`` after each zone change.
struct Judge {
  /// After each action, how long the world is given to settle before the quiescence check asks
  /// whether it is quiet (no action since, nothing in flight) and every surface and store agrees
  /// with the truth.
  static let quiescenceWindowMilliseconds = Limits.quiescenceWindowMilliseconds

  /// The judge's checkers, one per family of invariants.
  static var checkers: [any Checker.Type] {
    [SurfaceChecker.self, StoreChecker.self, StoreMoveChecker.self, RefreshBudgetChecker.self]
  }

  /// How long after a zone change the zone-settled check runs
  /// (``SurfaceChecker/zoneSettleMilliseconds(refreshBudget:lateFiringSecondsMax:)``).
  let zoneSettleMilliseconds: Int64

  private var truth: JudgedTruth
  private var surfaceChecker: SurfaceChecker
  private var storeChecker = StoreChecker()
  private var moveChecker = StoreMoveChecker()
  private let budgetChecker = RefreshBudgetChecker()
  private(set) var verdicts = Verdicts()
  /// Whether the domain's surfaces include the app's and the watch's, the two a design draws
  /// itself (``designDisplays(world:design:)`` reads them before the checker does).
  private let hasAppSurface: Bool
  private let hasWatchSurface: Bool

  /// Invariants whose verdicts are dropped (the `Mutants` meta-test: without its check, a
  /// mutant goes unreported). Empty in every real run.
  var disabled: Set<Invariant> {
    get { verdicts.disabled }
    set { verdicts.disabled = newValue }
  }

  init(
    model: any DomainModel, surfaces: [Surface], expectedToConverge: Bool, lateFiringMillisecondsMax: Int64,
    pacingMilliseconds: Int64, zoneSettleMilliseconds: Int64, actions: ActionIndex, answers: TruthAnswers = TruthAnswers(),
    keepsChart: Bool = true
  ) {
    self.zoneSettleMilliseconds = zoneSettleMilliseconds
    hasAppSurface = surfaces.contains(.app)
    hasWatchSurface = surfaces.contains(.watch)
    truth = JudgedTruth(model: model, actions: actions, answers: answers)
    surfaceChecker = SurfaceChecker(
      surfaces: surfaces, expectedToConverge: expectedToConverge, lateFiringMillisecondsMax: lateFiringMillisecondsMax,
      pacingMilliseconds: pacingMilliseconds, keepsChart: keepsChart)
  }

  // MARK: Hooks

  /// The person meant `deed` by an action performed at `instant` on `device`, with the device in
  /// `calendar`'s zone: the truth takes it in, and the store checker notes what changed.
  mutating func record(_ deed: Deed, at instant: Instant, on device: Device, in calendar: ZoneCalendar) {
    truth.take(deed, at: instant, on: device, in: calendar)
    switch deed {
    case .add(let record), .expense(let record, _), .complete(_, let record), .remove(let record), .uncomplete(_, let record):
      storeChecker.noteLiveChange(record)
    case .amend(let target, let replacement, _):
      storeChecker.noteLiveChange(target)
      storeChecker.noteLiveChange(replacement)
    case .editTasks:
      storeChecker.forgetLiveChanges()
    }
  }

  /// The checkpoint the judge's checkers want after `event` (handled at `facts.now`), with its
  /// delay: a quiescence check after an action, a rollover check after a day boundary, a
  /// zone-settled check after a zone change.
  func checkpoint(after event: borrowing WorldEvent, facts: some PlatformFacts) -> (delay: Int64, checkpoint: Checkpoint)? {
    switch event {
    case .workload(.action(let action)):
      return (Self.quiescenceWindowMilliseconds, .quiescenceCheck(afterAction: action.ordinal))
    case .platform(.dayBoundary):
      return (surfaceChecker.rolloverDelayMilliseconds, .rolloverCheck(boundary: facts.now))
    case .workload(.zoneChange(let leg)):
      return (zoneSettleMilliseconds, .zoneSettled(leg: leg))
    default:
      return nil
    }
  }

  /// Notes, before the engine handles the next event, which surfaces are excused.
  mutating func noteExcuses(world: World) {
    surfaceChecker.noteExcuses(facts: world)
  }

  /// The engine handled an event: every surface is compared with the truth
  /// (``designDisplays(world:design:)``, then ``observe(world:app:watch:)``).
  mutating func observe<Design: SyncDesign>(world: World, design: Design) {
    let (app, watch) = designDisplays(world: world, design: design)
    observe(world: world, app: app, watch: watch)
  }

  /// What the design's own surfaces show now (the app's and the watch's, `nil` for one the
  /// domain does not have), for ``observe(world:app:watch:)``.
  ///
  /// Read apart from the observation, which changes the judge: a caller that reads its design
  /// while it changes its judge copies the design whole (and a closure capturing the design
  /// copied it again at every surface it read). Reading a surface changes nothing the truth or
  /// another surface answers, so the checker sees what it saw when it read each in turn.
  /// Inlined: called, it took a copy of the design.
  @inline(__always)
  func designDisplays<Design: SyncDesign>(world: World, design: Design) -> (app: Display?, watch: Display?) {
    (
      hasAppSurface ? Self.displayed(.app, world: world, design: design) : nil,
      hasWatchSurface ? Self.displayed(.watch, world: world, design: design) : nil
    )
  }

  /// The engine handled an event after which the design's own surfaces show `app` and `watch`
  /// (``designDisplays(world:design:)``): every surface is compared with the truth.
  mutating func observe(world: World, app: Display?, watch: Display?) {
    surfaceChecker.observe(
      facts: world, showing: { Self.displayed($0, world: world, app: app, watch: watch) }, truth: &truth, verdicts: &verdicts)
  }

  /// A quiescent window (no action for 30 minutes, nothing in flight): every surface shows the
  /// truth, and every store holds the live records once.
  mutating func checkQuiescent<Design: SyncDesign>(world: World, design: Design) {
    check(world: world, design: design, atEnd: false)
  }

  /// A local day boundary at `boundary` was ``SurfaceChecker/rolloverDelayMilliseconds`` ago.
  mutating func checkRollover<Design: SyncDesign>(after boundary: Instant, world: World, design: Design) {
    surfaceChecker.checkRollover(
      after: boundary, facts: world, showing: { Self.displayed($0, world: world, design: design) }, truth: &truth,
      verdicts: &verdicts)
  }

  /// Long enough after a zone change at `change` (``zoneSettleMilliseconds``): no
  /// surface may still disagree since the change.
  mutating func checkZoneSettled<Design: SyncDesign>(changedAt change: Instant, left: ZoneCalendar, world: World, design: Design) {
    surfaceChecker.checkZoneSettled(
      changedAt: change, left: left, facts: world, showing: { Self.displayed($0, world: world, design: design) },
      truth: &truth, verdicts: &verdicts)
  }

  /// The updated app is installed (store move): what the phone's store holds now must survive
  /// the move.
  mutating func storeMoveBegins<Design: SyncDesign>(design: Design) {
    // Resolved once, for both checkers.
    let held = design.storedRecords(on: .phone).map(truth.resolve)
    storeChecker.storeMoveBegins(held: held)
    moveChecker.storeMoveBegins(held: held)
  }

  /// The final check, after the liveness phase.
  mutating func finish<Design: SyncDesign>(world: World, design: Design) {
    check(world: world, design: design, atEnd: true)
    budgetChecker.finish(facts: world, verdicts: &verdicts)
    surfaceChecker.finish(facts: world, verdicts: &verdicts)
  }

  /// The checks of a quiescent point, or of the end: surfaces, stores, the store move, and the
  /// disagreements already past their bound.
  private mutating func check<Design: SyncDesign>(world: World, design: Design, atEnd: Bool) {
    surfaceChecker.checkSurfaces(
      facts: world, showing: { Self.displayed($0, world: world, design: design) }, truth: &truth, verdicts: &verdicts)
    // The phone's store is read once, for both checkers.
    let phone = design.storedRecords(on: .phone)
    storeChecker.audit(
      facts: world, stored: { $0 == .phone ? phone : design.storedRecords(on: $0) }, truth: truth, atEnd: atEnd,
      verdicts: &verdicts)
    moveChecker.check(facts: world, phone: phone, truth: truth, verdicts: &verdicts)
    surfaceChecker.checkOpenStaleness(facts: world, verdicts: &verdicts)
  }

  /// What `surface` shows now; `nil` when nothing is visible (the app in the background, a
  /// widget before its first timeline or not installed). Inlined into
  /// ``designDisplays(world:design:)``, which reads the app's and the watch's after every event,
  /// and into the checkers' closures.
  @inline(__always)
  private static func displayed<Design: SyncDesign>(_ surface: Surface, world: World, design: Design) -> Display? {
    switch surface {
    case .app: return world.appForeground ? design.display(on: .app, world: world) : nil
    case .watch: return design.display(on: .watch, world: world)
    case .widget, .yearWidget: return displayed(surface, world: world, app: nil, watch: nil)
    }
  }

  /// What `surface` shows now, `app` and `watch` being what the design's own surfaces show (see
  /// ``displayed(_:world:design:)``, which read them).
  @inline(__always)
  private static func displayed(_ surface: Surface, world: World, app: Display?, watch: Display?) -> Display? {
    switch surface {
    case .app: return app
    case .widget: return world.widgetInstalled ? world[host: .main].displayed(at: world.now) : nil
    case .yearWidget: return world.widgetInstalled ? world[host: .year].displayed(at: world.now) : nil
    case .watch: return watch
    }
  }

  // MARK: Result

  /// What the charts are drawn from.
  var surfaces: [Surface] { surfaceChecker.surfaces }
  var history: [(time: Instant, values: [Int?])] { surfaceChecker.history }
  var historyFullAt: Instant? { surfaceChecker.historyFullAt }
  var worst: (surface: Surface, since: Instant, until: Instant)? { surfaceChecker.worst }
  var spans: [[(range: Range<Instant>, beyondBound: Bool)]] { surfaceChecker.spans }
  var violations: [Invariant: Violation] { verdicts.violations }

  func result(strategy: String, domain: Domain, world: World, events: Int, faults: [FaultKind: Int]) -> StrategyResult {
    let keepsChart = surfaceChecker.keepsChart
    return StrategyResult(
      strategy: strategy, domain: domain, expectedToConverge: surfaceChecker.expectedToConverge,
      violations: verdicts.violations.values.sorted { $0.invariant < $1.invariant },
      stalenessBeyondBound: surfaceChecker.stalenessBeyondBound, checks: verdicts.checks(), faults: faults,
      coverage: world.injector.coverage,
      staleness: surfaces.indices.map { StalenessFigures(surface: surfaces[$0], intervals: surfaceChecker.intervals[$0].sorted()) },
      events: events, acceptedActions: truth.deeds, reloadRequests: world.hosts.reduce(0) { $0 + $1.requests },
      chargedReloads: world.hosts.reduce(0) { $0 + $1.charged }, deniedReloads: world.hosts.reduce(0) { $0 + $1.denied },
      chart: keepsChart ? divergenceChart(strategy: strategy, domain: domain, world: world)?.render() : nil,
      overview: keepsChart ? overviewChart(strategy: strategy, domain: domain, world: world).render() : nil)
  }
}
