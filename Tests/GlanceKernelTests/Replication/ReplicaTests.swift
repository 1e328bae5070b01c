import Foundation
import GlanceKernel
import Testing

private typealias F = ProgressFixture

@Suite("Replica")
struct ReplicaTests {
  static let t0 = Instant(millisecondsSince1970: 1_715_760_000_000)  // 2024-05-15T08:00Z

  static func event(
    _ number: Int, _ kind: EventKind, hours: Int64 = 0, origin: Origin = .app
  ) -> Event {
    Event(
      id: F.event(number), kind: kind, instant: t0.advanced(by: hours * Instant.millisecondsPerHour),
      origin: origin)
  }

  @Test("a conflicting id throws, naming both versions, and leaves the replica unchanged")
  func conflictingInsert() throws {
    var replica = try Replica(events: [Self.event(1, .add), Self.event(2, .add, hours: 1)])
    let before = replica
    let forged = Self.event(1, .add, hours: 5, origin: .watch)
    let expected = ReplicationError.conflictingEvent(id: F.event(1), existing: Self.event(1, .add), incoming: forged)
    #expect(throws: expected) { try replica.insert(forged) }
    #expect(replica == before)
    #expect(expected.description.contains(F.event(1).description))
    #expect(expected.description.contains("watch"))
  }

