import Foundation
import GlanceKernel
@testable import GlanceSimulation
import GlanceTestSupport
import Testing

/// A durable log's mirror in memory: what the judge's audits read instead of the whole log. The
/// reference is the durable log's own replica, read back and audited by the kernel's `Replica`
/// (not by the mirror under test).
@Suite("Simulated event log mirror")
struct SimulatedEventLogMirrorTests {
  /// A durable log that answers every `record` as new, even a repeat: a store whose answers
  /// cannot be trusted, which the mirror must catch.
  struct RecordAlwaysNew: EventLog {
    var held = Replica()

    mutating func record(_ event: Event) throws -> Bool {
      _ = try held.record(event)
      return true
    }

    mutating func receive(_ events: [Event]) throws -> Int { try held.receive(events) }
    func replica() throws -> Replica { held }
    func replica(in instants: Range<Instant>) throws -> Replica { held.slice(instants) }
  }

  @Test("after random writes, the audits of a durable log are its replica's, and the same as in memory")
  func auditsAreTheDurableLogs() throws {
    for seed in UInt64(1)...40 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      let durableStores = RunStores(backend: .durable(named: "replica") { _ in Replica() }, strategy: "s", domain: .tally, play: 0)
      let durable = SimulatedEventLog("phone", stores: durableStores)
      let memory = SimulatedEventLog("phone", stores: RunStores())
      for _ in 0..<60 {
        let batch = (0...random.below(3)).map { _ in SimulatedEventLogFeedTests.event(random.below(120)) }
        for log in [durable, memory] {
          if batch.count == 1 { _ = try log.record(batch[0]) } else { _ = try log.receive(batch) }
        }
        let stored = durable.replica()
        #expect(durable.liveAddIDs() == stored.liveAdds.map(\.id), "seed \(seed)")
        #expect(durable.liveExpenseIDs() == stored.liveExpenses.map(\.id), "seed \(seed)")
        #expect(durable.stepCompletions() == stored.stepCompletions, "seed \(seed)")
        #expect(durable.liveAddIDs() == memory.liveAddIDs(), "seed \(seed)")
        #expect(durable.liveExpenseIDs() == memory.liveExpenseIDs(), "seed \(seed)")
        #expect(durable.stepCompletions() == memory.stepCompletions(), "seed \(seed)")
      }
      #expect(durableStores.failure == nil, "seed \(seed): \(String(describing: durableStores.failure))")
    }
  }

  @Test("a durable log that answers a repeat as new fails its store, naming it")
  func disagreementFailsTheStore() throws {
    let stores = RunStores(backend: .durable(named: "lying") { _ in RecordAlwaysNew() }, strategy: "s", domain: .tally, play: 0)
    let log = SimulatedEventLog("watch", stores: stores)
    let event = SimulatedEventLogFeedTests.event(4)
    #expect(try log.record(event))
    #expect(stores.failure == nil)
    _ = try log.record(event)
    let failure = try #require(stores.failure)
    #expect(failure.store == "watch")
    #expect(failure.reason.contains("1 of 1 events new, its mirror 0"), "\(failure.reason)")
  }
}
