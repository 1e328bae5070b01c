import Foundation
import GlanceKernel
@testable import GlanceSimulation
import GlanceSync
import Testing

/// The store-locks family (``FaultFamily/storeLocks``): another process holding the App Group
/// database's write lock (`SQLITE_BUSY`), and a process suspended while it holds it
/// (`0xDEAD10CC`). Every expected figure below is worked out by hand from the script.
@Suite("Store locks")
struct StoreLocksTests {
  static let zurich = try! ZoneCalendar(identifier: "Europe/Zurich")

  /// The tally scenario of the legacy tests, its script made of `actions` and busy `spells`
  /// (hours and minutes of the first day, seconds given as fractions of a minute by the caller).
  static func scenario(_ actions: [ScriptedAction], busy spells: [OutOfRangeSpell]) throws -> Scenario {
    var scenario = try SimulationFixtures.scenario("default")
    scenario.domains = [.tally]
    scenario.storeMove = nil
    scenario.faults.messageFailure = .never
    scenario.faults.replyTimeout = .never
    scenario.faults.duplicateDelivery = .never
    // The public initialiser: the tests below that count busy commits fail if it dropped them.
    scenario.script = Script(actions: actions, storeBusy: spells)
    return scenario
  }

  static func start() throws -> Instant {
    try #require(zurich.dayInterval(of: try SimulationFixtures.scenario("default").start)).start
  }

  /// 09:hh:ss of the first day.
  static func at(_ start: Instant, _ hours: Int64, _ minutes: Int64, _ seconds: Int64 = 0) -> Instant {
    start.advanced(by: hours * Instant.millisecondsPerHour + minutes * Instant.millisecondsPerMinute + seconds * 1_000)
  }

  // MARK: The family's plan

  @Test("with storeBusyPerDay 0 (the default) no spell is planned; with 3 a day, spells within the days and their lengths")
  func plan() throws {
    let start = try Self.start()
    let itinerary = Itinerary(staying: Self.zurich, from: start)
    var end = start
    for _ in 0..<10 { end = itinerary.nextRollover(after: end) }
    let days = itinerary.days(from: start, until: end)
    #expect(Faults().storeBusyPerDay == 0)
    #expect(FaultPlanner.plan(faults: Faults(), days: days, seed: 42).storeBusy.isEmpty)
    var faults = Faults()
    faults.storeBusyPerDay = 3
    faults.storeBusySeconds = 10...20
    let spells = FaultPlanner.plan(faults: faults, days: days, seed: 42).storeBusy
    // 2…4 a day over ten days, less those drawn outside a day's window: at least one.
    #expect(!spells.isEmpty && spells.count <= 40)
    #expect(zip(spells, spells.dropFirst()).allSatisfy { $0.from <= $1.from })
    #expect(spells.allSatisfy { (10_000...20_000).contains($0.until.millisecondsSince1970 - $0.from.millisecondsSince1970) })
    #expect(spells.allSatisfy { start <= $0.from && $0.from < end })
  }

  @Test("Script's public storeBusy is the plan's list, read and written")
  func scriptStoreBusy() throws {
    let from = try Self.start().advanced(by: 8 * Instant.millisecondsPerHour)
    let spell = OutOfRangeSpell(from: from, until: from.advanced(by: 30_000))
    var script = Script(storeBusy: [spell])
    #expect(script.faultPlan.storeBusy == [spell] && script.storeBusy == [spell])
    #expect(script.eventCount == 1)
    script.storeBusy = []
    #expect(script.faultPlan.storeBusy.isEmpty && script.eventCount == 0)
  }

