import Foundation
import GlanceKernel
@testable import GlanceSync
import GlanceTestSupport
import Testing

/// The tally engines' memos against the plain recomputation: the phone's digest folded from its
/// log's change feed is the digest `TallyDigest.making` slices from the whole log, and the watch,
/// which writes only what the last digest did not hold, ends with the log and the badge that
/// writing every digest whole gives.
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

  @Test("the events of a digest the last one did not hold are what a set difference gives")
  func eventsNotHeldAreTheDifference() {
    var random = GlanceTestSupport.SplitMix64(seed: 11)
    for _ in 0..<200 {
      // Two id-ordered lists from one pool, where an id may carry another event (a conflict).
      func draw(_ random: inout GlanceTestSupport.SplitMix64) -> [Event] {
        (0..<40).filter { _ in random.below(2) == 0 }.map { number in
          let kind: EventKind = random.below(8) == 0 ? .remove(target: Self.id(number + 1)) : .add
          let instant = Instant(millisecondsSince1970: Self.origin + Int64(random.below(2)))
          return Event(id: Self.id(number), kind: kind, instant: instant, origin: random.below(6) == 0 ? .watch : .app)
        }
      }
      let events = draw(&random)
      let held = draw(&random)
      #expect(TallyWatch<FeedLog>.events(of: events, notIn: held) == events.filter { !held.contains($0) })
    }
  }

  @Test("a watch fed digests in any order ends with the log and badge of merging every digest whole")
  func watchMergesWhatItLacks() throws {
    let settings = TallySettings(dailyLimit: 10, streakLimit: 30)
    for seed in UInt64(1)...20 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      let phone = FeedLog()
      var digests: [[UInt8]] = []
      for event in Self.drawnEvents(&random) {
        _ = try phone.receive([event])
        let now = Instant(millisecondsSince1970: Self.origin + Int64(random.below(6 * 24)) * 3_600_000)
        digests.append(PeerMessage.tallyDigest(try TallyDigest.making(of: phone, at: now)).encoded())
      }
      let log = FeedLog()
      log.keepsFeed = seed % 3 != 0
      var watch = TallyWatch(log: log, settings: settings, link: RecordingPorts())
      var whole = Replica()
      for _ in 0..<60 {
        let payload = digests[random.below(digests.count)]
        try watch.received(payload)
        guard case .tallyDigest(let digest) = try PeerMessage(decoding: payload) else { preconditionFailure("a digest") }
        _ = try whole.receive(digest.events)
        #expect(log.replica() == whole, "seed \(seed)")
        let now = Instant(millisecondsSince1970: Self.origin + Int64(random.below(6 * 24)) * 3_600_000)
        let today = Self.zurich.dayInterval(containing: now)
        let expected = whole.slice(today.start..<today.end).liveAdds.count
        #expect(try watch.badge(at: now, in: Self.zurich).count == expected, "seed \(seed)")
      }
    }
  }

  @Test("a widget provider kept over a store plans the timeline planned afresh from today's slice")
  func providerEqualsStatic() throws {
    let settings = TallySettings(dailyLimit: 3, streakLimit: 30)
    for seed in UInt64(1)...20 {
      var random = GlanceTestSupport.SplitMix64(seed: seed)
      let log = FeedLog()
      log.keepsFeed = seed % 4 != 0
      let provider = try TallyWidget(settings: settings, refreshBudget: 40 + random.below(33))
      for event in Self.drawnEvents(&random) {
        _ = try log.receive([event])
        let now = Instant(millisecondsSince1970: Self.origin + Int64(random.below(6 * 24 * 60)) * 60_000)
        let plain = try TallyWidget.timeline(
          of: log, settings: settings, refreshBudget: provider.refreshBudget, at: now, in: Self.zurich)
        #expect(try provider.timeline(of: log, at: now, in: Self.zurich) == plain, "seed \(seed)")
      }
    }
  }

  @Test("a widget provider refuses a budget outside 40…72")
  func providerRefusesBadBudgets() {
    let settings = TallySettings(dailyLimit: 3, streakLimit: 30)
    #expect(throws: RefreshBudgetError.limitOutOfRange(39)) { try TallyWidget(settings: settings, refreshBudget: 39) }
    #expect(throws: RefreshBudgetError.limitOutOfRange(73)) { try TallyWidget(settings: settings, refreshBudget: 73) }
  }
}
