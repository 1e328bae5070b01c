import Foundation
import GlanceKernel
@testable import GlanceSimulation
import Testing

/// Each checker on its own, fed hand-made facts, displays and stores: what it must report, and
/// what it must let pass. The judge's checkers partition the invariants.
@Suite("The judge's checkers")
struct CheckerTests {
  static let zurich = try! ZoneCalendar(identifier: "Europe/Zurich")
  /// Monday 9 March 2026, 12:00 in Zurich (UTC+1).
  static let noon = Instant(millisecondsSince1970: 1_773_054_000_000)

  static func id(_ number: UInt8) -> EventID {
    EventID(UUID(uuid: (number, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)))
  }

  /// Two taps in the app, at 10:00 and 11:00: the truth the checkers judge by.
  static func tallyTruth() -> (truth: JudgedTruth, records: [Record]) {
    let records = [
      Record(id: id(1), instant: noon.advanced(by: -2 * 3_600_000)), Record(id: id(2), instant: noon.advanced(by: -3_600_000)),
    ]
    let actions = records.enumerated().map { PlannedAction(time: $1.instant, kind: .appTap, ordinal: $0, eventID: $1.id) }
    var truth = JudgedTruth(model: TallyTruth(), actions: ActionIndex(actions))
    for record in records { truth.take(.add(record), at: record.instant, on: .phone, in: zurich) }
    return (truth, records)
  }

  /// What the app shows of a tally of `taps` (the kernel's summary, made apart from the truth).
  static func appShowing(_ taps: [Instant], at instant: Instant) -> Display {
    var tally = Tally()
    for tap in taps { tally.insert(tap) }
    return TallyDisplays(tally, at: instant, in: zurich).app
  }

  static func surfaceChecker(converging: Bool = true) -> SurfaceChecker {
    SurfaceChecker(surfaces: [.app], expectedToConverge: converging, lateFiringMillisecondsMax: 0, pacingMilliseconds: 0, keepsChart: false)
  }

  // MARK: Surfaces

  @Test("convergence: at a quiescent point an app showing one tap of two is caught; showing both, nothing")
  func convergence() {
    var (truth, records) = Self.tallyTruth()
    let facts = HandMadeFacts(now: Self.noon)
    var verdicts = Verdicts()
    var checker = Self.surfaceChecker()
    let right = Self.appShowing(records.map(\.instant), at: Self.noon)
    checker.checkSurfaces(facts: facts, showing: { _ in right }, truth: &truth, verdicts: &verdicts)
    #expect(verdicts.violations.isEmpty)
    let wrong = Self.appShowing([records[0].instant], at: Self.noon)
    checker.checkSurfaces(facts: facts, showing: { _ in wrong }, truth: &truth, verdicts: &verdicts)
    #expect(verdicts.violations.keys.sorted() == [.convergence])
    #expect(verdicts.violations[.convergence]?.surface == .app)
    #expect(verdicts.checks()[.convergence] == 2)
    // The app in the background shows nothing: nothing to compare.
    var background = Verdicts()
    checker.checkSurfaces(facts: facts, showing: { _ in nil }, truth: &truth, verdicts: &background)
    #expect(background.violations.isEmpty && background.checks()[.convergence] == nil)
  }

  @Test("staleness: an app wrong for 1.5 s is stale (bound 1 s); wrong for 0.5 s, or for a design not expected to converge, it is a figure")
  func staleness() {
    for (converging, wrongFor) in [(true, Int64(1_500)), (true, 500), (false, 1_500)] {
      var (truth, records) = Self.tallyTruth()
      var facts = HandMadeFacts(now: Self.noon)
      var verdicts = Verdicts()
      var checker = Self.surfaceChecker(converging: converging)
      let wrong = Self.appShowing([records[0].instant], at: Self.noon)
      checker.observe(facts: facts, showing: { _ in wrong }, truth: &truth, verdicts: &verdicts)
      facts.now = Self.noon.advanced(by: wrongFor)
      let right = Self.appShowing(records.map(\.instant), at: facts.now)
      checker.observe(facts: facts, showing: { _ in right }, truth: &truth, verdicts: &verdicts)
      let stale = converging && wrongFor > 1_000
      #expect(verdicts.violations.keys.sorted() == (stale ? [.staleness] : []), "converging \(converging), \(wrongFor) ms")
      #expect(checker.stalenessBeyondBound == (!converging && wrongFor > 1_000 ? 1 : 0))
      #expect(checker.intervals == [[wrongFor]])
    }
  }

