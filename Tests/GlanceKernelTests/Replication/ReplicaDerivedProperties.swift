@testable import GlanceKernel
import GlanceTestSupport
import PropertyBased
import Testing

/// The replica's derived views against their definitions read naively: an event is live when no
/// `remove` in the replica targets it, asked of the whole replica (`contains`, no sorting, no
/// merge walk), and each view is a filter of the events in id order.
@Suite("Replica derived views")
struct ReplicaDerivedProperties {
  /// Whether some `remove` of `events` targets `id`, by looking at each event.
  static func isTargeted(_ id: EventID, in events: [Event]) -> Bool {
    events.contains { event in
      if case .remove(let target) = event.kind { return target == id }
      return false
    }
  }

  @Test("live adds, expenses, the tally and the expense amounts are the naive filters of the events")
  func viewsAreNaiveFilters() async throws {
    await propertyCheck(count: 2_000, input: ReplicationGen.replicas) { sample in
      for replica in [sample.a, sample.b, try sample.a.merging(sample.b)] {
        let events = replica.events
        let live = events.filter { !Self.isTargeted($0.id, in: events) }
        let adds = live.filter { if case .add = $0.kind { true } else { false } }
        let expenses = live.filter { if case .expense = $0.kind { true } else { false } }
        #expect(replica.liveAdds == adds)
        #expect(replica.tally == Tally(instants: adds.map(\.instant)))
        #expect(replica.liveExpenses == expenses)
        let amounts = replica.liveExpenseAmounts
        #expect(amounts.map(\.instant) == expenses.map(\.instant))
        #expect(
          amounts.map(\.amount)
            == expenses.map { event -> Money in
              guard case .expense(let amount, _) = event.kind else { preconditionFailure("filtered on expenses") }
              return amount
            })
        let targets = events.compactMap { event -> EventID? in
          if case .remove(let target) = event.kind { return target }
          return nil
        }
        #expect(replica.removalTargets == targets.sorted())
      }
    }
  }

  @Test("a removal cursor asked in id order answers as a lookup in the targets")
  func removalCursorIsALookup() async throws {
    await propertyCheck(count: 2_000, input: ReplicationGen.replicas) { sample in
      let replica = try sample.a.merging(sample.b)
      // Ask about every pool id (dangling targets included), in increasing order.
      let asked = (sample.pool.map(\.id) + replica.removalTargets).sorted()
      var cursor = RemovalCursor(targets: replica.removalTargets)
      for id in asked {
        #expect(cursor.removes(id) == Self.isTargeted(id, in: replica.events), "id \(id)")
      }
    }
  }
}
