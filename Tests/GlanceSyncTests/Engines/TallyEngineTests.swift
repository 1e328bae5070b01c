import Foundation
import GlanceKernel
import GlanceSync
import GlanceTestSupport
import Testing

/// The tally's engines over recording ports: what travels, and what each side shows.
@Suite("Tally engines")
struct TallyEngineTests {
  static let settings = TallySettings(dailyLimit: 10, streakLimit: 30)
  static let zurich: ZoneCalendar = {
    do { return try ZoneCalendar(identifier: "Europe/Zurich") } catch { preconditionFailure("\(error)") }
  }()
  /// 2026-03-19T08:00Z.
  static let morning = Instant(millisecondsSince1970: 1_773_907_200_000)

  static func id(_ number: Int) -> EventID {
    EventID(
      UUID(uuid: (UInt8(number & 0xFF), UInt8((number >> 8) & 0xFF), UInt8(number >> 16), 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 2)))
  }

  @Test("digests merged in any order, any number of times, give the watch the same badge")
  func digestsCommute() throws {
    let ports = RecordingPorts()
    var phone = try TallyPhone(log: Replica(), settings: Self.settings, refreshBudget: 70, link: ports, reloader: ports, wakes: ports)
    for tap in 0..<6 { try phone.tap(id: Self.id(tap), at: Self.morning.advanced(by: Int64(tap) * 60_000)) }
    try phone.delete(Self.id(2), id: Self.id(100), at: Self.morning.advanced(by: 600_000))
    let digests = ports.take(.applicationContext)
    #expect(digests.count == 7, "one digest per change")
    var random = GlanceTestSupport.SplitMix64(seed: 5)
    var badges: Set<Int> = []
    for _ in 0..<20 {
      var watch = TallyWatch(log: Replica(), settings: Self.settings, link: RecordingPorts())
      for _ in 0..<10 { try watch.received(digests[random.below(digests.count)]) }
      try watch.received(digests[digests.count - 1])  // the latest always arrives (latest wins)
      badges.insert(try watch.badge(at: Self.morning.advanced(by: 700_000), in: Self.zurich).count)
    }
    #expect(badges == [5], "six taps, one deleted")
  }

  @Test("a watch tap delivered twice is merged once, and pushed back in one digest")
  func duplicateDelivery() throws {
    let phonePorts = RecordingPorts()
    let watchPorts = RecordingPorts()
    var phone = try TallyPhone(
      log: Replica(), settings: Self.settings, refreshBudget: 70, link: phonePorts, reloader: phonePorts, wakes: phonePorts)
    var watch = TallyWatch(log: Replica(), settings: Self.settings, link: watchPorts)
    try watch.tap(id: Self.id(1), at: Self.morning)
    let sent = watchPorts.take(.transferUserInfo)
    #expect(sent.count == 1 && sent[0].count == 29, "a tap is 29 bytes: header, id, instant, origin, kind")
    try phone.received(sent[0], at: Self.morning.advanced(by: 1_000), foreground: false)
    try phone.received(sent[0], at: Self.morning.advanced(by: 2_000), foreground: false)
    #expect(phone.log.replica().count == 1)
    #expect(phonePorts.take(.applicationContext).count == 1, "the repeat changed nothing, so nothing is pushed")
  }

  @Test("a digest of 20,000 taps in 48 hours is trimmed to fit the application context, and stays a slice of the log")
  func digestIsBounded() throws {
    let now = Self.morning
    let log = try Replica(
      events: (0..<20_000).map { tap in
        Event(id: Self.id(tap), kind: .add, instant: now.advanced(by: -Int64(tap) * 8_000), origin: .app)
      })
    let digest = try TallyDigest.making(of: log, at: now)
    let bytes = PeerMessage.tallyDigest(digest).encoded()
    #expect(bytes.count <= PeerChannel.applicationContext.payloadBytesMax, "\(bytes.count) bytes")
    #expect(digest.from > now.advanced(by: -TallyDigest.windowMilliseconds), "the window shrank to fit")
    #expect(digest.events == log.slice(digest.from..<Instant(millisecondsSince1970: .max)).events, "a slice of the log")
    #expect(try PeerMessage(decoding: bytes) == .tallyDigest(digest))
    // The watch counts today exactly: today began after the digest's start.
    let today = Self.zurich.dayInterval(containing: now)
    #expect(digest.from <= today.start)
    var watch = TallyWatch(log: Replica(), settings: Self.settings, link: RecordingPorts())
    try watch.received(bytes)
    #expect(try watch.badge(at: now, in: Self.zurich).count == log.slice(today.start..<today.end).liveAdds.count)
  }

  @Test("an ordinary day's digest reaches 48 hours back and is small")
  func ordinaryDigest() throws {
    var log = Replica()
    for tap in 0..<40 {
      _ = try log.record(Event(id: Self.id(tap), kind: .add, instant: Self.morning.advanced(by: -Int64(tap) * 3_600_000), origin: .watch))
    }
    let digest = try TallyDigest.making(of: log, at: Self.morning)
    #expect(digest.from == Self.morning.advanced(by: -TallyDigest.windowMilliseconds))
    #expect(digest.events.count == 40, "forty taps of the last forty hours")
    #expect(digest.events.allSatisfy { $0.instant >= digest.from })
    #expect(PeerMessage.tallyDigest(digest).encodedByteCount < 2_000, "\(PeerMessage.tallyDigest(digest).encodedByteCount) bytes")
  }
}