  @Test("staleness: what the phone may not know yet (a transfer on its way since 10:30) is not held against it")
  func pendingExcusesTheUnknown() {
    var (truth, records) = Self.tallyTruth()
    // Both taps made on the watch this time.
    truth = JudgedTruth(model: TallyTruth(), actions: ActionIndex([]))
    for record in records { truth.take(.add(record), at: record.instant, on: .watch, in: Self.zurich) }
    var facts = HandMadeFacts(now: Self.noon)
    facts.pending[.phone] = Self.noon.advanced(by: -90 * 60_000)
    var verdicts = Verdicts()
    var checker = Self.surfaceChecker()
    let knowsTheFirst = Self.appShowing([records[0].instant], at: Self.noon)
    checker.observe(facts: facts, showing: { _ in knowsTheFirst }, truth: &truth, verdicts: &verdicts)
    checker.checkSurfaces(facts: facts, showing: { _ in knowsTheFirst }, truth: &truth, verdicts: &verdicts)
    #expect(verdicts.violations.isEmpty)
    // Knowing nothing at all is wrong: the 10:00 tap was sent before what is on its way.
    let knowsNothing = Self.appShowing([], at: Self.noon)
    checker.checkSurfaces(facts: facts, showing: { _ in knowsNothing }, truth: &truth, verdicts: &verdicts)
    #expect(verdicts.violations.keys.sorted() == [.convergence])
  }

  @Test("rollover: still showing yesterday's two taps past the bound after midnight is caught; within it, not")
  func rollover() {
    var (truth, records) = Self.tallyTruth()
    let midnight = Self.zurich.dayInterval(containing: Self.noon).end
    var facts = HandMadeFacts(now: midnight)
    var verdicts = Verdicts()
    var checker = Self.surfaceChecker()
    // The app still shows Monday's summary (two taps today) on Tuesday.
    let yesterdays = Self.appShowing(records.map(\.instant), at: Self.noon)
    checker.observe(facts: facts, showing: { _ in yesterdays }, truth: &truth, verdicts: &verdicts)
    facts.now = midnight.advanced(by: checker.rolloverDelayMilliseconds - 1)
    checker.checkRollover(after: midnight, facts: facts, showing: { _ in yesterdays }, truth: &truth, verdicts: &verdicts)
    #expect(verdicts.violations.isEmpty, "within the bound")
    facts.now = midnight.advanced(by: checker.rolloverDelayMilliseconds)
    checker.checkRollover(after: midnight, facts: facts, showing: { _ in yesterdays }, truth: &truth, verdicts: &verdicts)
    #expect(verdicts.violations.keys.sorted() == [.rollover])
    // Reported once: the open disagreement is not reported again as staleness.
    checker.checkOpenStaleness(facts: facts, verdicts: &verdicts)
    #expect(verdicts.violations.keys.sorted() == [.rollover])
  }

  // MARK: Stores

