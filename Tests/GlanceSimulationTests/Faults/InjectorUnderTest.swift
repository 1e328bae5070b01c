@testable import GlanceSimulation

/// A ``FaultInjector`` with the random door it draws from, as the world holds them: the tests of
/// the injector call its drawing methods without handing the door each time.
@dynamicMemberLookup
struct InjectorUnderTest {
  var injector: FaultInjector
  var choices: Choices

  init(seed: UInt64, rates: Faults, interrupting step: StoreMoveStep?) {
    var choices = Choices(seed: seed)
    injector = FaultInjector(choices: &choices, rates: rates, storeFaults: StoreFaults(), storeMoveInterruption: step)
    self.choices = choices
  }

  subscript<Value>(dynamicMember path: KeyPath<FaultInjector, Value>) -> Value { injector[keyPath: path] }

  mutating func armKill(of process: Process, hasWatch: Bool) -> Bool {
    injector.armKill(of: process, hasWatch: hasWatch, choices: &choices)
  }
  mutating func watchKillDelay() -> Int64? { injector.watchKillDelay(choices: &choices) }
  mutating func corruptedKey(among keys: [String]) -> String? { injector.corruptedKey(among: keys, choices: &choices) }
  mutating func messageFate() -> MessageFate { injector.messageFate(choices: &choices) }
  mutating func deliversTwice() -> Bool { injector.deliversTwice(choices: &choices) }
  mutating func killFalls(beforeStepOf process: Process) -> Bool { injector.killFalls(beforeStepOf: process) }
  mutating func disarmKill(of process: Process) -> Bool { injector.disarmKill(of: process) }
  mutating func interruptsStoreMove(before step: StoreMoveStep) -> Bool { injector.interruptsStoreMove(before: step) }
  mutating func end() { injector.end() }
  func count(_ kind: FaultKind) -> Int { injector.count(kind) }
}
