import Foundation
import GlanceKernel

/// A worker's acknowledgement file: one line per write that committed, the event id's canonical
/// text then `\n`, appended only after the store's transaction returned and made durable with
/// `fsync` before the next write starts.
///
/// ## Laws
/// - A line is acknowledged only when it is complete (ends in `\n`): a kill in the middle of an
///   append leaves a torn last line, which ``read(_:)`` ignores (that write was not
///   acknowledged; the store may or may not hold it, and either is allowed).
/// - Lines appear in the order the writes committed.
struct AckLog {
  /// The open file, positioned at its end.
  private let handle: FileHandle
  /// The file, for messages.
  let path: String

  /// Opens `path` for appending, creating it when it is missing.
  init(appendingTo path: String) throws(StressFailure) {
    if !FileManager.default.fileExists(atPath: path) {
      guard FileManager.default.createFile(atPath: path, contents: nil) else {
        throw .io(path: path, reason: "cannot create the acknowledgement file")
      }
    }
    do {
      guard let handle = FileHandle(forWritingAtPath: path) else {
        throw StressFailure.io(path: path, reason: "cannot open the acknowledgement file")
      }
      _ = try handle.seekToEnd()
      self.handle = handle
    } catch {
      throw .io(path: path, reason: "\(error)")
    }
    self.path = path
  }

  /// Appends `id` as one line and waits until it is on disk.
  func append(_ id: EventID) throws(StressFailure) {
    do {
      try handle.write(contentsOf: Data((id.description + "\n").utf8))
      try handle.synchronize()
    } catch {
      throw .io(path: path, reason: "appending \(id): \(error)")
    }
  }

  /// The acknowledged ids in `path`, in file order; a missing file acknowledges nothing.
  ///
  /// - Throws: ``StressFailure/invariant(_:)`` for a complete line that is not an id.
  static func read(_ path: String) throws(StressFailure) -> [EventID] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .io(path: path, reason: "\(error)")
    }
    var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    lines.removeLast()  // After the last "\n": empty, or a torn line that was never acknowledged.
    var ids: [EventID] = []
    ids.reserveCapacity(lines.count)
    for (number, line) in lines.enumerated() {
      guard let uuid = UUID(uuidString: String(line)) else {
        throw .invariant("\(path) line \(number + 1) is not an event id: \(line)")
      }
      ids.append(EventID(uuid))
    }
    return ids
  }
}
