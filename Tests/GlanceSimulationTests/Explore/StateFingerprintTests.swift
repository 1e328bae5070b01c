import GlanceKernel
import Testing

@testable import GlanceSimulation

/// The distinct states an exploration counts (``ExplorationFigures/states``) are counted by
/// fingerprints written by hand (``DomainPlay/fingerprint(into:)``). The oracle is a reflection
/// of the whole play (``StateReflection``): over every state an exploration counts, two states
/// share a fingerprint exactly when their reflections are the same text, plan by plan. A field a
/// fingerprint forgets merges states the reflection tells apart; a field it feeds that the
/// abstraction leaves out splits states the reflection merges.
@Suite struct StateFingerprintTests {
  /// What the fingerprints and the reflections of one exploration's states say.
  struct Comparison {
    /// States the fingerprints merge and the reflection tells apart: plan, then the two texts.
    var merged: [(plan: Int, one: String, other: String)] = []
    /// States the fingerprints tell apart and the reflection merges.
    var split: [(plan: Int, text: String)] = []
    /// The distinct reflections, plan by plan, summed.
    var reflected = 0
    var figures: ExplorationFigures? = nil
  }

  /// Compares the fingerprints of `design`'s states in `world` with their reflections, which
  /// leave out the fields `leftOut` names besides the abstraction's own.
  static func compare(
    _ design: any SyncDesign.Type, in world: SmallWorld, shard: SweepShard = .whole, leavingOut leftOut: Set<String> = []
  ) throws -> Comparison {
    var comparison = Comparison()
    var texts: [StateFingerprint: String] = [:]
    var fingerprints: [String: StateFingerprint] = [:]
    var currentPlan = -1
    let figures = try Explorer.explore(design, in: world, shard: shard, eachSchedule: nil) { plan, fingerprint, play in
      if plan != currentPlan {
        comparison.reflected += fingerprints.count
        (texts, fingerprints, currentPlan) = ([:], [:], plan)
      }
      let text = StateReflection.text(of: play, leavingOut: leftOut)
      if let known = texts[fingerprint], known != text { comparison.merged.append((plan, known, text)) }
      if let known = fingerprints[text], known != fingerprint { comparison.split.append((plan, text)) }
      texts[fingerprint] = text
      fingerprints[text] = fingerprint
    }
    comparison.reflected += fingerprints.count
    comparison.figures = figures
    return comparison
  }

  static func expectAgreement(_ comparison: Comparison, _ name: String) {
    #expect(
      comparison.merged.isEmpty,
      "\(name): merged \(comparison.merged.count), first: \(comparison.merged.first.map { "\($0.one)\n≠\n\($0.other)" } ?? "")")
    #expect(comparison.split.isEmpty, "\(name): split \(comparison.split.count), first: \(comparison.split.first?.text ?? "")")
    #expect(comparison.figures?.states == comparison.reflected, "\(name)")
    #expect(comparison.reflected > 0)
  }

  @Test("the converged tally's states, one move: fingerprints agree with the reflection")
  func tallyOneMove() throws {
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .tally, moves: 1)
    Self.expectAgreement(try Self.compare(ConvergedTally.self, in: world), "tally, one move")
  }

  @Test("the converged tally's states, two moves (a shard): fingerprints agree with the reflection")
  func tallyTwoMoves() throws {
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .tally, moves: 2)
    Self.expectAgreement(try Self.compare(ConvergedTally.self, in: world, shard: SweepShard(index: 3, count: 16)), "tally, two moves")
  }

  @Test("the converged budget's states, one move: fingerprints agree with the reflection")
  func budgetOneMove() throws {
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .budget, moves: 1)
    Self.expectAgreement(try Self.compare(ConvergedBudget.self, in: world), "budget, one move")
  }

  @Test("the converged steps' states, one move, and a shard of two: fingerprints agree with the reflection")
  func stepsOneAndTwoMoves() throws {
    let one = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .steps, moves: 1)
    Self.expectAgreement(try Self.compare(ConvergedSteps.self, in: one), "steps, one move")
    let two = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .steps, moves: 2)
    Self.expectAgreement(try Self.compare(ConvergedSteps.self, in: two, shard: SweepShard(index: 2, count: 8)), "steps, two moves")
  }

  @Test("the converged tally's states across a flight at the boundary: fingerprints agree with the reflection")
  func tallyAcrossAFlight() throws {
    let world = try SmallWorld(scenario: ExplorationEvidenceTests.flightAtMidnight(), domain: .tally, moves: 1)
    Self.expectAgreement(try Self.compare(ConvergedTally.self, in: world), "tally across a flight")
  }

  /// A planted bug in a fingerprint: the design keeps a field its fingerprint forgets (when it
  /// last received something: a delivery's latency changes it, and the states after it may agree
  /// on everything else).
  struct ForgetsAField: Mutant, ResumableDesign {
    static let name = "forgets-a-field"
    var inner: ConvergedTally
    var lastReceived: Instant? = nil
    init(inner: ConvergedTally) { self.inner = inner }
    mutating func receive(_ message: PeerPayload, on device: Device, via channel: Channel, world: inout World) {
      lastReceived = world.now
      inner.receive(message, on: device, via: channel, world: &world)
    }
  }

  @Test("a fingerprint that forgets a field is caught: it merges states the reflection tells apart")
  func forgottenFieldCaught() throws {
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .tally, moves: 1)
    let comparison = try Self.compare(ForgetsAField.self, in: world)
    #expect(!comparison.merged.isEmpty)
    #expect(comparison.figures?.states ?? 0 < comparison.reflected)
  }

  @Test("a reflection that leaves out the world is caught: the fingerprints split states it merges")
  func reflectionWithoutTheWorldCaught() throws {
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .tally, moves: 1)
    let comparison = try Self.compare(ConvergedTally.self, in: world, leavingOut: ["DomainPlay.world"])
    #expect(!comparison.split.isEmpty)
  }

  @Test("a design played from the start has no fingerprint: its states are not counted")
  func notResumedNotCounted() throws {
    let world = try SmallWorld(scenario: ScenarioLoader.builtIn(named: "default"), domain: .tally, moves: 1)
    let figures = try Explorer.explore(ConvergedTally.self, in: world, resumes: false, eachSchedule: nil)
    #expect(figures.states == nil)
    #expect(figures.statesPhrase == "distinct states not counted")
  }
}
