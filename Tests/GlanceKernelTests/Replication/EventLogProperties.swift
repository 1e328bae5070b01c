import GlanceKernel
import PropertyBased
import Testing

/// The laws of ``EventLog`` on the kernel's own conformer, and the slice law every conformer's
/// `replica(in:)` must meet (GlanceStore's SQLite store is checked against these same laws).
@Suite("Event log properties")
struct EventLogProperties {
  /// A window of `hours` hours starting `startHour` hours after the generators' base instant
  /// (their events spread ±72 h around it).
  static func window(startHour: Int, hours: Int) -> Range<Instant> {
    let start = ReplicationGen.base.advanced(by: Int64(startHour) * Instant.millisecondsPerHour)
    return start..<start.advanced(by: Int64(hours) * Instant.millisecondsPerHour)
  }

  @Test("a slice keeps exactly the live adds inside the window, and the completions since its start")
  func sliceAgreesWithTheWhole() async throws {
    await propertyCheck(
      count: 2_000, input: ReplicationGen.replicas, Gen.int(in: -80...80), Gen.int(in: 0...30)
    ) { sample, startHour, hours in
      let whole = try sample.a.merging(sample.b).merging(sample.c)
      let window = Self.window(startHour: startHour, hours: hours)
      let slice = whole.slice(window)
      #expect(slice.liveAdds == whole.liveAdds.filter { window.contains($0.instant) })
      // Every event of the slice is the whole's, and every whole event inside the window is kept.
      #expect(slice.events.allSatisfy { whole.event(withID: $0.id) == $0 })
      #expect(whole.events.filter { window.contains($0.instant) }.allSatisfy { slice.contains($0.id) })
      let since = window.lowerBound..<Instant(millisecondsSince1970: .max)
      #expect(whole.slice(since).stepCompletions == whole.stepCompletions.filter { $0.value >= window.lowerBound })
      #expect(whole.replica(in: window) == slice)
    }
  }

  @Test("record and receive are insert: new once, then no-ops; receive is all or nothing")
  func recordAndReceiveAreInsert() async throws {
    await propertyCheck(count: 1_000, input: ReplicationGen.replicas) { sample in
      var log = Replica()
      var newOnes = 0
      for event in sample.a.events where try log.record(event) { newOnes += 1 }
      #expect(newOnes == sample.a.count)
      let again = try log.receive(sample.a.events + sample.a.events)
      #expect(again == 0)
      let fresh = try log.receive(sample.b.events)
      let union = try sample.a.merging(sample.b)
      #expect(fresh == union.count - sample.a.count)
      #expect(log.replica() == union)
    }
  }

  @Test("a batch with a conflicting id changes nothing")
  func receiveIsAllOrNothing() throws {
    let base = ReplicationGen.base
    let first = Event(id: ReplicationGen.eventIDs[0], kind: .add, instant: base, origin: .watch)
    let second = Event(id: ReplicationGen.eventIDs[1], kind: .add, instant: base, origin: .watch)
    let clash = Event(id: first.id, kind: .add, instant: base.advanced(by: 1), origin: .watch)
    var log = Replica()
    try log.record(first)
    #expect(throws: ReplicationError.self) { try log.receive([second, clash]) }
    #expect(log.replica() == (try Replica(events: [first])))
  }
}
