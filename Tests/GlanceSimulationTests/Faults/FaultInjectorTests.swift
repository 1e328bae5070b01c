import GlanceKernel
import Testing

@testable import GlanceSimulation

/// The laws of ``FaultInjector``: one labelled stream per kind of draw, nothing struck or drawn
/// once faults are off, and only what struck counted.
@Suite("FaultInjector")
struct FaultInjectorTests {
  static func injector(seed: UInt64 = 7, rates: Faults = Faults(), interrupting step: StoreMoveStep? = nil) -> InjectorUnderTest {
    InjectorUnderTest(seed: seed, rates: rates, interrupting: step)
  }

  /// Every message fails in flight (a chance of 1/1).
  static var alwaysFailing: Faults {
    var rates = Faults()
    rates.messageFailure = Chance(numerator: 1, denominator: 1)
    rates.duplicateDelivery = Chance(numerator: 1, denominator: 1)
    return rates
  }

  /// The steps each of `kills` armed kills of the app lets through before it falls.
  static func stepsLetThrough(_ injector: inout InjectorUnderTest, kills: Int) -> [Int] {
    (0..<kills).map { _ in
      let answer1 = injector.armKill(of: .app, hasWatch: true)
      #expect(answer1)
      var steps = 0
      while !injector.killFalls(beforeStepOf: .app) { steps += 1 }
      return steps
    }
  }

  @Test("an armed kill lets 0–2 steps of the app through (0–4 of the extension), then falls once")
  func armedKillFallsOnce() {
    var injector = Self.injector()
    let steps = Self.stepsLetThrough(&injector, kills: 200)
    #expect(Set(steps) == [0, 1, 2], "\(Set(steps))")
    // Fallen, it is no longer armed.
    let answer2 = injector.killFalls(beforeStepOf: .app)
    #expect(!answer2)
    var extensionSteps: Set<Int> = []
    for _ in 0..<200 {
      let answer3 = injector.armKill(of: .widgetExtension, hasWatch: true)
      #expect(answer3)
      var steps = 0
      while !injector.killFalls(beforeStepOf: .widgetExtension) { steps += 1 }
      extensionSteps.insert(steps)
    }
    #expect(extensionSteps == [0, 1, 2, 3, 4])
  }

  @Test("the draws of one kind of fault do not move those of another")
  func streamsAreIndependent() {
    var quiet = Self.injector()
    var busy = Self.injector(rates: Self.alwaysFailing)
    // The busy injector draws many message fates, duplicates and corruptions first.
    for _ in 0..<50 {
      let answer4 = busy.messageFate()
      #expect(answer4 == .failsInFlight)
      let answer5 = busy.deliversTwice()
      #expect(answer5)
      let answer6 = busy.corruptedKey(among: ["a", "b", "c", "d", "e"])
      #expect(answer6 != nil)
    }
    #expect(Self.stepsLetThrough(&quiet, kills: 30) == Self.stepsLetThrough(&busy, kills: 30))
    #expect(busy.count(.messageFailure) == 50 && busy.count(.duplicateDelivery) == 50 && busy.count(.corruptedDefaults) == 50)
    #expect(quiet.counts.isEmpty, "\(quiet.counts)")
  }

  @Test("once faults are off nothing is armed, drawn or counted, and a pending store failure is taken back")
  func offAfterTheEnd() {
    var injector = Self.injector(rates: Self.alwaysFailing, interrupting: .copyStore)
    injector.storeFaults.arm(1)
    let answer7 = injector.armKill(of: .watchApp, hasWatch: true)
    #expect(answer7)
    injector.end()
    #expect(!injector.on)
    let answer8 = injector.armKill(of: .app, hasWatch: true)
    #expect(!answer8)
    let answer9 = injector.killFalls(beforeStepOf: .app)
    #expect(!answer9)
    let answer10 = injector.watchKillDelay()
    #expect(answer10 == nil)
    let answer11 = injector.messageFate()
    #expect(answer11 == .answered)
    let answer12 = injector.deliversTwice()
    #expect(!answer12)
    let answer13 = injector.corruptedKey(among: ["a", "b", "c"])
    #expect(answer13 == nil)
    let answer14 = injector.interruptsStoreMove(before: .copyStore)
    #expect(!answer14)
    #expect(!injector.storeFaults.commitFails())
    #expect(injector.counts.isEmpty, "\(injector.counts)")
  }

