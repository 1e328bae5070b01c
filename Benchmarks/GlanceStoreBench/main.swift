// glance-store-bench: EventStore's writes per second against raw SQLite doing the same
// transactions on the same schema with the same pragmas, side by side in one run; and
// `simulate --store sqlite` against the in-memory run. Prints a Markdown table and writes the
// figures, one named number each, to .build/bench/store.json (`make bench-store`).
//
// Options: --runs N (alternations per workload, default 5), --json PATH, --simulate PATH (the
// release `simulate`, default: beside this binary), --skip-simulate.

import Foundation
import GlanceStore

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--writer" { runWriterProcess(arguments) }

func option(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

let runs = Int(option("--runs") ?? "5") ?? 5
let jsonPath = option("--json") ?? ".build/bench/store.json"
let executableFolder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).deletingLastPathComponent()
let simulatePath = option("--simulate") ?? executableFolder.appendingPathComponent("simulate").path
/// The mode the store ships with (its default), in which the headline ratios are measured.
let chosen = SynchronousMode.full

// The files live on the disk the project is on (not a tmpfs, where a sync costs nothing).
let folder = URL(fileURLWithPath: ".build/bench/store-files", isDirectory: true)
try? FileManager.default.removeItem(at: folder)
do {
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
} catch {
  check(false, "cannot create \(folder.path): \(error)")
}

var figures: [String: Double] = [:]
var table = ResultTable()

/// Single-process writes: `count` events per run, `runs` runs of each implementation alternately
/// (each on a new file); the median writes per second of each. (The median, not the best: a
/// sync's latency on the shared disk swings with the other engineers' writes, and one lucky run
/// out of five once made raw SQLite 3.5 times as fast as its other four.)
func inProcess(synchronous: SynchronousMode, count: Int, batch: Int, label: String) -> (store: Double, raw: Double) {
  var rates: [Implementation: [Double]] = [:]
  for run in 0..<runs {
    for implementation in Implementation.allCases {
      let name = "\(label)-\(implementation.rawValue)-\(run)"
      let path = makeDatabase(in: folder, named: name)
      let job = WriterJob(
        implementation: implementation, synchronous: synchronous, path: path, run: run, writer: 0, count: count, batch: batch)
      let perSecond = measureInProcess(job)
      let counts = rowCounts(path)
      check(counts.events == count, "\(name) stored \(counts.events) events, not \(count)")
      check(counts.outbox == (batch == 1 ? count : 0), "\(name) queued \(counts.outbox) outbox entries")
      rates[implementation, default: []].append(perSecond)
    }
  }
  return (median(rates[.store] ?? [0]), median(rates[.raw] ?? [0]))
}

let started = monotonicNanoseconds()

// 1. One event per transaction (the app's tap, `record`), in both modes.
let fullCount = 1_000
let normalCount = 5_000
let full = inProcess(synchronous: .full, count: fullCount, batch: 1, label: "record-full")
let normal = inProcess(synchronous: .normal, count: normalCount, batch: 1, label: "record-normal")
table.add("record, 1 event per transaction, synchronous = FULL", unit: "writes/s", store: full.store, raw: full.raw)
table.add("record, 1 event per transaction, synchronous = NORMAL", unit: "writes/s", store: normal.store, raw: normal.raw)
figures["store.record.full.perSecond"] = full.store
figures["store.raw.full.perSecond"] = full.raw
figures["store.record.normal.perSecond"] = normal.store
figures["store.raw.normal.perSecond"] = normal.raw
figures["store.record.full.ratioToRawSQLite"] = full.store / full.raw
figures["store.record.normal.ratioToRawSQLite"] = normal.store / normal.raw
let chosenRecord = chosen == .full ? full : normal
figures["store.record.perSecond"] = chosenRecord.store
figures["store.raw.perSecond"] = chosenRecord.raw
figures["store.record.ratioToRawSQLite"] = chosenRecord.store / chosenRecord.raw
figures["store.synchronousFull.ratioToNormal"] = full.store / normal.store
figures["store.raw.synchronousFull.ratioToNormal"] = full.raw / normal.raw

// 2. The watch receiver's batch: 50 events in one transaction (`receive`).
let batchSize = 50
let batch = inProcess(synchronous: chosen, count: 100 * batchSize, batch: batchSize, label: "watch-batch")
table.add("watch batch, \(batchSize) events per transaction, \(chosen.rawValue)", unit: "events/s", store: batch.store, raw: batch.raw)
figures["store.watchBatch.size"] = Double(batchSize)
figures["store.watchBatch.perSecond"] = batch.store
figures["store.watchBatch.raw.perSecond"] = batch.raw
figures["store.watchBatch.ratioToRawSQLite"] = batch.store / batch.raw

// 3. Three writer processes on one file (app, widget, watch), no kills.
let perWriter = chosen == .full ? 600 : 3_000
var threeRates: [Implementation: [Double]] = [:]
for run in 0..<runs {
  for implementation in Implementation.allCases {
    let perSecond = measureThreeProcesses(implementation, synchronous: chosen, folder: folder, run: run, perWriter: perWriter)
    threeRates[implementation, default: []].append(perSecond)
  }
}
let three = (store: median(threeRates[.store] ?? [0]), raw: median(threeRates[.raw] ?? [0]))
table.add("3 writer processes, 1 event per transaction, \(chosen.rawValue)", unit: "writes/s", store: three.store, raw: three.raw)
figures["store.threeWriters.perSecond"] = three.store
figures["store.threeWriters.raw.perSecond"] = three.raw
figures["store.threeWriters.ratioToRawSQLite"] = three.store / three.raw

// 4. `simulate --strategy converged --store sqlite` against the same run in memory.
if !arguments.contains("--skip-simulate") {
  let simulate = SimulateComparison(executable: simulatePath, folder: folder, runs: runs)
  let result = simulate.measure()
  figures["store.sqliteRun.cpuMilliseconds"] = result.sqliteCPU * 1000
  figures["store.memoryRun.cpuMilliseconds"] = result.memoryCPU * 1000
  figures["store.sqliteRun.ratioToMemory"] = result.sqliteCPU / result.memoryCPU
  figures["store.sqliteRun.wallRatioToMemory"] = result.sqliteWall / result.memoryWall
  table.simulate = result
}

try? FileManager.default.removeItem(at: folder)
table.printMarkdown(runs: runs)
writeFigures(figures, to: jsonPath)
print("")
print("figures: \(jsonPath) (\(figures.count) numbers); \(Int(Double(monotonicNanoseconds() - started) / 1e9)) s in all")
