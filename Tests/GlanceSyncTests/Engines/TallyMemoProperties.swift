import Foundation
import GlanceKernel
@testable import GlanceSync
import GlanceTestSupport
import Testing

/// The tally engines' memos against the plain recomputation: the phone's digest folded from its
/// log's change feed is the digest `TallyDigest.making` slices from the whole log.
@Suite("Tally engine memos")
struct TallyMemoProperties {
  static let origin: Int64 = 1_773_907_200_000  // 2026-03-19T08:00Z
  static let zurich: ZoneCalendar = {
    do { return try ZoneCalendar(identifier: "Europe/Zurich") } catch { preconditionFailure("\(error)") }
  }()

  static func id(_ number: Int) -> EventID {
    EventID(UUID(uuid: (9, UInt8(number / 256), UInt8(number % 256), 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)))
  }

  /// 160 events over six days, in a shuffled order: adds, tombstones of earlier or later events
  /// (tombstones included), and tombstones of events never drawn.
  static func drawnEvents(_ random: inout GlanceTestSupport.SplitMix64) -> [Event] {
    var drawn: [Event] = []
    for number in 0..<160 {
      let instant = Instant(millisecondsSince1970: origin + Int64(random.below(6 * 24 * 60)) * 60_000)
      let kind: EventKind
      switch random.below(10) {
      case 0, 1: kind = drawn.isEmpty ? .add : .remove(target: drawn[random.below(drawn.count)].id)
      case 2: kind = .remove(target: Self.id(number + 1 + random.below(60)))
      default: kind = .add
      }
      drawn.append(Event(id: Self.id(number), kind: kind, instant: instant, origin: .app))
    }
    for index in drawn.indices.reversed() { drawn.swapAt(index, random.below(index + 1)) }
    return drawn
  }

  @Test("after every write, at a clock that mostly moves on, the folded digest is the sliced one")
  func foldEqualsMaking() throws {
    var sawEarlyTombstone = false
    var sawTrim = false
    for seed in UInt64(1)...40 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      let log = FeedLog()
      log.keepsFeed = seed % 5 != 0
      let fold = TallyDigestFold()
      // Some runs hold more than the channel: the digest is trimmed.
      let bytesMax = seed % 4 == 0 ? 1_200 : PeerChannel.applicationContext.payloadBytesMax
      let drawn = Self.drawnEvents(&random)
      var now = Instant(millisecondsSince1970: Self.origin + 24 * 3_600_000)
      var next = 0
      while next < drawn.count {
        let batch = min(drawn.count - next, 1 + random.below(3))
        _ = try log.receive(Array(drawn[next..<(next + batch)]))
        next += batch
        // Forward by up to five hours, sometimes not at all, now and then back (a clock set back).
        now = now.advanced(by: random.below(10) == 0 ? -Int64(random.below(300)) * 60_000 : Int64(random.below(300)) * 60_000)
        let plain = try TallyDigest.making(of: log, at: now, bytesMax: bytesMax)
        #expect(try fold.digest(of: log, at: now, bytesMax: bytesMax) == plain, "seed \(seed), \(next) events")
        sawTrim = sawTrim || plain.from > now.advanced(by: -TallyDigest.windowMilliseconds)
        sawEarlyTombstone =
          sawEarlyTombstone
          || plain.events.contains { event in
            if case .remove = event.kind { return event.instant < plain.from }
            return false
          }
      }
    }
    #expect(sawEarlyTombstone, "the premise: tombstones dated before the window, kept for their targets")
    #expect(sawTrim, "the premise: digests trimmed to fit")
  }
}