  @Test("stores: a missing record is a lost write, a record held twice a double count, the live records once nothing")
  func stores() {
    let (truth, records) = Self.tallyTruth()
    let facts = HandMadeFacts(now: Self.noon)
    let cases: [(StoredRecords, [Invariant])] = [
      (.ids(records.map(\.id)), []), (.ids([records[0].id]), [.noLostWrite]), (.ids(records.map(\.id) + [records[1].id]), [.noDoubleCount]),
      (.instants([records[1].instant]), [.noLostWrite]), (.instants(records.map(\.instant)), []),
    ]
    for (held, broken) in cases {
      var verdicts = Verdicts()
      var checker = StoreChecker()
      checker.audit(facts: facts, stored: { $0 == .phone ? held : nil }, truth: truth, atEnd: false, verdicts: &verdicts)
      #expect(verdicts.violations.keys.sorted() == broken, "\(held)")
      #expect(verdicts.checks() == [.noLostWrite: 1, .noDoubleCount: 1])
    }
  }

  @Test("stores: the watch's store is audited for today alone")
  func watchStoreIsToday() {
    let (truth, records) = Self.tallyTruth()
    var verdicts = Verdicts()
    var checker = StoreChecker()
    // Tuesday: Monday's records are not the watch's to hold.
    let tuesday = HandMadeFacts(now: Self.noon.advanced(by: 24 * 3_600_000))
    checker.audit(
      facts: tuesday, stored: { $0 == .watch ? .ids([]) : .ids(records.map(\.id)) }, truth: truth, atEnd: false, verdicts: &verdicts)
    #expect(verdicts.violations.isEmpty)
    checker.audit(
      facts: HandMadeFacts(now: Self.noon), stored: { $0 == .watch ? .ids([]) : .ids(records.map(\.id)) }, truth: truth, atEnd: false,
      verdicts: &verdicts)
    #expect(verdicts.violations.keys.sorted() == [.noLostWrite])
  }

  @Test("store move: a held record missing once the updated app ran is lost data, and no lost write")
  func storeMove() {
    let (truth, records) = Self.tallyTruth()
    var facts = HandMadeFacts(now: Self.noon)
    var moves = StoreMoveChecker()
    var stores = StoreChecker()
    moves.storeMoveBegins(held: truth.resolve(.ids(records.map(\.id))))
    stores.storeMoveBegins(held: truth.resolve(.ids(records.map(\.id))))
    var verdicts = Verdicts()
    facts.awaitingFirstLaunch = true
    moves.check(facts: facts, phone: .ids([]), truth: truth, verdicts: &verdicts)
    #expect(verdicts.violations.isEmpty && verdicts.checks()[.noDataLoss] == nil, "not before the updated app ran")
    facts.awaitingFirstLaunch = false
    moves.check(facts: facts, phone: .ids([records[1].id]), truth: truth, verdicts: &verdicts)
    stores.audit(facts: facts, stored: { $0 == .phone ? .ids([records[1].id]) : nil }, truth: truth, atEnd: false, verdicts: &verdicts)
    #expect(verdicts.violations.keys.sorted() == [.noDataLoss])
    #expect(verdicts.violations[.noDataLoss]?.found == "1 lost")
  }

  // MARK: Budget

  @Test("refresh budget: every request is a check, a denial a violation on its widget")
  func refreshBudget() {
    var facts = HandMadeFacts(now: Self.noon)
    facts.hosted = [.main, .year]
    facts.tallies[.main] = ReloadTally(requests: 5, denied: 0, firstDenial: nil, limit: 70)
    facts.tallies[.year] = ReloadTally(requests: 3, denied: 2, firstDenial: Self.noon, limit: 70)
    var verdicts = Verdicts()
    RefreshBudgetChecker().finish(facts: facts, verdicts: &verdicts)
    #expect(verdicts.checks() == [.refreshBudget: 8])
    #expect(verdicts.violations[.refreshBudget]?.surface == .yearWidget)
    #expect(verdicts.violations[.refreshBudget]?.found == "2 denied")
  }

  // MARK: The partition

  @Test("every invariant belongs to exactly one checker")
  func checkersPartitionTheInvariants() {
    let all = Judge.checkers.flatMap { $0.invariants }
    #expect(all.sorted() == Invariant.allCases.sorted())
    #expect(Set(all).count == all.count)
  }
}
