import Foundation
import GlanceKernel
@testable import GlanceSimulation
import GlanceTestSupport
import Testing

/// The windowed audit of a whole store equals the full merge after every change, whatever the
/// change: the reference here is a merge written independently, by counting each key.
@Suite("Store audit window")
struct StoreAuditWindowTests {
  /// The record an instant names (the id made from the instant, as a store naming records by
  /// instant resolves them).
  static func record(_ minute: Int) -> Record {
    Record(
      id: EventID(UUID(uuid: (UInt8(minute % 251), UInt8(minute / 251), 0x5A, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))),
      instant: Instant(millisecondsSince1970: Int64(minute) * 60_000))
  }

  /// The reference: per key, how often the store holds it against whether it is live. A live
  /// key held nowhere is missing (but for even minutes once the store moved away, the part a
  /// move may lose); every holding beyond the one a live key accounts for is extra.
  static func reference(_ held: [Instant], _ live: [Record], movedAway: Bool) -> (missing: [Record], extra: [Record]) {
    var holdings: [Instant: Int] = [:]
    for key in held { holdings[key, default: 0] += 1 }
    let liveKeys = Set(live.map(\.instant))
    let keys = Set(held).union(liveKeys).sorted()
    var missing: [Record] = []
    var extra: [Record] = []
    for key in keys {
      let minute = Int(key.millisecondsSince1970 / 60_000)
      let count = holdings[key] ?? 0
      let isLive = liveKeys.contains(key)
      if isLive, count == 0, !(movedAway && minute % 2 == 0) { missing.append(record(minute)) }
      let surplus = count - (isLive ? 1 : 0)
      if surplus > 0 { extra += Array(repeating: record(minute), count: surplus) }
    }
    return (missing, extra)
  }

  /// One random change: a key held (again) or dropped, a record made live or taken out, or the
  /// store move flag flipped; several at once now and then.
  /// Returns the records that became or stopped being live.
  static func change(
    _ held: inout [Instant], _ live: inout [Record], _ movedAway: inout Bool, _ random: inout GlanceTestSupport.SplitMix64
  ) -> [Record] {
    var changed: [Record] = []
    for _ in 0...(random.below(4) == 0 ? 3 : 0) {
      let minute = random.below(120)
      let instant = Instant(millisecondsSince1970: Int64(minute) * 60_000)
      switch random.below(9) {
      case 0, 1, 2: held.insert(instant, at: held.partitionIndex { $0 > instant })
      case 3, 4: if !held.isEmpty { held.remove(at: random.below(held.count)) }
      case 5, 6:
        if !live.contains(record(minute)) {
          live.insert(record(minute), at: live.partitionIndex { $0.instant > instant })
          changed.append(record(minute))
        }
      case 7: if !live.isEmpty { changed.append(live.remove(at: random.below(live.count))) }
      default: if random.below(10) == 0 { movedAway.toggle() }
      }
    }
    return changed
  }

  @Test("after every change, the windowed audit equals the full merge", arguments: [1 as UInt64, 2, 3, 4, 5])
  func windowedEqualsFull(seed: UInt64) {
    var random = GlanceTestSupport.SplitMix64(seed: seed)
    var (held, live, movedAway) = ([Instant](), [Record](), false)
    var window: StoreAuditWindow<Instant>? = nil
    var (merged, full) = (0, 0)
    for _ in 0..<600 {
      let changed = Self.change(&held, &live, &movedAway, &random)
      // Now and then the changes are not known: the audit must merge everything.
      let known = random.below(20) == 0 ? nil : changed
      let audit = StoreAuditWindow.audit(
        given: held, held: held, live: live, liveChanges: known, key: \.instant, movedAway: movedAway, previous: window
      ) {
        merged += $0.count + $1.count
        return Self.reference($0, $1, movedAway: movedAway)
      }
      full += held.count + live.count
      let expected = Self.reference(held, live, movedAway: movedAway)
      #expect(audit.missing == expected.missing)
      #expect(audit.extra == expected.extra)
      window = audit
    }
    // The point of the window: far less merged than the whole store each time.
    #expect(merged * 4 < full, "merged \(merged) of \(full)")
  }

  @Test("an audit with nothing changed merges nothing; one with the flag flipped or the changes unknown merges everything")
  func unchangedAndFlipped() {
    let held = [3, 5, 5, 9].map { Instant(millisecondsSince1970: Int64($0) * 60_000) }
    let live = [2, 3, 9].map { Self.record($0) }
    let first = StoreAuditWindow.audit(
      given: held, held: held, live: live, liveChanges: [], key: \.instant, movedAway: false, previous: nil
    ) {
      Self.reference($0, $1, movedAway: false)
    }
    #expect(first.missing == [Self.record(2)])
    #expect(first.extra == [Self.record(5), Self.record(5)])
    var calls = 0
    let again = StoreAuditWindow.audit(
      given: held, held: held, live: live, liveChanges: [], key: \.instant, movedAway: false, previous: first
    ) {
      calls += 1
      return Self.reference($0, $1, movedAway: false)
    }
    #expect(calls == 0)
    #expect(again.missing == first.missing && again.extra == first.extra)
    let moved = StoreAuditWindow.audit(
      given: held, held: held, live: live, liveChanges: [], key: \.instant, movedAway: true, previous: first
    ) {
      calls += 1
      #expect($0 == held && $1 == live)
      return Self.reference($0, $1, movedAway: true)
    }
    #expect(calls == 1)
    #expect(moved.missing.isEmpty)
    let unknown = StoreAuditWindow.audit(
      given: held, held: held, live: live, liveChanges: nil, key: \.instant, movedAway: false, previous: first
    ) {
      calls += 1
      #expect($0 == held && $1 == live)
      return Self.reference($0, $1, movedAway: false)
    }
    #expect(calls == 2)
    #expect(unknown.missing == first.missing)
  }
}
