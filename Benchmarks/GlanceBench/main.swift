// glance-bench: side-by-side benchmarks for `make bench`.
//
// Every row runs the same workload over the same inputs through each implementation in one
// process, checks that they agree, and prints ns per operation and the ratio to the reference.
// Absolute times on shared machines are noisy; the ratios measured side by side are the figures
// to quote. Each measurement is the best of several runs.

import Foundation
import GlanceKernel

let arguments = CommandLine.arguments.dropFirst()

// `glance-bench merge <results.json> <README.md> <figures.json>…` (run by `make bench`).
if arguments.first == "merge" {
  let rest = Array(arguments.dropFirst())
  guard rest.count >= 3 else {
    FileHandle.standardError.write(Data("usage: glance-bench merge <results.json> <README.md> <figures.json>…\n".utf8))
    exit(64)
  }
  do {
    try BenchFigures.merge(output: rest[0], readme: rest[1], inputs: Array(rest.dropFirst(2)))
    print("glance-bench: \(rest[0]) and \(rest[1]) written")
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("glance-bench merge: \(error)\n".utf8))
    exit(65)
  }
}
/// `--json PATH` also writes the named figures there.
let jsonPath: String? = arguments.firstIndex(of: "--json").flatMap { flag in
  arguments.index(after: flag) < arguments.endIndex ? arguments[arguments.index(after: flag)] : nil
}
let quick = arguments.contains("--quick")
let count = quick ? 100_000 : 1_000_000
let repetitions = quick ? 2 : 5
/// `--only NAME[,NAME…]` runs only the named workloads (for profiling one of them).
let only: Set<String>? = arguments.firstIndex(of: "--only").flatMap { flag in
  arguments.index(after: flag) < arguments.endIndex
    ? Set(arguments[arguments.index(after: flag)].split(separator: ",").map(String.init)) : nil
}
func selected(_ name: String) -> Bool { only?.contains(name) ?? true }

print("glance-bench: \(count) amounts per workload, best of \(repetitions) runs, release build")
print("")

var table = ResultTable()
// The simulator first, so that its peak memory is not the money benchmarks' million-element arrays.
SimulationBenchmarks(repetitions: repetitions, selected: selected).run(into: &table)
MoneyBenchmarks(count: count, repetitions: repetitions, selected: selected).run(into: &table)
DayBenchmarks(count: count, repetitions: repetitions, selected: selected).run(into: &table)
table.printMarkdown()
if let jsonPath {
  do {
    try BenchFigures.write(table.figures, to: jsonPath)
  } catch {
    FileHandle.standardError.write(Data("glance-bench: cannot write \(jsonPath): \(error)\n".utf8))
    exit(74)
  }
}
