import Foundation
import GlanceKernel
import GlanceStore
import GlanceTestSupport

/// A fresh directory for one test under the system's temporary directory, named after the test
/// (callers pass a name that includes any test arguments) and the process id, so that tests
/// running in parallel, and two test runs on one machine, never meet. Anything left by an
/// earlier run of the same process id is removed first.
struct TemporaryDirectory {
  let url: URL

  init(_ name: String) throws {
    let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" })
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("glance-store-tests-\(ProcessInfo.processInfo.processIdentifier)-\(safe)")
    if FileManager.default.fileExists(atPath: url.path) {
      try FileManager.default.removeItem(at: url)
    }
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A file in the directory.
  func file(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  /// The names of the files in the directory, sorted.
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  /// Removes the directory and everything in it.
  func remove() {
    do {
      try FileManager.default.removeItem(at: url)
    } catch {
      // Leftovers in the temporary directory do not change any result; report and go on.
      print("could not remove \(url.path): \(error)")
    }
  }
}

/// Fixed values for hand-worked examples.
enum Fixtures {
  /// Opens the store at `url` once per batch, all at the same time (processes racing to open a
  /// file), each receiving its batch: what each `receive` returned, or the error.
  static func openConcurrently(_ url: URL, receiving batches: [[Event]]) async -> [Result<Int, StoreError>] {
    await withTaskGroup(of: Result<Int, StoreError>.self) { group in
      for batch in batches {
        group.addTask {
          do throws(StoreError) {
            return .success(try EventStore(at: url, check: .quick).receive(batch))
          } catch {
            return .failure(error)
          }
        }
      }
      var results: [Result<Int, StoreError>] = []
      for await result in group { results.append(result) }
      return results
    }
  }

  static let zurich = calendar("Europe/Zurich")

  static func calendar(_ identifier: String) -> ZoneCalendar {
    do {
      return try ZoneCalendar(identifier: identifier)
    } catch {
      preconditionFailure("tzdata knows \(identifier): \(error)")
    }
  }

  /// The instant of an ISO 8601 UTC text with whole seconds (`2024-06-14T21:59:00Z`).
  static func utc(_ text: String) -> Instant {
    let formatter = ISO8601DateFormatter()
    guard let date = formatter.date(from: text) else { preconditionFailure("not ISO 8601: \(text)") }
    return Instant(date)
  }

  /// The event id whose 16 bytes are `byte` then fifteen `0x11`.
  static func eventID(_ byte: UInt8) -> EventID {
    EventID(UUID(uuid: (byte, 0x11, 0x11, 0x11, 0x11, 0x11, 0x41, 0x11, 0x81, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11)))
  }

  static func stepID(_ byte: UInt8) -> StepID {
    StepID(UUID(uuid: (0x5E, byte, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0x02)))
  }

  /// An add tapped at `instant` on `origin`.
  static func add(_ byte: UInt8, at instant: Instant, from origin: Origin = .app) -> Event {
    Event(id: eventID(byte), kind: .add, instant: instant, origin: origin)
  }

  /// `count` adds one minute apart from `start`, with ids `first`, `first + 1`, ….
  static func adds(_ count: Int, from first: UInt8, startingAt start: Instant, origin: Origin = .app) -> [Event] {
    (0..<count).map { offset in
      add(first + UInt8(offset), at: start.advanced(by: Int64(offset) * Instant.millisecondsPerMinute), from: origin)
    }
  }

  /// Writes `bytes` over the file at `url` from `offset`, keeping its length when it is longer.
  static func overwrite(_ url: URL, at offset: UInt64, with bytes: [UInt8]) throws {
    let handle = try FileHandle(forWritingTo: url)
    try handle.seek(toOffset: offset)
    try handle.write(contentsOf: bytes)
    try handle.close()
  }

  /// `count` bytes drawn from `seed` (garbage that is the same on every run).
  static func garbage(_ count: Int, seed: UInt64) -> [UInt8] {
    var words = SplitMix64(seed: seed)
    return (0..<count).map { _ in UInt8(truncatingIfNeeded: words.next()) }
  }
}
