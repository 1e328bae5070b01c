import Foundation
import GlanceKernel
import GlanceStore
import Testing

/// A damaged or unreadable database is reported with a typed error, and the file is left exactly
/// as it was: never deleted, recreated or overwritten (BabySteps deleted its store when opening
/// failed; see *The real apps Glance models*, BabySteps: the store move).
@Suite("Corruption")
struct CorruptionTests {
  static let now = Fixtures.utc("2024-06-14T21:59:00Z")

  /// Whether `error` is ``StoreError/corrupted(path:reason:)`` about `url`.
  static func isCorrupted(_ error: any Error, at url: URL) -> Bool {
    guard case .corrupted(let path, _) = error as? StoreError else { return false }
    return path == url.path
  }

  @Test("a file of garbage bytes: corrupted, for every check, and not one byte changes", arguments: IntegrityCheck.allCases)
  func garbageFile(check: IntegrityCheck) throws {
    let directory = try TemporaryDirectory("corruption-garbage-\(check)")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    let garbage = Data(Fixtures.garbage(16_384, seed: 6))
    try garbage.write(to: url)
    #expect {
      try EventStore(at: url, check: check)
    } throws: { error in
      Self.isCorrupted(error, at: url) && "\(error)".contains(url.path)
    }
    #expect(try Data(contentsOf: url) == garbage)
    // Trying again (the next launch) changes nothing either.
    #expect(throws: StoreError.self) { try EventStore(at: url, check: check) }
    #expect(try Data(contentsOf: url) == garbage)
    #expect(try directory.contents().contains("glance.sqlite"))
  }

  @Test("a valid header over damaged pages: the quick check reports it, and not one byte changes")
  func damagedPages() throws {
    let directory = try TemporaryDirectory("corruption-pages")
    defer { directory.remove() }
    let url = directory.file("glance.sqlite")
    do {
      let store = try EventStore(at: url, check: .quick)
      try store.receive((0..<250).map { Fixtures.add(UInt8($0), at: Self.now.advanced(by: Int64($0))) })
    }
    // The store was closed, so its WAL was checkpointed into the main file; damage pages 2 on.
    let pageSize: UInt64 = 4096
    try Fixtures.overwrite(url, at: pageSize, with: Fixtures.garbage(Int(pageSize) * 2, seed: 7))
    let damaged = try Data(contentsOf: url)
    #expect(damaged.count > Int(pageSize) * 3)
    #expect {
      try EventStore(at: url, check: .quick).replica()
    } throws: { error in
      Self.isCorrupted(error, at: url)
    }
    #expect(try Data(contentsOf: url) == damaged)
  }

  @Test("a directory in the way, or a missing App Group directory: cannot open, nothing created")
  func unreadable() throws {
    let directory = try TemporaryDirectory("corruption-unreadable")
    defer { directory.remove() }
    let inTheWay = directory.file("glance.sqlite")
    try FileManager.default.createDirectory(at: inTheWay, withIntermediateDirectories: false)
    #expect {
      try EventStore(at: inTheWay, check: .quick)
    } throws: { error in
      guard case .cannotOpen(let path, _) = error as? StoreError else { return false }
      return path == inTheWay.path
    }
    let missing = directory.file("no-app-group").appendingPathComponent("glance.sqlite")
    #expect {
      try EventStore(at: missing, check: .quick)
    } throws: { error in
      guard case .cannotOpen(let path, _) = error as? StoreError else { return false }
      return path == missing.path
    }
    #expect(try directory.contents() == ["glance.sqlite"])
  }
}
