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
    #if canImport(Glibc)
      // Every insert into `event` builds two ephemeral tables (the IN lists of the schema's CHECK
      // constraints on `kind` and `origin`), each with its own page cache: allocated when the
      // statement starts, freed when it ends. With glibc's default, adaptive trim threshold the
      // freed top of the heap went back to the kernel after nearly every statement and came back
      // as fresh pages on the next one (1.4 million page faults in a 30-day run, a third of its
      // time). A fixed threshold keeps a few MB; it changes no result.
      // (`mallopt` is in <malloc.h>, which the Glibc module does not import; M_TRIM_THRESHOLD is -1.)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-1, 4 << 20)
      }
    #endif
  }

  /// The backend: each store the simulator asks for is a new `EventStore` file in ``folder``,
  /// with the events it holds also kept in memory (``CachedEventStore``: every write goes to
  /// the file, and reads are checked against it on a schedule).
  ///
  /// `synchronous = NORMAL`: the files are deleted when the run ends, so a power cut has nothing
  /// to lose, and a commit still survives a kill (`SynchronousMode`). FULL would make the run
  /// wait for one disk sync per write.
  var backend: StoreBackend {
    let folder = folder
    return .durable(named: StoreChoice.sqlite.rawValue) { name in
      CachedEventStore(
        try EventStore(at: folder.appendingPathComponent("\(name).sqlite"), check: .skipped, synchronous: .normal))
    }
  }

  /// Deletes the folder and every database in it.
  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
