import Foundation
import GlanceKernel
@testable import GlanceSimulation
import GlanceTestSupport
import Testing

/// The counted replica keeps its views up to date as events arrive; the kernel's `Replica`,
/// which derives them from the whole log, is the reference they must equal.
@Suite("Counted replica")
struct CountedReplicaTests {
  /// An id from a small space, so that removals and duplicates often meet what they target.
  static func id(_ number: Int) -> EventID {
    EventID(UUID(uuid: (UInt8(number % 251), 0x11, UInt8(number / 251), 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)))
  }

  static let steps = (0..<3).map { StepID(UUID(uuid: (0x51, UInt8($0), 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))) }

  /// A random event: an add, an expense, a removal of a random id (one already there, one still to come, or
  /// none), or a toggle of one of three steps; instants collide on purpose. Toggles take their
  /// ids where removals aim only when `togglesRemovable`.
  static func event(_ random: inout GlanceTestSupport.SplitMix64, togglesRemovable: Bool) -> Event {
    let instant = Instant(millisecondsSince1970: Int64(random.below(50)) * 60_000)
    let toggleID = Self.id(random.below(400) + (togglesRemovable ? 0 : 400))
    switch random.below(5) {
    case 0:
      return Event(id: Self.id(random.below(400)), kind: .add, instant: instant, origin: .app)
    case 4:
      let amount = Money(minorUnits: Int64(random.below(9_000) + 5), currency: .chf)
      return Event(id: Self.id(random.below(400)), kind: .expense(amount: amount, note: "lunch"), instant: instant, origin: .app)
    case 1:
      return Event(id: Self.id(random.below(400)), kind: .remove(target: Self.id(random.below(400))), instant: instant, origin: .app)
    case 2:
      return Event(id: toggleID, kind: .complete(step: steps[random.below(3)]), instant: instant, origin: .watch)
    default:
      return Event(id: toggleID, kind: .uncomplete(step: steps[random.below(3)]), instant: instant, origin: .app)
    }
  }

  @Test("after every insertion: live adds, their ids and the step completions equal the replica's", arguments: [false, true])
  func viewsEqualTheReplicas(togglesRemovable: Bool) {
    var sawToggleRemoval = false
    var sawCompletion = false
    for seed in UInt64(1)...40 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      var counted = CountedReplica()
      for _ in 0..<300 {
        let (expensesBefore, removalsBefore) = (counted.liveExpenses, counted.expenseRemovals)
        counted.insert(Self.event(&random, togglesRemovable: togglesRemovable))
        if counted.expenseRemovals == removalsBefore {
          #expect(
            Array(counted.liveExpenses.prefix(expensesBefore.count)) == expensesBefore, "without a removal, expenses only grow at their end"
          )
        }
        let replica = counted.replica
        #expect(counted.liveAddIDs == replica.liveAdds.map(\.id), "seed \(seed)")
        #expect(counted.live == replica.tally, "seed \(seed)")
        #expect(counted.liveExpenses.sorted { $0.id < $1.id } == replica.liveExpenses, "seed \(seed)")
        #expect(counted.liveExpenseIDs == replica.liveExpenses.map(\.id), "seed \(seed)")
        if counted.togglesRemoved {
          sawToggleRemoval = true
        } else {
          #expect(counted.stepCompletions == replica.stepCompletions, "seed \(seed)")
          sawCompletion = sawCompletion || !counted.stepCompletions.isEmpty
        }
      }
    }
    #expect(sawCompletion, "the premise: some steps are completed")
    #expect(sawToggleRemoval == togglesRemovable, "the premise: removals meet toggles exactly when they may")
  }

  @Test("after every insertion, a slice of any range equals the kernel's slice of the replica")
  func slicesEqualTheReplicas() {
    var sawRemovalInSlice = false
    for seed in UInt64(1)...40 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      var counted = CountedReplica()
      for _ in 0..<200 {
        counted.insert(Self.event(&random, togglesRemovable: true))
        let from = Int64(random.below(52)) - 1
        let range =
          Instant(millisecondsSince1970: from * 60_000)..<Instant(millisecondsSince1970: (from + Int64(random.below(20))) * 60_000)
        let slice = counted.slice(range)
        #expect(slice == counted.replica.slice(range), "seed \(seed), \(range)")
        sawRemovalInSlice = sawRemovalInSlice || slice.events.contains { if case .remove = $0.kind { true } else { false } }
      }
    }
    #expect(sawRemovalInSlice, "the premise: slices hold removals")
  }
}
