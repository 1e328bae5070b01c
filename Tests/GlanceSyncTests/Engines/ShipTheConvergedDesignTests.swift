// swift-format-ignore-file
// (The code blocks of ShipTheConvergedDesign.md are kept here verbatim.)
import Foundation
import GlanceKernel
import GlanceSync
import Testing

// The code of the article "Ship the converged design" (GlanceSync.docc), verbatim: the test
// below checks that every Swift block of the article is in this file, and runs it.

/// The app's side of the tally, as the app delegate (or an `@MainActor` model) keeps it.
final class PhoneSync {
  private(set) var engine: TallyPhone<Replica>

  init(store: Replica, link: any PeerLink, reloader: any WidgetReloader, wakes: any WakeScheduler) throws {
    engine = try TallyPhone(
      log: store, settings: TallySettings(dailyLimit: 10, streakLimit: 30), refreshBudget: 70,
      link: link, reloader: reloader, wakes: wakes)
  }

  /// The "+" in the app, and the widget's "+" intent (which runs in the app's process).
  func tapped(id: EventID, at now: Instant, onWidget: Bool) throws {
    if onWidget { try engine.widgetTap(id: id, at: now) } else { try engine.tap(id: id, at: now) }
  }

  /// Scene phase `.active`; `fromWidget` when the app was opened by the widget's URL.
  func becameActive(at now: Instant, fromWidget: Bool) throws {
    if fromWidget { engine.openedFromWidget(at: now) }
    try engine.becameActive(at: now)
  }

  /// `session(_:didReceiveUserInfo:)`, with the payload `WatchConnectivityLink.payload(of:)` found.
  func received(_ payload: [UInt8], at now: Instant, foreground: Bool) throws {
    try engine.received(payload, at: now, foreground: foreground)
  }

  /// What the app shows.
  func summary(at now: Instant, in zone: ZoneCalendar) throws -> TallySummary {
    try engine.summary(at: now, in: zone)
  }
}

/// What the widget extension's `TimelineProvider.getTimeline` computes.
func tallyTimeline(store: Replica, at now: Instant, in zone: ZoneCalendar) throws -> [(date: Instant, count: Int)] {
  let timeline = try TallyWidget.timeline(of: store, settings: TallySettings(dailyLimit: 10, streakLimit: 30), refreshBudget: 70, at: now, in: zone)
  return timeline.entries.map { ($0.date, $0.model.count) }
}

/// The watch app's side of the tally.
final class WatchSync {
  private(set) var engine: TallyWatch<Replica>

  init(store: Replica, link: any PeerLink) {
    engine = TallyWatch(log: store, settings: TallySettings(dailyLimit: 10, streakLimit: 30), link: link)
  }

  func tapped(id: EventID, at now: Instant) throws { try engine.tap(id: id, at: now) }

  /// `session(_:didReceiveApplicationContext:)`.
  func received(_ payload: [UInt8]) throws { try engine.received(payload) }

  func badge(at now: Instant, in zone: ZoneCalendar) throws -> TallyBadge { try engine.badge(at: now, in: zone) }
}

@Suite("Ship the converged design")
struct ShipTheConvergedDesignTests {
  static let article = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../../../Sources/GlanceSync/GlanceSync.docc/ShipTheConvergedDesign.md")

  /// The article's ```swift blocks (the platform ones are fenced without a language).
  static func swiftBlocks() throws -> [String] {
    let text = try String(contentsOf: article.standardizedFileURL, encoding: .utf8)
    var blocks: [String] = []
    var current: [Substring]? = nil
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current?.joined(separator: "\n") ?? "")
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test("every Swift block of the article is in this file, verbatim")
  func articleIsCompiled() throws {
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let blocks = try Self.swiftBlocks()
    #expect(blocks.count == 3, "the phone, the widget, the watch")
    for block in blocks {
      #expect(source.contains(block), "not compiled: \(block.prefix(80))…")
    }
  }

  @Test("the article's wiring works: a watch tap reaches the phone, the phone's digest the watch, the widget counts both")
  func wiringWorks() throws {
    let zurich = try ZoneCalendar(identifier: "Europe/Zurich")
    let morning = Instant(millisecondsSince1970: 1_773_907_200_000)  // 2026-03-19T08:00Z
    let phonePorts = RecordingPorts()
    let watchPorts = RecordingPorts()
    let phone = try PhoneSync(store: Replica(), link: phonePorts, reloader: phonePorts, wakes: phonePorts)
    let watch = WatchSync(store: Replica(), link: watchPorts)
    func id(_ number: UInt8) -> EventID { EventID(UUID(uuid: (number, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))) }

    try phone.becameActive(at: morning, fromWidget: false)
    try phone.tapped(id: id(1), at: morning.advanced(by: 1_000), onWidget: false)
    try phone.tapped(id: id(2), at: morning.advanced(by: 2_000), onWidget: true)
    try watch.tapped(id: id(3), at: morning.advanced(by: 3_000))
    for payload in watchPorts.take(.transferUserInfo) {
      try phone.received(payload, at: morning.advanced(by: 4_000), foreground: false)
      try phone.received(payload, at: morning.advanced(by: 4_500), foreground: false)  // at least once
    }
    for payload in phonePorts.take(.applicationContext) { try watch.received(payload) }

    let later = morning.advanced(by: 5_000)
    #expect(try phone.summary(at: later, in: zurich).count == 3)
    #expect(try watch.badge(at: later, in: zurich).count == 3)
    let entries = try tallyTimeline(store: phone.engine.log, at: later, in: zurich)
    #expect(entries.first?.count == 3 && entries.last?.count == 0, "\(entries)")
    #expect(phonePorts.reloads >= 3, "every change asks for a reload")
  }
}