  @Test("the scenario keys and the script list are read as written")
  func reads() throws {
    let yaml = """
      name: locks
      zone: Europe/Zurich
      start: 2026-03-10
      domains: [tally]
      faults:
        storeBusyPerDay: 3
        storeBusySeconds: [10, 20]
      script:
        actions: []
        storeBusy:
          - {from: 2026-03-10T08:00:00.000Z, until: 2026-03-10T08:00:30.000Z}
      """
    let scenario = try ScenarioLoader.load(yaml: yaml, source: "locks.yaml")
    #expect(scenario.faults.storeBusyPerDay == 3 && scenario.faults.storeBusySeconds == 10...20)
    let from = Instant(millisecondsSince1970: 1_773_129_600_000)  // 2026-03-10T08:00:00.000Z
    #expect(scenario.script?.faultPlan.storeBusy == [OutOfRangeSpell(from: from, until: from.advanced(by: 30_000))])
    let written = ScenarioWriter.yaml(scenario)
    #expect(written.contains("  storeBusyPerDay: 3\n") && written.contains("  storeBusySeconds: [10, 20]\n"))
    #expect(written.contains("  storeBusy:\n    - {from: 2026-03-10T08:00:00.000Z, until: 2026-03-10T08:00:30.000Z}\n"))
    #expect(try ScenarioLoader.load(yaml: written, source: "again.yaml") == scenario)
    // Out of bounds: named.
    #expect(throws: ScenarioError.self) {
      try ScenarioLoader.load(yaml: yaml.replacingOccurrences(of: "[10, 20]", with: "[0, 20]"), source: "locks.yaml")
    }
  }

  @Test("the trace names the lock's spells and the suspension")
  func traceLines() {
    #expect(
      World.describe(.fault(.storeBusy(true)))
        == "another process takes the App Group database's write lock: commits to it meet SQLITE_BUSY")
    #expect(World.describe(.fault(.storeBusy(false))) == "the other process releases the App Group database's write lock")
    #expect(
      World.describe(.fault(.suspendApp))
        == "iOS suspends the app in the background: if it holds the App Group database's write lock still, it is killed"
        + " (0xDEAD10CC) and its open transaction rolled back")
  }

  // MARK: The store port

  static func event(_ seconds: Int64) -> Event {
    Event(
      id: EventID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, UInt8(seconds)))), kind: .add,
      instant: Instant(millisecondsSince1970: 1_773_129_600_000 + seconds * 1_000), origin: .app)
  }

  @Test("a busy lock defers a commit to the App Group store, writing nothing; the same write after the release counts once")
  func busyCommit() throws {
    let stores = RunStores()
    let group = SimulatedEventLog("phone", stores: stores)
    let legacy = SimulatedEventLog("legacy", appGroup: false, stores: stores)
    let watch = SimulatedEventLog("watch", on: .watch, stores: stores)
    stores.faults.setBusy(true)
    #expect(throws: StoreDeferral(store: "phone", reason: .busy)) { try group.record(Self.event(1)) }
    #expect(group.liveAddIDs().isEmpty && group.version == 0)
    #expect(stores.faults.deferredEvents == [Self.event(1).id])
    // Not in the App Group: no lock of another process reaches them.
    #expect(try legacy.record(Self.event(2)) && watch.record(Self.event(3)))
    #expect(stores.faults.busyStruck == 1)
    stores.faults.setBusy(false)
    #expect(try group.record(Self.event(1)))
    #expect(try group.record(Self.event(1)) == false)
    #expect(group.liveAddIDs() == [Self.event(1).id] && stores.faults.deferredEvents.isEmpty)
  }

  @Test("a suspended store refuses writes (suspended) until resumed, and rolls back the transaction open when suspended")
  func suspension() throws {
    let stores = RunStores()
    let group = SimulatedEventLog("phone", stores: stores)
    try group.beginTransaction(in: .app)
    #expect(try group.receive([Self.event(1), Self.event(2)]) == 2)
    #expect(group.liveAddIDs().isEmpty, "nothing is stored before the commit")
    group.suspend()
    #expect(!group.hasOpenTransaction && stores.faults.lock == nil)
    #expect(throws: StoreDeferral(store: "phone", reason: .suspended)) { try group.record(Self.event(3)) }
    #expect(throws: StoreDeferral(store: "phone", reason: .suspended)) { try group.beginTransaction(in: .app) }
    group.resume()
    #expect(try group.record(Self.event(3)))
    #expect(group.liveAddIDs() == [Self.event(3).id], "the rolled-back transaction stored nothing")
  }

  @Test("a transaction holds the lock across calls; another process meets busy; the world's rollback of its process drops it")
  func transactions() throws {
    let stores = RunStores()
    let group = SimulatedEventLog("phone", stores: stores)
    try group.beginTransaction(in: .app)
    #expect(stores.faults.lock?.process == .app)
    #expect(stores.faults.takeLock(for: .widgetExtension, store: "phone") == nil)
    _ = try group.record(Self.event(1))
    #expect(try group.commitTransaction() == 1)
    #expect(group.liveAddIDs() == [Self.event(1).id] && stores.faults.lock == nil)
    try group.beginTransaction(in: .app)
    _ = try group.record(Self.event(2))
    #expect(stores.faults.rollBack(of: .app))
    #expect(!group.hasOpenTransaction)
    // A write after the rollback is a write of its own, outside any transaction.
    #expect(try group.record(Self.event(3)))
    #expect(group.liveAddIDs() == [Self.event(1).id, Self.event(3).id])
    // A busy lock refuses a transaction too.
    stores.faults.setBusy(true)
    #expect(throws: StoreDeferral(store: "phone", reason: .busy)) { try group.beginTransaction(in: .app) }
  }

  // MARK: Runs

  /// The app is open 09:00–09:05; the person taps at 09:01. Another process holds the App Group
  /// database's lock from 09:00:30 to 09:03:30: the tap's commit is deferred (1 busy commit),
  /// the app shows it from its pending writes, asks for a background refresh a minute on (09:02,
  /// still busy: a second busy commit, another refresh asked for 09:03), then 09:03 (busy
  /// still: a third), then 09:04, after the release, which commits it. Nothing is lost or doubled.
  static func busyTap() throws -> Scenario {
    let start = try start()
    return try scenario(
      [ScriptedAction(at: at(start, 9, 0), kind: .appOpen(minutes: 5)), ScriptedAction(at: at(start, 9, 1), kind: .appTap)],
      busy: [OutOfRangeSpell(from: at(start, 9, 0, 30), until: at(start, 9, 3, 30))])
  }

  @Test("converged: a tap whose commit meets the busy lock waits, is retried, and is committed once after the release")
  func convergedDefersAndCommits() throws {
    let result = try Simulation.run(design: ConvergedTally.self, scenario: try Self.busyTap(), days: 1, seed: 42)
    #expect(result.violations.isEmpty, "\(result.violations.map(\.detail))")
    #expect(result.faults[.storeBusy] == 3, "\(result.faults)")
    #expect(result.faults[.suspendedHoldingLock] == nil)
  }

  /// A mutant of the converged tally that forgets the writes its store deferred: the app makes
  /// its engine anew, without them, after every tap in the app (as an app that does not keep
  /// `pendingWrites`, or throws them away on a deferral, would).
  struct ForgetsDeferredWrites: Mutant {
    static let name = "converged-forgets-deferred-writes"
    var inner: ConvergedTally

    mutating func perform(_ deed: Deed, of action: PlannedAction, world: inout World) {
      inner.perform(deed, of: action, world: &world)
      guard case .add = deed, case .appTap = action.kind else { return }
      inner.savedPendingWrites = PendingWrites()
      inner.appLaunched(world: &world)
    }
  }

  @Test("the judge catches a converged design that drops the writes its store deferred (no-lost-write)")
  func mutantDroppingDeferredWritesIsCaught() throws {
    let result = try Simulation.run(design: ForgetsDeferredWrites.self, scenario: try Self.busyTap(), days: 1, seed: 42)
    #expect(result.faults[.storeBusy] == 1, "the tap's commit only: nothing is retried")
    #expect(result.violation(.noLostWrite) != nil, "\(result.violations.map(\.detail))")
  }

  /// The app is open 09:00–09:01 (one minute); the person taps at `tap`. The lock-holding
  /// design opens its batch's transaction at the tap and saves it ten seconds after.
  static func lockHoldingRun(tapAt seconds: Int64) throws -> StrategyResult {
    let start = try start()
    let scenario = try scenario(
      [
        ScriptedAction(at: at(start, 9, 0), kind: .appOpen(minutes: 1)),
        ScriptedAction(at: at(start, 9, 0, seconds), kind: .appTap),
      ], busy: [])
    return try Simulation.run(design: LockHoldingTally.self, scenario: scenario, days: 1, seed: 42)
  }

  @Test("lock-holding-tally: a tap 2 s before the app leaves the screen is still in the open transaction at the suspension: killed, lost")
  func lockHeldAcrossSuspension() throws {
    // Tap 09:00:58, save due 09:01:08; background 09:01:00, suspension 09:01:05: the lock is
    // still held, the app is killed (0xDEAD10CC) and the tap rolled back.
    let killed = try Self.lockHoldingRun(tapAt: 58)
    #expect(killed.faults[.suspendedHoldingLock] == 1, "\(killed.faults)")
    #expect(killed.violation(.noLostWrite) != nil, "\(killed.violations.map(\.detail))")
    // Tap 09:00:30, saved 09:00:40 in the foreground: nothing is held at the suspension.
    let saved = try Self.lockHoldingRun(tapAt: 30)
    #expect(saved.faults[.suspendedHoldingLock] == nil)
    #expect(saved.violation(.noLostWrite) == nil, "\(saved.violations.map(\.detail))")
  }

  // MARK: The shipped scenario

  @Test("store-locks: converged keeps every invariant while the lock is busy; the lock-holding design loses writes to 0xDEAD10CC")
  func shippedScenario() throws {
    let scenario = try SimulationFixtures.scenario("store-locks")
    #expect(scenario.faults.storeBusyPerDay > 0)
    let converged = try Simulation.run(design: ConvergedTally.self, scenario: scenario, days: 7, seed: 42)
    #expect(converged.violations.isEmpty, "\(converged.violations.map(\.detail))")
    #expect(converged.faults[.storeBusy, default: 0] > 0)
    let holding = try Simulation.run(design: LockHoldingTally.self, scenario: scenario, days: 7, seed: 42)
    #expect(holding.faults[.suspendedHoldingLock, default: 0] > 0, "\(holding.faults)")
    #expect(holding.violation(.noLostWrite) != nil, "\(holding.violations.map(\.detail))")
  }
}