  @Test("a watch kill is armed only where there is a watch, and strikes within 3 s of the next tap")
  func watchKill() {
    var injector = Self.injector()
    let answer15 = injector.armKill(of: .watchApp, hasWatch: false)
    #expect(!answer15)
    let answer16 = injector.watchKillDelay()
    #expect(answer16 == nil)
    let answer17 = injector.armKill(of: .watchApp, hasWatch: true)
    #expect(answer17)
    let delay = injector.watchKillDelay()
    #expect(delay.map { (0...3_000).contains($0) } == true)
    // Used up by the tap.
    let answer18 = injector.watchKillDelay()
    #expect(answer18 == nil)
    let answer19 = injector.armKill(of: .watchApp, hasWatch: true)
    #expect(answer19)
    let answer20 = injector.disarmKill(of: .watchApp)
    #expect(!answer20)
    let answer21 = injector.watchKillDelay()
    #expect(answer21 == nil)
  }

  @Test("a kill that met nothing by its deadline is taken back; the app's says it was still armed")
  func deadline() {
    var injector = Self.injector()
    let answer22 = injector.disarmKill(of: .app)
    #expect(!answer22)
    let answer23 = injector.armKill(of: .app, hasWatch: true)
    #expect(answer23)
    let answer24 = injector.disarmKill(of: .app)
    #expect(answer24)
    let answer25 = injector.killFalls(beforeStepOf: .app)
    #expect(!answer25)
    let answer26 = injector.armKill(of: .widgetExtension, hasWatch: true)
    #expect(answer26)
    let answer27 = injector.disarmKill(of: .widgetExtension)
    #expect(answer27)
    let answer28 = injector.killFalls(beforeStepOf: .widgetExtension)
    #expect(!answer28)
  }

  @Test("the store move is interrupted once, before the scenario's step only")
  func storeMove() {
    var injector = Self.injector(interrupting: .copyStore)
    let answer29 = injector.interruptsStoreMove(before: .deleteLegacy)
    #expect(!answer29)
    let answer30 = injector.interruptsStoreMove(before: .copyStore)
    #expect(answer30)
    let answer31 = injector.interruptsStoreMove(before: .copyStore)
    #expect(!answer31)
  }

  @Test("a corruption strikes one of the keys the defaults hold, drawn by the seed, and none when they hold none")
  func corruptedKeys() {
    var empty = Self.injector()
    let none = empty.corruptedKey(among: [])
    #expect(none == nil && empty.counts.isEmpty, "nothing to strike: nothing counted")
    let keys = ["dailyAverage", "lastUpdated", "todayCount"]
    var first = Self.injector()
    var second = Self.injector()
    var struck: [String] = []
    for _ in 0..<60 {
      let (one, other) = (first.corruptedKey(among: keys), second.corruptedKey(among: keys))
      #expect(one == other, "the same seed draws the same key")
      if let one { struck.append(one) }
    }
    #expect(Set(struck) == Set(keys), "every key held can be struck: \(Set(struck))")
    #expect(first.count(.corruptedDefaults) == 60)
  }

  @Test("store write failures are counted as the store faults struck them")
  func storeWriteFailures() {
    let injector = Self.injector()
    injector.storeFaults.arm(1)
    #expect(injector.count(.storeWriteFailure) == 0)
    #expect(injector.storeFaults.commitFails())
    #expect(injector.count(.storeWriteFailure) == 1)
  }
}
