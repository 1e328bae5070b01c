import Foundation

/// The Markdown table: each workload, the store and the raw baseline, and their ratio.
struct ResultTable {
  struct Row {
    var workload: String
    var unit: String
    var store: Double
    var raw: Double
  }

  var rows: [Row] = []
  var simulate: SimulateComparison.Result?

  mutating func add(_ workload: String, unit: String, store: Double, raw: Double) {
    rows.append(Row(workload: workload, unit: unit, store: store, raw: raw))
  }

  func printMarkdown(runs: Int) {
    print("| workload | EventStore | raw SQLite | EventStore ÷ raw |")
    print("|---|---:|---:|---:|")
    for row in rows {
      print("| \(row.workload) | \(rounded(row.store)) \(row.unit) | \(rounded(row.raw)) \(row.unit) | \(rounded(row.store / row.raw)) |")
    }
    print("")
    print("Median of \(runs) runs each, the implementations alternating, each run on a new file.")
    if let simulate {
      print("")
      print("| `simulate --strategy converged --days 30 --seed 42` | median CPU time | median wall time |")
      print("|---|---:|---:|")
      print("| in memory | \(rounded(simulate.memoryCPU * 1000)) ms | \(rounded(simulate.memoryWall * 1000)) ms |")
      print("| `--store sqlite` | \(rounded(simulate.sqliteCPU * 1000)) ms | \(rounded(simulate.sqliteWall * 1000)) ms |")
      print("| ratio | \(rounded(simulate.sqliteCPU / simulate.memoryCPU))× | \(rounded(simulate.sqliteWall / simulate.memoryWall))× |")
      print("")
      print("Median of \(simulate.runs) runs each, alternating.")
    }
  }
}

/// `value` to three significant digits.
func rounded(_ value: Double) -> String {
  let r = roundedValue(value)
  if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
  return "\(r)"
}

func roundedValue(_ value: Double) -> Double {
  guard value.isFinite, value != 0 else { return value }
  return Double(String(format: "%.3g", value)) ?? value
}

/// A flat JSON object, keys sorted, each number to three significant digits.
func writeFigures(_ figures: [String: Double], to path: String) {
  let lines = figures.keys.sorted().map { key in "  \"\(key)\": \(rounded(figures[key] ?? 0))" }
  let text = "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  let url = URL(fileURLWithPath: path)
  do {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  } catch {
    check(false, "cannot write \(path): \(error)")
  }
}
