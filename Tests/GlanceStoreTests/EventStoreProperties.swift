import Foundation
import GlanceKernel
import GlanceStore
import PropertyBased
import Testing

/// The store's laws against the kernel: whatever writes reach it, in any order and with any
/// repeats, it holds the kernel's replica of them and counts what the kernel counts.
@Suite("Event store properties")
struct EventStoreProperties {
  @Test("any writes, with repeats, in any order: the store holds Replica(events:) and counts as the kernel does")
  func storeAgreesWithKernel() async throws {
    let directory = try TemporaryDirectory("properties-agree")
    defer { directory.remove() }
    var caseNumber = 0
    await propertyCheck(count: 150, input: StoreGen.cases) { sample in
      caseNumber += 1
      let store = try EventStore(at: directory.file("case-\(caseNumber).sqlite"), check: .quick)
      var model = StoreModel()
      for write in sample.writes {
        let expected = try model.apply(write)
        switch write {
        case .record(let event):
          #expect(try store.record(event) == (expected == 1), "\(write)")
        case .intent(let event):
          let snapshot = try store.record(event, snapshotAt: event.instant, in: sample.calendar)
          #expect(snapshot == TallySnapshot(tally: model.replica.tally, asOf: event.instant, calendar: sample.calendar))
        case .receive(let events):
          #expect(try store.receive(events) == expected, "\(write)")
        }
      }
      let kernel = try Replica(events: sample.written)
      #expect(kernel == model.replica)
      #expect(try store.replica() == kernel)
      #expect(try store.eventCount() == kernel.count)
      #expect(try store.outbox() == model.outbox)
      for instant in sample.instants {
        let today = sample.calendar.date(containing: instant)
        #expect(try store.todayCount(at: instant, in: sample.calendar) == kernel.count(on: today, in: sample.calendar))
        let snapshot = TallySnapshot(tally: kernel.tally, asOf: instant, calendar: sample.calendar)
        #expect(try store.tallySnapshot(at: instant, in: sample.calendar) == snapshot)
        // The indexed slices are the kernel's slices: a day, and everything from an instant on.
        let day = sample.calendar.dayInterval(containing: instant)
        #expect(try store.replica(in: day.start..<day.end) == kernel.slice(day.start..<day.end))
        let since = instant..<Instant(millisecondsSince1970: .max)
        #expect(try store.replica(in: since) == kernel.slice(since))
      }
    }
  }

  @Test("every field of every event survives the database exactly (any id, any Int64 instant, huge amounts)")
  func eventsRoundTrip() async throws {
    let directory = try TemporaryDirectory("properties-round-trip")
    defer { directory.remove() }
    var caseNumber = 0
    await propertyCheck(count: 150, input: StoreGen.anyEvents) { events in
      caseNumber += 1
      let url = directory.file("case-\(caseNumber).sqlite")
      do {
        let store = try EventStore(at: url, check: .skipped)
        #expect(try store.receive(events) == events.count)
      }
      // Read back through a new connection: nothing comes from a cache.
      let reopened = try EventStore(at: url, check: .full)
      #expect(try reopened.replica() == Replica(events: events))
    }
  }

  @Test("at most once per id: a conflicting event anywhere in a batch rolls the whole batch back")
  func conflictRollsBackTheBatch() async throws {
    let directory = try TemporaryDirectory("properties-conflict")
    defer { directory.remove() }
    var caseNumber = 0
    await propertyCheck(count: 100, input: StoreGen.cases, Gen.int(in: 0...1000)) { sample, position in
      caseNumber += 1
      let store = try EventStore(at: directory.file("case-\(caseNumber).sqlite"), check: .skipped)
      let stored = try Replica(events: Array(sample.pool.prefix(StoreGen.poolSize / 2)))
      try store.receive(stored.events)
      // A forged twin of a stored event: same id, another instant.
      let original = stored.events[position % stored.count]
      let forged = Event(
        id: original.id, kind: original.kind, instant: original.instant.advanced(by: 1), origin: original.origin)
      var batch = Array(sample.pool.suffix(StoreGen.poolSize / 2))
      batch.insert(forged, at: position % (batch.count + 1))
      #expect(throws: StoreError.conflictingEvent(id: original.id, existing: original, incoming: forged, path: store.url.path)) {
        try store.receive(batch)
      }
      #expect(try store.replica() == stored)
      #expect(throws: StoreError.conflictingEvent(id: original.id, existing: original, incoming: forged, path: store.url.path)) {
        try store.record(forged)
      }
      #expect(try store.outboxCount() == 0)
    }
  }
}
