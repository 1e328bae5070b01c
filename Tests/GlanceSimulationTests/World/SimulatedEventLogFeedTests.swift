import Foundation
import GlanceKernel
@testable import GlanceSimulation
import GlanceTestSupport
import Testing

/// A simulated store's change feed, in memory and on a durable log: what a fold reads instead of
/// the whole log. The reference is the list of events each write added, worked out here from the
/// ids already written (not from the log under test).
@Suite("Simulated event log feed")
struct SimulatedEventLogFeedTests {
  /// The event numbered `number`: a pure function of it, so that writing a number again writes
  /// the same event (a repeat, never a conflict).
  static func event(_ number: Int) -> Event {
    let id = CountedReplicaTests.id(number)
    let instant = Instant(millisecondsSince1970: Int64(number) * 60_000)
    switch number % 4 {
    case 0: return Event(id: id, kind: .add, instant: instant, origin: .app)
    case 1:
      let amount = Money(minorUnits: Int64(number * 5 + 5), currency: .chf)
      return Event(id: id, kind: .expense(amount: amount, note: "lunch"), instant: instant, origin: .app)
    case 2: return Event(id: id, kind: .remove(target: CountedReplicaTests.id(number * 7 % 120)), instant: instant, origin: .watch)
    default: return Event(id: id, kind: .complete(step: CountedReplicaTests.steps[number % 3]), instant: instant, origin: .watch)
    }
  }

  @Test("after random writes, the feed since every count is what the writes since then added; both backings agree")
  func feedIsWhatWasAdded() throws {
    for seed in UInt64(1)...40 {
      var answers: [[[Event]?]] = []
      for durable in [false, true] {
        var random = GlanceTestSupport.SplitMix64(seed: seed)
        let stores =
          durable ? RunStores(backend: .durable(named: "replica") { _ in Replica() }, strategy: "s", domain: .tally, play: 0) : RunStores()
        let log = SimulatedEventLog("phone", stores: stores)
        var held: Set<EventID> = []
        // The events each version added, by version (index 0: none, before the first write).
        var added: [[Event]] = [[]]
        var feedFrom = 0
        for _ in 0..<60 {
          let batch = (0...random.below(3)).map { _ in Self.event(random.below(120)) }
          var new: [Event] = []
          for event in batch where !held.contains(event.id) && !new.contains(where: { $0.id == event.id }) { new.append(event) }
          if batch.count == 1 {
            #expect(try log.record(batch[0]) == !new.isEmpty)
          } else {
            #expect(try log.receive(batch) == new.count)
            // A durable bulk write with repeats says how many were new, not which: the feed
            // starts again at the version it made.
            if durable && !new.isEmpty && new.count < batch.count { feedFrom = added.count }
          }
          held.formUnion(new.map(\.id))
          if !new.isEmpty { added.append(new) }
          #expect(log.changeCount == added.count - 1)
          for count in 0...log.changeCount {
            let feed = log.events(sinceChangeCount: count)
            #expect((feed == nil) == (count < feedFrom), "seed \(seed), since \(count), feed from \(feedFrom)")
            if let feed { #expect(feed == Array(added[(count + 1)...].joined()), "seed \(seed), since \(count)") }
          }
        }
        answers.append((0...log.changeCount).map { log.events(sinceChangeCount: $0) })
      }
      for (memory, durable) in zip(answers[0], answers[1]) where durable != nil { #expect(memory == durable) }
    }
  }
}
