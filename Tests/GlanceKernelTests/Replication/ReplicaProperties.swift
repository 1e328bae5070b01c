import Foundation
import GlanceKernel
import GlanceTestSupport
import PropertyBased
import Testing

/// Counts are pure functions of the event set: insertion order, repeats and the way events are
/// grouped into merges never change a replica or anything derived from it.
@Suite("Replica properties")
struct ReplicaProperties {
  /// `events` in an order drawn from `seed` (Fisher–Yates over SplitMix64).
  static func permuted(_ events: [Event], seed: UInt64) -> [Event] {
    var result = events
    var words = SplitMix64(seed: seed)
    for index in result.indices.reversed() where index > 0 {
      result.swapAt(index, Int(words.next() % UInt64(index + 1)))
    }
    return result
  }

  @Test("inserting the same events in any order, with repeats, gives the same replica and counts")
  func insertionOrderDoesNotMatter() async throws {
    await propertyCheck(count: 1_000, input: ReplicationGen.replicas, Gen.uint64()) { sample, seed in
      let events = sample.a.events + sample.b.events  // repeats where a and b overlap
      var forward = Replica()
      for event in Self.permuted(events, seed: seed) { try forward.insert(event) }
      var backward = Replica()
      for event in Self.permuted(events, seed: ~seed).reversed() { try backward.insert(event) }
      let union = try sample.a.merging(sample.b)
      #expect(forward == union)
      #expect(backward == union)
      let fromInit = try Replica(events: Self.permuted(events, seed: seed &+ 1))
      #expect(fromInit == union)
      #expect(forward.tally == backward.tally)
      #expect(forward.stepCompletions == backward.stepCompletions)
      #expect(forward.liveExpenses == backward.liveExpenses)
    }
  }

  @Test("at-least-once delivery: inserting every event again changes nothing")
  func redeliveryIsHarmless() async throws {
    await propertyCheck(count: 1_000, input: ReplicationGen.replicas) { sample in
      var replica = sample.a
      for event in sample.a.events.reversed() { try replica.insert(event) }
      #expect(replica == sample.a)
      try replica.merge(sample.a)
      #expect(replica == sample.a)
    }
  }

  @Test("the union contains exactly the events of both sides")
  func unionIsExact() async throws {
    await propertyCheck(count: 1_000, input: ReplicationGen.replicas) { sample in
      let union = try sample.a.merging(sample.b)
      let expected = Set(sample.a.events.map(\.id)).union(sample.b.events.map(\.id))
      #expect(Set(union.events.map(\.id)) == expected)
      #expect(union.count == expected.count)
      #expect(zip(union.events, union.events.dropFirst()).allSatisfy { $0.id < $1.id })
      #expect(union.events.allSatisfy { sample.pool.contains($0) })
    }
  }

  @Test("Codable round-trips every replica")
  func codableRoundTrip() async throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    await propertyCheck(count: 300, input: ReplicationGen.replicas) { sample in
      let data = try encoder.encode(sample.a)
      let decoded = try JSONDecoder().decode(Replica.self, from: data)
      #expect(decoded == sample.a)
    }
  }

  @Test("id order is the byte order, which is the order of the canonical text")
  func idOrderIsByteOrder() async throws {
    let bytes = Gen.uint8().array(of: 16).map { b in
      UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }
    await propertyCheck(count: 1_000, input: bytes, bytes) { left, right in
      #expect((EventID(left) < EventID(right)) == (left.uuidString < right.uuidString))
      #expect((StepID(left) < StepID(right)) == (left.uuidString < right.uuidString))
      #expect((TaskID(left) == TaskID(right)) == (left == right))
    }
  }
}
