@testable import GlanceSimulation
import GlanceKernel
import Testing

/// The partial-order reduction of two widgets' reloads served at one instant
/// (``World/reloadServesCommute(at:)``): playing them in one order loses no outcome. Its oracle
/// is the unreduced exploration, every order played (``ExploredChoices/unreduced``), not the
/// reduction's own argument.
@Suite("Commuting reloads")
struct CommutingReloadsTests {
  /// The designs with two widgets: the shipped ones and the planted bugs.
  static var designs: [any SyncDesign.Type] {
    let shipped: [any SyncDesign.Type] = Simulation.designs.map { $0.design }
    let planted: [any SyncDesign.Type] = ExplorationEvidenceTests.mutants.map { $0.design }
    return (shipped + planted).filter { $0.domain == .budget }
  }

  @Test("the designs with two widgets are Pulpe's, the converged and a planted bug")
  func designsCovered() {
    #expect(Self.designs.map { $0.name } == ["pulpe-widget", "converged", "mutant-wrong-year-highlight"])
  }

  @Test(
    "every design with two widgets: the schedules the reduction plays end in every outcome the unreduced exploration's do, and in no other",
    arguments: 0..<3)
  func noOutcomeLost(_ index: Int) throws {
    let design = Self.designs[index]
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .budget, moves: 1)
    let (reduced, unreduced, played, all) = try ExplorationOutcomes.reducedAndUnreduced(design, in: world)
    #expect(reduced == unreduced, "\(design.name): outcomes differ")
    // The reduction plays fewer schedules: two widgets' reloads are served at one instant.
    #expect(played < all, "\(design.name): \(played) of \(all) schedules")
  }

  @Test("the converged budget at one move: 1,030 schedules of the 7,328 unreduced, every invariant held in both")
  func convergedCounts() throws {
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .budget, moves: 1)
    let reduced = try Explorer.explore(strategy: .converged, in: world)
    let unreduced = try Explorer.explore(strategy: .converged, in: world, explored: .unreduced)
    #expect(reduced.schedules == 1_030 && unreduced.schedules == 7_328)
    #expect(reduced.counterexample == nil && unreduced.counterexample == nil)
    #expect(reduced.coverage == unreduced.coverage)
  }

  /// A world of two widgets, their extension running or not, the year widget showing a badge
  /// from the start and, when `entry` is given, another from then.
  static func world(extensionRunning: Bool, entryAt entry: Instant? = nil, installed: Bool = true) throws -> World {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    let start = Instant(millisecondsSince1970: 1_773_100_800_000)
    var world = World(
      start: start, itinerary: Itinerary(staying: zurich, from: start), refreshBudget: try RefreshBudget(),
      widgets: [.main, .year], seed: 7, faults: Faults(), updateAwaited: !installed)
    if extensionRunning { _ = world.launchWidgetExtension() }
    var entries = [WidgetTimeline.Entry(date: start, display: .tallyBadge(TallyBadge(count: 1, limit: 10)))]
    if let entry { entries.append(WidgetTimeline.Entry(date: entry, display: .tallyBadge(TallyBadge(count: 2, limit: 10)))) }
    world[host: .year].timeline = WidgetTimeline(entries: entries, policy: .never)
    return world
  }

  @Test("two serves commute only with the extension running and no entry taking effect before them; always where no widget is installed")
  func conditions() throws {
    let world = try Self.world(extensionRunning: true)
    let time = world.now.advanced(by: 500)
    #expect(world.reloadServesCommute(at: time))
    // A launch tells the design: the serve that launches the extension comes first.
    #expect(try !Self.world(extensionRunning: false).reloadServesCommute(at: time))
    // An entry of the year widget's timeline takes effect by then: the judge would see it at the
    // first serve's instant in one order and not in the other.
    #expect(try !Self.world(extensionRunning: true, entryAt: time).reloadServesCommute(at: time))
    #expect(try !Self.world(extensionRunning: true, entryAt: world.now.advanced(by: 1)).reloadServesCommute(at: time))
    // An entry at the previous event's instant, or after the serves, changes nothing between.
    #expect(try Self.world(extensionRunning: true, entryAt: world.now).reloadServesCommute(at: time))
    #expect(try Self.world(extensionRunning: true, entryAt: time.advanced(by: 1)).reloadServesCommute(at: time))
    // No widget installed: a serve only clears its pending flag.
    #expect(try Self.world(extensionRunning: false, entryAt: time, installed: false).reloadServesCommute(at: time))
  }
}
