@testable import GlanceSimulation
import GlanceKernel
import Testing

/// The lateness of a reload that falls due after the play's final check is an inert choice
/// (``World/drawLateness(of:due:)``): the reload never fires, so every lateness gives the same
/// play, and an exploration plays one. Its oracle is the unreduced exploration, every lateness
/// played (``ExploredChoices/unreduced``), not the argument.
@Suite("Inert lateness")
struct InertLatenessTests {
  /// A world answered by `trail`, its final check at `finalCheck`.
  static func world(trail: ExplorationTrail, finalCheck: Instant?) throws -> World {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    let start = Instant(millisecondsSince1970: 1_773_100_800_000)
    let door = Choices(seed: 7, section: .plan, source: ExplorationSource(trail: trail, section: .plan))
    var world = World(
      start: start, itinerary: Itinerary(staying: zurich, from: start), refreshBudget: try RefreshBudget(), widgets: [.main],
      choices: door, faults: Faults())
    world.finalCheck = finalCheck
    return world
  }

  /// Every lateness an exploration plays for a reload due `dueIn` after the start, the final
  /// check `finalCheckIn` after it (`nil`: unknown), and the fault cells each reached.
  static func latenesses(dueIn: Int64, finalCheckIn: Int64?, explored: ExploredChoices = .all) throws -> [(Int64, Int)] {
    var played: [(Int64, Int)] = []
    _ = try Explorer.walk(seed: 7, explored: explored) { trail throws in
      let probe = try Self.world(trail: trail, finalCheck: nil)
      var world = try Self.world(trail: trail, finalCheck: finalCheckIn.map { probe.now.advanced(by: $0) })
      let lateness = world.drawLateness(of: .main, due: world.now.advanced(by: dueIn))
      played.append((lateness, world.injector.coverage.count))
      return false
    }
    return played
  }

  @Test("a reload due after the final check is played at one lateness and covers nothing; one due by then, at both")
  func oneLatenessAfterTheEnd() throws {
    let hour = Instant.millisecondsPerHour
    // Due an hour after the start, the final check 51 minutes after it (the tally's small
    // world): the reload never fires.
    #expect(try Self.latenesses(dueIn: hour, finalCheckIn: 51 * Instant.millisecondsPerMinute).map(\.0) == [0])
    // Due at the final check, or before it, or with no final check known: on time and late,
    // the late one reaching the late-reloads cell.
    for finalCheck in [hour, 2 * hour, nil] {
      let played = try Self.latenesses(dueIn: hour, finalCheckIn: finalCheck)
      #expect(played.map(\.0) == [0, 60_000], "final check \(String(describing: finalCheck))")
      #expect(played.map(\.1) == [0, 1])
    }
    // Unreduced, the inert choice is played late too, and, taking no effect, covers nothing.
    let unreduced = try Self.latenesses(dueIn: hour, finalCheckIn: 0, explored: .unreduced)
    #expect(unreduced.map(\.0) == [0, 60_000] && unreduced.map(\.1) == [0, 0])
  }

  @Test("the random door draws an inert lateness exactly as any other")
  func randomDoorUnchanged() {
    for seed: UInt64 in [0, 1, 42] {
      var inert = Choices(seed: seed)
      var plain = Choices(seed: seed)
      for _ in 0..<100 {
        #expect(
          inert.uniform(in: Int64(0)...60_000, from: inert.open(ChoiceLabel("world.latency")), faultsAbove: 0, inert: true)
            == plain.uniform(in: Int64(0)...60_000, from: plain.open(ChoiceLabel("world.latency"))))
      }
    }
  }

  /// The converged design of the tally, whose widget's policy asks for a reload an hour after
  /// each timeline, after the small world's final check, and the bugs planted in it. (Whether
  /// that reload fires is the world's, whatever the design; MirrorSmoker's designs are left
  /// out for their size: one move is 307,312 and 85,225 schedules, minutes in a debug build.)
  static var designs: [any SyncDesign.Type] {
    let planted: [any SyncDesign.Type] = ExplorationEvidenceTests.mutants.map { $0.design }
    return ([ConvergedTally.self] + planted).filter { $0.domain == .tally }
  }

  @Test(
    "the converged tally and its planted bugs at one move: the schedules played end in every outcome of those that play every lateness, and in no other",
    arguments: 0..<8)
  func noOutcomeLost(_ index: Int) throws {
    try #require(Self.designs.count == 8, "\(Self.designs.map { $0.name })")
    let design = Self.designs[index]
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .tally, moves: 1)
    let (reduced, unreduced, played, all) = try ExplorationOutcomes.reducedAndUnreduced(design, in: world)
    #expect(reduced == unreduced, "\(design.name): outcomes differ")
    #expect(played < all, "\(design.name): \(played) of \(all) schedules")
  }

  @Test("a world past the tally's policy reloads (a flight): the schedules played end in every outcome of those that play every lateness")
  func noOutcomeLostPastTheReloads() throws {
    // The flight makes the world last past the zone-settled check, over an hour: a timeline
    // served early has its policy's reload due inside the play, and its lateness is a choice.
    let world = try SmallWorld(scenario: ExplorationEvidenceTests.flightAtMidnight(), domain: .tally, moves: 1)
    let (reduced, unreduced, played, all) = try ExplorationOutcomes.reducedAndUnreduced(ConvergedTally.self, in: world)
    #expect(reduced == unreduced, "outcomes differ")
    #expect(played < all)
  }
}
