import Foundation
import GlanceKernel
import GlanceStore
import GRDB

/// The implementations measured side by side.
enum Implementation: String, CaseIterable {
  case store
  case raw
}

/// What one writer does: `count` single-event `record`s, or `count` events in batches of `batch`
/// (`receive`, the watch receiver's write).
struct WriterJob {
  var implementation: Implementation
  var synchronous: SynchronousMode
  var path: String
  var run: Int
  var writer: Int
  var count: Int
  /// 1: one `record` per event; more: `receive` of that many events per transaction.
  var batch: Int
}

/// A writer opened on its file, its events made, ready to be timed.
final class PreparedWriter {
  let job: WriterJob
  private let events: [BenchEvent]
  private var store: EventStore?
  private var raw: RawSQLite?

  init(_ job: WriterJob) {
    self.job = job
    events = BenchEvent.batch(run: job.run, writer: job.writer, count: job.count)
    switch job.implementation {
    case .store:
      do {
        store = try EventStore(at: URL(fileURLWithPath: job.path), check: .skipped, synchronous: job.synchronous)
      } catch {
        check(false, "cannot open \(job.path): \(error)")
      }
    case .raw:
      raw = RawSQLite(path: job.path, synchronous: job.synchronous.rawValue)
    }
  }

  /// Writes every event; what the writes returned must say each was new.
  func write() {
    if let store {
      if job.batch == 1 {
        for event in events {
          let new: Bool
          do { new = try store.record(event.event) } catch { return check(false, "record: \(error)") }
          check(new, "record of a fresh event was not new")
        }
      } else {
        var start = 0
        while start < events.count {
          let end = min(start + job.batch, events.count)
          let slice = events[start..<end].map(\.event)
          let inserted: Int
          do { inserted = try store.receive(slice) } catch { return check(false, "receive: \(error)") }
          check(inserted == slice.count, "receive of \(slice.count) fresh events inserted \(inserted)")
          start = end
        }
      }
    } else if let raw {
      if job.batch == 1 {
        for event in events { raw.record(event) }
      } else {
        var start = 0
        while start < events.count {
          let end = min(start + job.batch, events.count)
          let inserted = raw.receive(events[start..<end])
          check(inserted == end - start, "raw receive of \(end - start) fresh events inserted \(inserted)")
          start = end
        }
      }
    }
  }
}

/// A new database file with the store's schema, in `folder`: `EventStore` creates it (so both
/// implementations write into the same schema), then closes it.
func makeDatabase(in folder: URL, named name: String) -> String {
  let url = folder.appendingPathComponent("\(name).sqlite")
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
  do {
    _ = try EventStore(at: url, check: .skipped)
  } catch {
    check(false, "cannot create \(url.path): \(error)")
  }
  return url.path
}

/// The rows a file holds: events and outbox entries (read after a run, to check both
/// implementations wrote the same).
func rowCounts(_ path: String) -> (events: Int, outbox: Int) {
  do {
    let queue = try DatabaseQueue(path: path)
    return try queue.read { db in
      (try Int.fetchOne(db, sql: "SELECT count(*) FROM event") ?? -1, try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox") ?? -1)
    }
  } catch {
    check(false, "cannot count \(path): \(error)")
    return (-1, -1)
  }
}

/// Runs `job` in this process and returns the committed writes per second.
func measureInProcess(_ job: WriterJob) -> Double {
  let writer = PreparedWriter(job)
  let start = monotonicNanoseconds()
  writer.write()
  let elapsed = monotonicNanoseconds() - start
  return Double(job.count) / (Double(elapsed) / 1e9)
}

/// `glance-store-bench --writer ...`: one writer process of the three-writer workload. It opens
/// the file, makes its events, creates `<go>.ready-<writer>`, waits for the file `<go>`, writes,
/// and prints the monotonic time its last commit returned.
func runWriterProcess(_ arguments: [String]) -> Never {
  func value(_ name: String) -> String {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else {
      check(false, "--writer needs \(name)")
      exit(1)
    }
    return arguments[index + 1]
  }
  let job = WriterJob(
    implementation: Implementation(rawValue: value("--implementation")) ?? .store,
    synchronous: SynchronousMode(rawValue: value("--synchronous")) ?? .full,
    path: value("--db"), run: Int(value("--run")) ?? 0, writer: Int(value("--index")) ?? 0,
    count: Int(value("--count")) ?? 0, batch: 1)
  let go = value("--go")
  let writer = PreparedWriter(job)
  _ = FileManager.default.createFile(atPath: "\(go).ready-\(job.writer)", contents: nil)
  while !FileManager.default.fileExists(atPath: go) { usleep(50) }
  writer.write()
  print("done \(monotonicNanoseconds())")
  exit(0)
}

/// Three writer processes of `implementation` on one new file, `perWriter` single-event records
/// each, started together: the total committed writes per second (from the start signal to the
/// last process's last commit).
func measureThreeProcesses(
  _ implementation: Implementation, synchronous: SynchronousMode, folder: URL, run: Int, perWriter: Int
) -> Double {
  let path = makeDatabase(in: folder, named: "three-\(implementation.rawValue)-\(run)")
  let go = folder.appendingPathComponent("go-\(implementation.rawValue)-\(run)").path
  let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
  var processes: [(Process, Pipe)] = []
  for index in 0..<3 {
    let process = Process()
    process.executableURL = executable
    process.arguments = [
      "--writer", "--implementation", implementation.rawValue, "--synchronous", synchronous.rawValue, "--db", path,
      "--run", String(run), "--index", String(index), "--count", String(perWriter), "--go", go,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { check(false, "cannot start \(executable.path): \(error)") }
    processes.append((process, pipe))
  }
  while !(0..<3).allSatisfy({ FileManager.default.fileExists(atPath: "\(go).ready-\($0)") }) { usleep(200) }
  let start = monotonicNanoseconds()
  _ = FileManager.default.createFile(atPath: go, contents: nil)
  var last: UInt64 = start
  for (process, pipe) in processes {
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    check(process.terminationStatus == 0, "a \(implementation.rawValue) writer exited \(process.terminationStatus)")
    guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("done ") }), let end = UInt64(line.dropFirst(5)) else {
      check(false, "a writer printed no end time: \(output)")
      exit(1)
    }
    last = max(last, end)
  }
  let counts = rowCounts(path)
  check(counts.events == 3 * perWriter, "three \(implementation.rawValue) writers stored \(counts.events) events, not \(3 * perWriter)")
  check(counts.outbox == 3 * perWriter, "three \(implementation.rawValue) writers queued \(counts.outbox), not \(3 * perWriter)")
  return Double(3 * perWriter) / (Double(last - start) / 1e9)
}
