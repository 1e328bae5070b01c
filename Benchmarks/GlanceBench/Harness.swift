// The measuring harness: a seeded input generator, a timer, and the result table.

import GlanceSimulation

/// Benchmark inputs come from the simulator's SplitMix64 (Steele, Lea, Flood 2014), so they are
/// the same in every run and on every machine.
extension SplitMix64 {
  /// A value in `0..<bound` (the tiny modulo bias is irrelevant for benchmark inputs).
  mutating func next(below bound: UInt64) -> UInt64 { next() % bound }
}

/// Keeps a value alive so that the optimiser cannot delete the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// The best wall time of `repetitions` runs of `body`, in nanoseconds per operation.
func measure(operations: Int, repetitions: Int, _ body: @escaping () -> Void) -> Double {
  measureSideBySide(operations: operations, repetitions: repetitions, [body])[0]
}

/// The best wall time of each of `bodies` over `repetitions` rounds, in nanoseconds per
/// operation. Each round runs every body once, in order: a slow spell of the shared machine
/// then falls on all of them alike instead of on whichever was being measured, and the ratios
/// between them, the figures quoted, stay put.
func measureSideBySide(operations: Int, repetitions: Int, _ bodies: [() -> Void]) -> [Double] {
  let clock = ContinuousClock()
  var best = [Duration](repeating: .seconds(1_000_000), count: bodies.count)
  for _ in 0..<repetitions {
    for index in bodies.indices { best[index] = min(best[index], clock.measure(bodies[index])) }
  }
  return best.map { duration in
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(operations)
  }
}

/// One row: a workload measured through several implementations; the first is the reference.
struct ResultRow {
  var workload: String
  var entries: [(name: String, nanosecondsPerOperation: Double)]
  var note: String
}

struct ResultTable {
  var rows: [ResultRow] = []
  /// Named figures (`money.sum.small.ratioToInt64`…), written as JSON by `--json`.
  var figures: [String: Double] = [:]

  mutating func record(_ name: String, _ value: Double) {
    figures[name] = value
  }

  mutating func add(_ workload: String, note: String = "", _ entries: [(String, Double)]) {
    rows.append(ResultRow(workload: workload, entries: entries.map { ($0.0, $0.1) }, note: note))
  }

  func printMarkdown() {
    print("| workload | implementation | ns/op | ratio to first |")
    print("|---|---|---:|---:|")
    for row in rows {
      let reference = row.entries[0].nanosecondsPerOperation
      for (index, entry) in row.entries.enumerated() {
        let label = index == 0 ? row.workload : ""
        let ratio = entry.nanosecondsPerOperation / reference
        print("| \(label) | \(entry.name) | \(format(entry.nanosecondsPerOperation)) | \(format(ratio))× |")
      }
    }
    let notes = rows.filter { !$0.note.isEmpty }
    if !notes.isEmpty {
      print("")
      for row in notes { print("- \(row.workload): \(row.note)") }
    }
  }

  /// Two decimals below 10, one below 100, none above; benchmark output only.
  func format(_ value: Double) -> String {
    if value < 10 { return String(Int((value * 100).rounded())).leftInsertingPoint(2) }
    if value < 100 { return String(Int((value * 10).rounded())).leftInsertingPoint(1) }
    return String(Int(value.rounded()))
  }
}

extension String {
  /// `"123".leftInsertingPoint(2)` is `"1.23"`; pads with zeros as needed.
  func leftInsertingPoint(_ decimals: Int) -> String {
    let padded = count <= decimals ? String(repeating: "0", count: decimals + 1 - count) + self : self
    let split = padded.index(padded.endIndex, offsetBy: -decimals)
    return padded[..<split] + "." + padded[split...]
  }
}

/// Fails the benchmark loudly when two implementations disagree.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition {
    print("MISMATCH: \(message())")
    exit(1)
  }
}

#if canImport(Glibc)
  import Glibc
#endif
