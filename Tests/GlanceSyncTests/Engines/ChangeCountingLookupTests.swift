import Foundation
import GlanceKernel
@testable import GlanceSync
import Testing

/// `ChangeCountingLookup` hands out what `log as? any ChangeCountingEventLog` gives: the live
/// view of the very object asked about (kept per object), and for a value the value as it is now.
@Suite("Change-counting lookup")
struct ChangeCountingLookupTests: NumberedIDs {
  /// A log held by value that counts its changes: each copy counts its own.
  struct ValueLog: ChangeCountingEventLog {
    var events = Replica()
    var changeCount = 0
    mutating func record(_ event: Event) throws -> Bool { try receive([event]) == 1 }
    mutating func receive(_ incoming: [Event]) throws -> Int {
      var added = 0
      for event in incoming where try events.record(event) { added += 1 }
      if added > 0 { changeCount += 1 }
      return added
    }
    func replica() -> Replica { events }
    func replica(in instants: Range<Instant>) -> Replica { events.slice(instants) }
  }

  static func add(_ number: Int) -> Event {
    Event(id: EventID(uuid(9, number)), kind: .add, instant: Instant(millisecondsSince1970: Int64(number) * 1_000), origin: .app)
  }

  @Test("a class log's view is of the object asked about, and follows its writes")
  func classLogs() throws {
    let lookup = ChangeCountingLookup()
    let (first, second) = (FeedLog(), FeedLog())
    _ = try second.record(Self.add(1))
    for round in 0..<3 {
      // Alternating objects: each answer is the one asked about, never the one kept before.
      let a = try #require(lookup.view(of: first))
      #expect(a.logIdentity == ObjectIdentifier(first))
      #expect(a.changeCount == first.changeCount)
      let b = try #require(lookup.view(of: second))
      #expect(b.logIdentity == ObjectIdentifier(second))
      #expect(b.changeCount == second.changeCount)
      _ = try first.record(Self.add(10 + round))
      // Asked again about the same object after a write: the kept view sees the write.
      #expect(lookup.view(of: first)?.changeCount == first.changeCount)
    }
    #expect(first.changeCount == 3)
  }

  @Test("a log that does not count its changes has no view")
  func uncountedLogs() {
    let lookup = ChangeCountingLookup()
    let flaky = FlakyLog()
    #expect(lookup.view(of: flaky) == nil)
    #expect(lookup.view(of: flaky) == nil)
    #expect(lookup.view(of: FeedLog()) != nil)
    #expect(lookup.view(of: Replica()) == nil)
  }

  @Test("a value log is seen as it is now, not as it was when first asked about")
  func valueLogs() throws {
    let lookup = ChangeCountingLookup()
    var log = ValueLog()
    for number in 0..<4 {
      #expect(lookup.view(of: log)?.changeCount == number)
      _ = try log.record(Self.add(number))
    }
  }
}
