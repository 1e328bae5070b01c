import GlanceKernel
import PropertyBased
import Testing

/// The convergence laws (see *The real apps Glance models*, WatchConnectivity's channels): merge is commutative, associative and
/// idempotent, and removal wins, each checked on 10 000 cases of overlapping replicas.
@Suite("Replica merge properties")
struct ReplicaMergeProperties {
  static let lawCases = 10_000

  @Test("merge is commutative: a ∪ b == b ∪ a")
  func mergeIsCommutative() async throws {
    await propertyCheck(count: Self.lawCases, input: ReplicationGen.replicas) { sample in
      let ab = try sample.a.merging(sample.b)
      let ba = try sample.b.merging(sample.a)
      #expect(ab == ba)
      #expect(ab.count >= max(sample.a.count, sample.b.count))
    }
  }

  @Test("merge is associative: (a ∪ b) ∪ c == a ∪ (b ∪ c)")
  func mergeIsAssociative() async throws {
    await propertyCheck(count: Self.lawCases, input: ReplicationGen.replicas) { sample in
      let left = try sample.a.merging(sample.b).merging(sample.c)
      let right = try sample.a.merging(sample.b.merging(sample.c))
      #expect(left == right)
    }
  }

  @Test("merge is idempotent: a ∪ a == a, and (a ∪ b) ∪ b == a ∪ b")
  func mergeIsIdempotent() async throws {
    await propertyCheck(count: Self.lawCases, input: ReplicationGen.replicas) { sample in
      let aa = try sample.a.merging(sample.a)
      #expect(aa == sample.a)
      let ab = try sample.a.merging(sample.b)
      let abb = try ab.merging(sample.b)
      #expect(abb == ab)
    }
  }

  @Test("removal wins: whatever the merge order, no event targeted by a remove is live")
  func removalWins() async throws {
    // Each case draws one of the 6 orders of a, b, c and one of the two bracketings, so the
    // 10 000 cases cover every order about 800 times each.
    await propertyCheck(
      count: Self.lawCases, input: ReplicationGen.replicas, Gen.int(in: 0...5), Gen.bool
    ) { sample, orderIndex, foldLeft in
      let order = Self.orders[orderIndex]
      let replicas = [sample.a, sample.b, sample.c]
      let (first, second, third) = (replicas[order[0]], replicas[order[1]], replicas[order[2]])
      let union =
        foldLeft
        ? try first.merging(second).merging(third) : try first.merging(second.merging(third))
      let removed = ReplicationModel.removedIDs(union.events)
      #expect(removed.allSatisfy { union.isRemoved($0) })
      // The live adds are exactly the adds that no removal targets (so none is targeted) …
      #expect(union.liveAdds.map(\.id) == ReplicationModel.liveAddIDs(union.events))
      #expect(!union.liveExpenses.contains { removed.contains($0.id) })
      // … and a removed toggle never decides a step.
      #expect(union.stepCompletions == ReplicationModel.completions(union.events))
    }
  }

  static let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
}
