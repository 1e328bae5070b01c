import Foundation
import GlanceKernel
import GlanceSync
import Testing

/// The store move: copy, verify, and only then switch; a failed copy is tried again.
@Suite("Steps store move")
struct StepsMoveTests {
  static let tasks = [
    StepTask(id: TaskID(UUID(uuid: (7, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))), title: "T", order: 0, steps: steps)
  ]
  static let steps = (0..<3).map { StepID(UUID(uuid: (5, UInt8($0), 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))) }
  static func id(_ number: UInt8) -> EventID { EventID(UUID(uuid: (9, number, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0))) }
  static let now = Instant(millisecondsSince1970: 1_773_907_200_000)

  func app(legacyFailures: Int = 0) throws -> (StepsApp<FlakyLog>, RecordingPorts) {
    let ports = RecordingPorts()
    var app = try StepsApp<FlakyLog>(
      store: nil, legacy: FlakyLog(), tasks: Self.tasks, refreshBudget: 70, reloader: ports, wakes: ports)
    try app.complete(Self.steps[0], id: Self.id(1), at: Self.now)
    try app.complete(Self.steps[1], id: Self.id(2), at: Self.now.advanced(by: 1_000))
    return (app, ports)
  }

  @Test("a copy that fails once is tried again; the app then uses the App Group store, which holds everything")
  func retriedCopy() throws {
    var (app, _) = try app()
    let group = FlakyLog(failures: 1)
    #expect(app.moveLegacyStore(into: group, at: Self.now.advanced(by: 5_000)) == .moved(events: 2))
    #expect(app.legacy == nil && group.events.count == 2)
    #expect(
      try app.display(at: Self.now.advanced(by: 6_000), in: try ZoneCalendar(identifier: "Europe/Zurich")).progress.completedToday == 2)
  }

  @Test("every attempt failing leaves the legacy store in use and says what was copied")
  func failedMove() throws {
    var (app, _) = try app()
    let group = FlakyLog(failures: 3)
    #expect(app.moveLegacyStore(into: group, at: Self.now, attemptsMax: 3) == .incomplete(copied: 0, of: 2))
    #expect(app.legacy != nil, "the app still reads and writes the legacy store")
    // The next launch moves again, merging into what exists.
    #expect(app.moveLegacyStore(into: group, at: Self.now.advanced(by: 60_000)) == .moved(events: 2))
  }

  @Test("a widget-created App Group store is merged into, not replaced")
  func mergesIntoWidgetStore() throws {
    var (app, _) = try app()
    let group = FlakyLog()
    _ = try group.record(Event(id: Self.id(9), kind: .complete(step: Self.steps[2]), instant: Self.now, origin: .app))
    #expect(app.moveLegacyStore(into: group, at: Self.now) == .moved(events: 2))
    #expect(group.events.count == 3)
  }
}
