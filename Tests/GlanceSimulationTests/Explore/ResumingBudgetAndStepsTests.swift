import Foundation
import GlanceKernel
import GlanceSync
import Testing

@testable import GlanceSimulation

/// Resuming the budget's and the steps' schedules from snapshots (``ResumingPlays``) changes
/// nothing an exploration finds, as for the tally (`ResumingPlaysTests`): the oracle is the
/// explorer playing every schedule from the start (`resumes: false`), the same schedules in the
/// same order, each ending in the same outcome, with the same figures.
@Suite struct ResumingBudgetAndStepsTests {
  /// The converged budget and steps, and the bugs planted in them (resumable as they are,
  /// `MutantsTests`).
  static var designs: [any SyncDesign.Type] {
    [
      ConvergedBudget.self, ConvergedSteps.self, MutantsTests.ReloadsInBackground.self, MutantsTests.WrongYearHighlight.self,
      MutantsTests.MoveLosesARecord.self,
    ]
  }

  /// The resumed and the replayed exploration of `design` in `world` (a shard of it), compared.
  static func expectAlike(_ design: any SyncDesign.Type, in world: SmallWorld, shard: SweepShard = .whole) throws -> Int {
    try #require(design is any ResumableDesign.Type, "\(design.name) is resumed")
    let resumed = try ResumingPlaysTests.explored(design, in: world, shard: shard, resumes: true)
    let replayed = try ResumingPlaysTests.explored(design, in: world, shard: shard, resumes: false)
    #expect(resumed.outcomes == replayed.outcomes, "\(design.name)")
    #expect(resumed.figures == replayed.figures, "\(design.name)")
    return resumed.outcomes.count
  }

  @Test("resumed, the budget's and the steps' designs end every schedule of one move as played from the start", arguments: 0..<5)
  func sameOutcomes(_ index: Int) throws {
    let design = Self.designs[index]
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: design.domain, moves: 1)
    #expect(try Self.expectAlike(design, in: world) > 0)
  }

  @Test("resumed, two moves: a shard of the converged budget's and steps' schedules ends alike", arguments: [Domain.budget, .steps])
  func sameOutcomesTwoMoves(_ domain: Domain) throws {
    let design: any SyncDesign.Type = domain == .budget ? ConvergedBudget.self : ConvergedSteps.self
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: domain, moves: 2)
    let shard = try SweepShard(index: 3, count: domain == .budget ? 16 : 4)
    #expect(try Self.expectAlike(design, in: world, shard: shard) > 1_000)
  }

  /// The steps' store move as each built-in scenario has it (the default's, killed during the
  /// copy, is above): a failing copy, the widget creating the App Group store first; and no move
  /// at all, the App Group store there from the start.
  @Test(
    "resumed, the steps' store moves: the converged steps end every schedule of one move alike",
    arguments: ["store-move", "store-move-widget-first", "no-move"])
  func sameOutcomesAcrossStoreMoves(_ name: String) throws {
    var scenario = try ScenarioLoader.builtIn(named: name == "no-move" ? "default" : name)
    if name == "no-move" { scenario.storeMove = nil }
    let world = try SmallWorld(scenario: scenario, domain: .steps, moves: 1)
    #expect(world.updatesApp == (name != "no-move"))
    #expect(try Self.expectAlike(ConvergedSteps.self, in: world) > 0)
  }

  // MARK: The copy, design by design

  static func fingerprint(of design: some ResumableDesign) -> StateFingerprint {
    var hasher = StateHasher()
    design.fingerprint(into: &hasher)
    return hasher.finalize()
  }

  static func id(_ number: UInt8) -> EventID { EventID(UUID(uuid: (number, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))) }

  @Test("a copy of the budget's design feeds its fingerprint, and an expense added through the copy leaves the design as it was")
  func budgetCopySharesNothing() throws {
    let stores = RunStores()
    let design = ConvergedBudget(scenario: try ScenarioLoader.builtIn(named: "default"), stores: stores)
    var copy = design.copy(into: stores.copy())
    #expect(Self.fingerprint(of: copy) == Self.fingerprint(of: design))
    var world = try SimulatedPlatformTests.world()
    let (now, expense) = (world.now, try SubmittedExpense(amount: Money(minorUnits: 450, currency: .chf), name: "Coffee"))
    copy.platform.run(&world) { try copy.phone.add(expense, id: Self.id(1), at: now) }
    #expect(copy.storedRecords(on: .phone) == .ids([Self.id(1)]))
    #expect(design.storedRecords(on: .phone) == .ids([]))
    #expect(Self.fingerprint(of: copy) != Self.fingerprint(of: design))
    #expect(Self.fingerprint(of: design) == Self.fingerprint(of: design.copy(into: stores.copy())))
  }

  @Test(
    "a copy of the steps' design feeds its fingerprint, and a step completed through the copy leaves the design as it was",
    arguments: [true, false])
  func stepsCopySharesNothing(storeMove: Bool) throws {
    var scenario = try ScenarioLoader.builtIn(named: "default")
    if !storeMove { scenario.storeMove = nil }
    let stores = RunStores()
    let design = ConvergedSteps(scenario: scenario, stores: stores)
    var copy = design.copy(into: stores.copy())
    #expect(Self.fingerprint(of: copy) == Self.fingerprint(of: design))
    var world = try SimulatedPlatformTests.world()
    let (now, step) = (world.now, StepsPlan.tasks[0].steps[0])
    copy.platform.run(&world) { try copy.phone.complete(step, id: Self.id(1), at: now) }
    #expect(copy.storedRecords(on: .phone) == .instants([now]))
    #expect(design.storedRecords(on: .phone) == .instants([]))
    #expect(Self.fingerprint(of: copy) != Self.fingerprint(of: design))
    #expect(Self.fingerprint(of: design) == Self.fingerprint(of: design.copy(into: stores.copy())))
  }
}