  @Test("a conflicting merge throws and leaves self unchanged; init reports the first as existing")
  func conflictingMerge() throws {
    var phone = try Replica(events: [Self.event(1, .add), Self.event(3, .add)])
    let before = phone
    let watch = try Replica(events: [Self.event(2, .add), Self.event(3, .add, origin: .watch)])
    do throws(ReplicationError) {
      try phone.merge(watch)
      Issue.record("merge did not throw")
    } catch {
      #expect(error == .conflictingEvent(id: F.event(3), existing: Self.event(3, .add), incoming: Self.event(3, .add, origin: .watch)))
    }
    #expect(phone == before)
    #expect(throws: ReplicationError.self) { try watch.merging(before) }
    let first = Self.event(4, .add)
    let second = Self.event(4, .remove(target: F.event(1)))
    #expect(throws: ReplicationError.conflictingEvent(id: F.event(4), existing: first, incoming: second)) {
      try Replica(events: [Self.event(9, .add), first, Self.event(5, .add), second])
    }
  }

  @Test("re-inserting the identical event is a no-op (at-least-once delivery)")
  func insertIsIdempotent() throws {
    var replica = Replica()
    let tap = Self.event(7, .add, origin: .widgetIntent)
    try replica.insert(tap)
    try replica.insert(tap)
    try replica.merge(replica)
    #expect(replica.count == 1)
    #expect(replica.contains(F.event(7)))
    #expect(!replica.contains(F.event(8)))
    #expect(replica.event(withID: F.event(7)) == tap)
    #expect(try Replica(events: [tap, tap, tap]) == replica)
  }

  @Test("events are kept in id order whatever the insertion order")
  func eventsAreSortedByID() throws {
    var replica = Replica()
    for number in [5, 1, 4, 2, 3] { try replica.insert(Self.event(number, .add)) }
    #expect(replica.events.map(\.id) == (1...5).map(F.event))
  }

  @Test("removal wins whatever the order of arrival, and a dangling tombstone waits for its target")
  func removalWins() throws {
    let add = Self.event(1, .add)
    let remove = Self.event(2, .remove(target: F.event(1)))
    var tombstoneFirst = Replica()
    try tombstoneFirst.insert(remove)
    #expect(tombstoneFirst.isRemoved(F.event(1)))
    try tombstoneFirst.insert(add)
    var addFirst = Replica()
    try addFirst.insert(add)
    #expect(addFirst.liveAdds == [add])
    try addFirst.insert(remove)
    #expect(tombstoneFirst == addFirst)
    #expect(addFirst.liveAdds.isEmpty)
    #expect(addFirst.tally.totalCount == 0)
    #expect(!addFirst.isRemoved(F.event(2)))
  }

  @Test("a removal of a removal is ignored: the first removal still holds")
  func removalOfRemovalIsIgnored() throws {
    let replica = try Replica(events: [
      Self.event(1, .add), Self.event(2, .remove(target: F.event(1))),
      Self.event(3, .remove(target: F.event(2))), Self.event(4, .add, hours: 1),
      Self.event(5, .remove(target: F.event(5))),  // targets itself: no effect either
    ])
    #expect(replica.isRemoved(F.event(1)))
    #expect(replica.isRemoved(F.event(2)))  // a tombstone exists for it …
    #expect(replica.liveAdds.map(\.id) == [F.event(4)])  // … but event 1 stays removed
    #expect(replica.tally.totalCount == 1)
  }

  @Test("step completions: the latest toggle by (instant, id) decides; removed toggles are ignored")
  func stepCompletions() throws {
    let step = F.step(1)
    let complete = Self.event(10, .complete(step: step), hours: 0)
    let uncomplete = Self.event(11, .uncomplete(step: step), hours: 1)
    let recomplete = Self.event(12, .complete(step: step), hours: 50)
    var replica = try Replica(events: [complete])
    #expect(replica.stepCompletions == [step: complete.instant])
    try replica.insert(uncomplete)
    #expect(replica.stepCompletions.isEmpty)  // BabySteps: un-completing clears completedAt
    try replica.insert(recomplete)
    #expect(replica.stepCompletions == [step: recomplete.instant])  // counts on the new day only
    try replica.insert(Self.event(13, .remove(target: recomplete.id)))
    #expect(replica.stepCompletions.isEmpty)  // falls back to the uncomplete
    // A tie on the instant is broken by id: the larger id is later.
    let tieComplete = Self.event(21, .complete(step: F.step(2)), hours: 3)
    let tieUncomplete = Self.event(20, .uncomplete(step: F.step(2)), hours: 3)
    let tied = try Replica(events: [tieUncomplete, tieComplete])
    #expect(tied.stepCompletions == [F.step(2): tieComplete.instant])
  }

  @Test("step progress from a replica: orphans ignored, duplicates rejected")
  func stepProgress() throws {
    let zurich = try F.zone("Europe/Zurich")
    let replica = try Replica(events: [
      Self.event(1, .complete(step: F.step(0))), Self.event(2, .complete(step: F.step(1))),
      Self.event(3, .complete(step: F.step(99))),  // a step of a deleted task
    ])
    let progress = try replica.stepProgress(tasks: [F.task(1, order: 0, steps: 0..<2), F.task(2, order: 1, steps: 2..<4)])
    #expect(progress.completedToday(at: Self.t0, in: zurich) == 2)
    #expect(progress.completedTasks == 1)
    #expect(progress.totalSteps == 4)
    #expect(throws: ProgressError.duplicateTask(F.task(1))) {
      try replica.stepProgress(tasks: [F.task(1, order: 0, steps: 0..<1), F.task(1, order: 0, steps: 1..<2)])
    }
  }

  @Test("count(on:) counts live adds on a local date and equals the tally's count")
  func countOnDate() throws {
    let zurich = try F.zone("Europe/Zurich")
    let replica = try Replica(events: [
      Self.event(1, .add),  // 10:00 CEST
      Self.event(2, .add, hours: 14).advanced(by: -1),  // 23:59:59.999 CEST, still the 15th
      Self.event(3, .add, hours: 14),  // 00:00 CEST on the 16th
      Self.event(4, .add, hours: 1), Self.event(5, .remove(target: F.event(4))),
      Self.event(6, .expense(amount: Money(minorUnits: 1250, currency: .chf), note: "Café")),
    ])
    let date = try F.date(2024, 5, 15)
    #expect(replica.count(on: date, in: zurich) == 2)
    #expect(replica.count(on: date, in: zurich) == replica.tally.count(on: date, in: zurich))
    #expect(replica.count(on: date.adding(days: 1), in: zurich) == 1)
    #expect(replica.liveExpenses.map(\.id) == [F.event(6)])
  }

  @Test("Codable: round-trips; decoding accepts any order and rejects conflicting ids")
  func codable() throws {
    let replica = try Replica(events: [
      Self.event(2, .add, origin: .watch), Self.event(1, .remove(target: F.event(2))),
      Self.event(3, .complete(step: F.step(1))), Self.event(4, .uncomplete(step: F.step(1))),
      Self.event(5, .expense(amount: Money(minorUnits: -50, currency: .eur), note: "refund")),
    ])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(replica)
    #expect(try JSONDecoder().decode(Replica.self, from: data) == replica)
    let reversedEvents = Data(try encoder.encode(["events": replica.events.reversed()]))
    #expect(try JSONDecoder().decode(Replica.self, from: reversedEvents) == replica)
    let conflicting = try encoder.encode(["events": [Self.event(1, .add), Self.event(1, .add, hours: 1)]])
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Replica.self, from: conflicting) }
  }
}

extension Event {
  /// The same event, `milliseconds` later (for examples at the edge of a day).
  func advanced(by milliseconds: Int64) -> Event {
    Event(id: id, kind: kind, instant: instant.advanced(by: milliseconds), origin: origin)
  }
}

@Suite("Replication identifiers")
struct ReplicationIdentifierTests {
  @Test("ids order by their bytes, which is the order of their canonical text")
  func idOrder() {
    let low = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF))
    let high = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0))
    #expect(EventID(low) < EventID(high))
    #expect(StepID(low) < StepID(high))
    #expect(TaskID(low) < TaskID(high))
    #expect(!(EventID(high) < EventID(high)))
    #expect(EventID(low).description == low.uuidString)
  }

  @Test("origins order app < widgetIntent < watch")
  func originOrder() {
    #expect(Origin.allCases.sorted() == [.app, .widgetIntent, .watch])
  }
}
