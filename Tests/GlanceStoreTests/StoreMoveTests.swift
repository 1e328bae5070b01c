import Foundation
import GlanceKernel
import GlanceStore
import Testing

/// The store move from the app's legacy location into the App Group container: killed at every
/// step and resumed, with the widget opening (and writing to) the target first, with a torn or
/// damaged copy, a corrupted or vanished legacy store, and conflicting data.
@Suite("Store move")
struct StoreMoveTests {
  static let now = Fixtures.utc("2024-06-14T21:59:00Z")

  /// A kill, injected by the checkpoint hook.
  struct Kill: Error, Equatable {
    let step: StoreMoveStep
  }

  /// A legacy location and an App Group container in one temporary directory.
  struct Layout {
    let directory: TemporaryDirectory
    let move: StoreMove

    init(_ name: String) throws {
      directory = try TemporaryDirectory(name)
      let support = directory.file("ApplicationSupport")
      let group = directory.file("AppGroup")
      for folder in [support, group] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      }
      move = StoreMove(
        from: support.appendingPathComponent("glance.sqlite"), to: group.appendingPathComponent("glance.sqlite"))
    }

    /// Files in the legacy folder, and files in the group folder other than the target's own.
    func strandedFiles() throws -> [String] {
      let fileManager = FileManager.default
      let legacy = try fileManager.contentsOfDirectory(atPath: move.legacy.deletingLastPathComponent().path)
      let group = try fileManager.contentsOfDirectory(atPath: move.target.deletingLastPathComponent().path)
      let targetFiles = ["glance.sqlite", "glance.sqlite-wal", "glance.sqlite-shm"]
      return (legacy.map { "ApplicationSupport/\($0)" } + group.filter { !targetFiles.contains($0) }).sorted()
    }
  }

  /// The legacy store: 4 app taps (queued for the watch), 3 watch events and a tombstone.
  static func legacyEvents() -> (recorded: [Event], received: [Event]) {
    var recorded = Fixtures.adds(4, from: 0x10, startingAt: now.advanced(by: -Instant.millisecondsPerDay))
    recorded.append(
      Event(id: Fixtures.eventID(0x1F), kind: .remove(target: Fixtures.eventID(0x10)), instant: now, origin: .app))
    let received = Fixtures.adds(3, from: 0x20, startingAt: now.advanced(by: -3_600_000), origin: .watch)
    return (recorded, received)
  }

  /// Writes the legacy store and closes it.
  static func writeLegacy(_ layout: Layout) throws -> Replica {
    let (recorded, received) = legacyEvents()
    let store = try EventStore(at: layout.move.legacy, check: .quick)
    for event in recorded { try store.record(event) }
    try store.receive(received)
    return try Replica(events: recorded + received)
  }

  /// The widget's events, written to the target before the move.
  static let widgetEvents = Fixtures.adds(2, from: 0x30, startingAt: now, origin: .widgetIntent)

  /// Checks the end state: the target holds `expected` and every outbox entry of `outbox`, and
  /// no legacy, staging or journal file is left.
  static func expectMoved(_ layout: Layout, holding expected: Replica, outbox: [Event]) throws {
    let target = try EventStore(at: layout.move.target, check: .full)
    #expect(try target.replica() == expected)
    #expect(Set(try target.outbox().map(\.id)) == Set(outbox.map(\.id)))
    #expect(try layout.strandedFiles() == [])
    #expect(try layout.move.run() == .nothingToMove)
  }

  @Test("no legacy store: nothing to move, no file created")
  func nothingToMove() throws {
    let layout = try Layout("move-nothing")
    defer { layout.directory.remove() }
    #expect(try layout.move.run() == .nothingToMove)
    #expect(try layout.strandedFiles() == [])
    #expect(!FileManager.default.fileExists(atPath: layout.move.target.path))
  }

  @Test("a move copies every event and outbox entry, then deletes the legacy store")
  func moveEverything() throws {
    let layout = try Layout("move-everything")
    defer { layout.directory.remove() }
    let legacy = try Self.writeLegacy(layout)
    #expect(try layout.move.run() == .moved(legacyEventCount: 8, insertedCount: 8))
    try Self.expectMoved(layout, holding: legacy, outbox: Self.legacyEvents().recorded)
    let target = try EventStore(at: layout.move.target, check: .quick)
    #expect(try target.outbox() == Self.legacyEvents().recorded)  // in the order recorded
    // 14 June in Zurich: taps 0x11–0x13 (from 00:00) and the three watch adds; 0x10 was at
    // 23:59 on the 13th (and is removed).
    #expect(try target.todayCount(at: Self.now, in: Fixtures.zurich) == 6)
  }

  @Test(
    "killed after any step, then resumed: nothing lost, nothing stranded (with and without the widget first)",
    arguments: StoreMoveStep.allCases, [false, true])
  func killedAtEveryStep(step: StoreMoveStep, widgetFirst: Bool) throws {
    let layout = try Layout("move-killed-\(step.rawValue)-\(widgetFirst)")
    defer { layout.directory.remove() }
    let legacy = try Self.writeLegacy(layout)
    // The widget process opens the App Group store before the app ever ran the move, writes,
    // keeps it open, and writes again at every step of the move.
    let widget = widgetFirst ? try EventStore(at: layout.move.target, check: .quick) : nil
    var written = widgetFirst ? Self.widgetEvents : []
    for event in written { try widget?.record(event) }
    #expect(throws: Kill(step: step)) {
      try layout.move.run { reached in
        if let widget {
          let tap = Fixtures.add(0x40 + UInt8(written.count), at: Self.now, from: .widgetIntent)
          _ = try widget.record(tap, snapshotAt: Self.now, in: Fixtures.zurich)
          written.append(tap)
        }
        if reached == step { throw Kill(step: step) }
      }
    }
    // After the kill, every legacy event is still in the legacy store or already in the target.
    if !FileManager.default.fileExists(atPath: layout.move.legacy.path) {
      let target = try EventStore(at: layout.move.target, check: .quick).replica()
      #expect(legacy.events.allSatisfy { target.event(withID: $0.id) == $0 })
    }
    // Killed after the journal was removed, the move is over; otherwise the resume finishes it.
    #expect((try layout.move.run() == .nothingToMove) == (step == .finished))
    try Self.expectMoved(
      layout, holding: try Replica(events: legacy.events + written), outbox: Self.legacyEvents().recorded + written)
  }

  @Test("killed twice at any two steps, then resumed: nothing lost, nothing stranded")
  func killedTwice() throws {
    for first in StoreMoveStep.allCases {
      for second in StoreMoveStep.allCases {
        let layout = try Layout("move-twice-\(first.rawValue)-\(second.rawValue)")
        defer { layout.directory.remove() }
        let legacy = try Self.writeLegacy(layout)
        let widget = try EventStore(at: layout.move.target, check: .quick)
        try widget.record(Self.widgetEvents[0])
        #expect(throws: Kill(step: first)) {
          try layout.move.run { if $0 == first { throw Kill(step: first) } }
        }
        do {
          _ = try layout.move.run { if $0 == second { throw Kill(step: second) } }
        } catch let kill as Kill {
          #expect(kill.step == second)
        }
        _ = try layout.move.run()
        try Self.expectMoved(
          layout, holding: try Replica(events: legacy.events + [Self.widgetEvents[0]]),
          outbox: Self.legacyEvents().recorded + [Self.widgetEvents[0]])
      }
    }
  }

  @Test("a torn copy (killed during the backup) is copied again", arguments: [StoreMoveStep.began, .copied])
  func tornCopy(step: StoreMoveStep) throws {
    let layout = try Layout("move-torn-\(step.rawValue)")
    defer { layout.directory.remove() }
    let legacy = try Self.writeLegacy(layout)
    #expect(throws: Kill(step: step)) { try layout.move.run { if $0 == step { throw Kill(step: step) } } }
    try Data(Fixtures.garbage(3000, seed: 11)).write(to: layout.move.staging)
    #expect(try layout.move.run() == .moved(legacyEventCount: 8, insertedCount: 8))
    try Self.expectMoved(layout, holding: legacy, outbox: Self.legacyEvents().recorded)
  }

  @Test("a copy damaged after it was recorded fails verification and is copied again")
  func damagedCopy() throws {
    let layout = try Layout("move-damaged-copy")
    defer { layout.directory.remove() }
    let legacy = try Self.writeLegacy(layout)
    #expect(throws: Kill(step: .copyRecorded)) {
      try layout.move.run { if $0 == .copyRecorded { throw Kill(step: .copyRecorded) } }
    }
    try Fixtures.overwrite(layout.move.staging, at: 4096, with: Fixtures.garbage(4096, seed: 12))
    #expect(try layout.move.run() == .moved(legacyEventCount: 8, insertedCount: 8))
    try Self.expectMoved(layout, holding: legacy, outbox: Self.legacyEvents().recorded)
  }

  @Test("an event written to the legacy store after the switch is not lost: the move copies again")
  func legacyWrittenAfterSwitch() throws {
    let layout = try Layout("move-late-legacy-write")
    defer { layout.directory.remove() }
    let legacy = try Self.writeLegacy(layout)
    let late = Fixtures.add(0x50, at: Self.now)
    _ = try layout.move.run { step in
      if step == .switched { try EventStore(at: layout.move.legacy, check: .quick).record(late) }
    }
    try Self.expectMoved(
      layout, holding: try Replica(events: legacy.events + [late]), outbox: Self.legacyEvents().recorded + [late])
  }

  @Test("the legacy store vanishing after a recorded copy: the verified copy is merged")
  func legacyVanishedAfterCopy() throws {
    let layout = try Layout("move-vanished-after-copy")
    defer { layout.directory.remove() }
    let legacy = try Self.writeLegacy(layout)
    #expect(throws: Kill(step: .copyRecorded)) {
      try layout.move.run { if $0 == .copyRecorded { throw Kill(step: .copyRecorded) } }
    }
    try FileManager.default.removeItem(at: layout.move.legacy)
    #expect(try layout.move.run() == .moved(legacyEventCount: 8, insertedCount: 8))
    try Self.expectMoved(layout, holding: legacy, outbox: Self.legacyEvents().recorded)
  }

  @Test("the legacy store vanishing before it was copied: a typed error, nothing deleted")
  func legacyVanishedBeforeCopy() throws {
    let layout = try Layout("move-vanished-before-copy")
    defer { layout.directory.remove() }
    _ = try Self.writeLegacy(layout)
    #expect(throws: Kill(step: .began)) { try layout.move.run { if $0 == .began { throw Kill(step: .began) } } }
    try FileManager.default.removeItem(at: layout.move.legacy)
    #expect(throws: StoreError.moveSourceMissing(path: layout.move.legacy.path, step: .began)) {
      try layout.move.run()
    }
    #expect(FileManager.default.fileExists(atPath: layout.move.journal.path))
  }

  @Test("a corrupted legacy store: a typed error, its bytes unchanged, nothing written")
  func corruptedLegacy() throws {
    let layout = try Layout("move-corrupted-legacy")
    defer { layout.directory.remove() }
    let garbage = Data(Fixtures.garbage(8192, seed: 13))
    try garbage.write(to: layout.move.legacy)
    #expect {
      try layout.move.run()
    } throws: { error in
      guard case .corrupted(let path, _) = error as? StoreError else { return false }
      return path == layout.move.legacy.path
    }
    #expect(try Data(contentsOf: layout.move.legacy) == garbage)
    #expect(try layout.strandedFiles() == ["ApplicationSupport/glance.sqlite"])
    #expect(!FileManager.default.fileExists(atPath: layout.move.target.path))
  }

  @Test("a conflicting event in the target stops the move before anything is deleted, every time")
  func conflictWithTarget() throws {
    let layout = try Layout("move-conflict")
    defer { layout.directory.remove() }
    let legacy = try Self.writeLegacy(layout)
    let original = legacy.events[0]
    let forged = Event(id: original.id, kind: .add, instant: original.instant.advanced(by: 1), origin: .widgetIntent)
    let widget = try EventStore(at: layout.move.target, check: .quick)
    try widget.record(forged)
    let expected = StoreError.conflictingEvent(
      id: original.id, existing: forged, incoming: original, path: layout.move.target.path)
    #expect(throws: expected) { try layout.move.run() }
    #expect(throws: expected) { try layout.move.run() }
    #expect(try widget.replica() == Replica(events: [forged]))
    let survivor = try EventStore(at: layout.move.legacy, check: .full)
    #expect(try survivor.replica() == legacy)
  }

  @Test("an unreadable journal stops the move, nothing deleted")
  func unreadableJournal() throws {
    let layout = try Layout("move-bad-journal")
    defer { layout.directory.remove() }
    let legacy = try Self.writeLegacy(layout)
    try Data("{\"state\":\"sideways\"}".utf8).write(to: layout.move.journal)
    #expect {
      try layout.move.run()
    } throws: { error in
      guard case .moveJournalUnreadable(let path, _) = error as? StoreError else { return false }
      return path == layout.move.journal.path
    }
    #expect(try EventStore(at: layout.move.legacy, check: .full).replica() == legacy)
  }
}
