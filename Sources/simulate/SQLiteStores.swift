import ArgumentParser
import Foundation
import GlanceKernel
import GlanceSimulation
import GlanceStore

/// `--store`: where the converged design keeps its devices' stores (`--help` lists the values).
enum StoreChoice: String, CaseIterable, ExpressibleByArgument {
  /// The kernel's replicas in memory (the default).
  case memory
  /// GlanceStore's SQLite `EventStore`: a new database file per store and per run, in a
  /// temporary folder removed when the run ends.
  case sqlite
}

/// A temporary folder of SQLite stores for one simulation run.
struct SQLiteStores {
  /// Why the folder could not be created (the path and the system's reason).
  struct FolderError: Error, CustomStringConvertible {
    let description: String
  }

  let folder: URL

  /// Creates a new, private folder under the system's temporary directory (`mkdtemp`).
  init() throws {
    let pattern = (NSTemporaryDirectory() as NSString).appendingPathComponent("glance-simulate-XXXXXX")
    var template = Array(pattern.utf8CString)
    guard let made = mkdtemp(&template) else {
      let reason = String(validatingCString: strerror(errno)) ?? "errno \(errno)"
      throw FolderError(description: "cannot create \(pattern): \(reason)")
    }
    folder = URL(fileURLWithPath: String(cString: made), isDirectory: true)
  }

  /// The backend: each store the simulator asks for is a new `EventStore` file in ``folder``.
  var backend: StoreBackend {
    let folder = folder
    return .durable(named: StoreChoice.sqlite.rawValue) { name in
      try EventStore(at: folder.appendingPathComponent("\(name).sqlite"), check: .skipped)
    }
  }

  /// Deletes the folder and every database in it.
  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
