import Foundation

/// `simulate --strategy converged --days 30 --seed 42` with `--store sqlite` and in memory,
/// alternately: the median CPU time (user + system, the child's own) and wall time of each.
struct SimulateComparison {
  struct Result {
    var memoryCPU: Double
    var sqliteCPU: Double
    var memoryWall: Double
    var sqliteWall: Double
    var runs: Int
  }

  let executable: String
  let folder: URL
  let runs: Int

  func measure() -> Result {
    check(
      FileManager.default.isExecutableFile(atPath: executable),
      "no simulate at \(executable) (swift build -c release --product simulate)")
    var cpu: [Bool: [Double]] = [:]
    var wall: [Bool: [Double]] = [:]
    var reports: [Bool: String] = [:]
    for _ in 0..<runs {
      for sqlite in [false, true] {
        let out = folder.appendingPathComponent(sqlite ? "simulate-sqlite" : "simulate-memory")
        try? FileManager.default.removeItem(at: out)
        var arguments = ["--strategy", "converged", "--days", "30", "--seed", "42", "--out", out.path]
        if sqlite { arguments += ["--store", "sqlite"] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        let cpuBefore = childrenCPUSeconds()
        let start = monotonicNanoseconds()
        do { try process.run() } catch { check(false, "cannot run \(executable): \(error)") }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let elapsed = Double(monotonicNanoseconds() - start) / 1e9
        check(process.terminationStatus == 0, "simulate \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        cpu[sqlite, default: []].append(childrenCPUSeconds() - cpuBefore)
        wall[sqlite, default: []].append(elapsed)
        // The verdict lines (one per strategy and domain) must be the same in both.
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        let verdicts = lines.filter { $0.contains("(") && $0.contains("):") }
        reports[sqlite] = verdicts.joined(separator: "\n")
      }
    }
    let memory = reports[false] ?? ""
    let sqlite = reports[true] ?? ""
    check(memory == sqlite, "the sqlite run's verdicts differ from memory's:\n\(memory)\n---\n\(sqlite)")
    check(!memory.isEmpty, "simulate printed no verdict")
    return Result(
      memoryCPU: median(cpu[false] ?? []), sqliteCPU: median(cpu[true] ?? []), memoryWall: median(wall[false] ?? []),
      sqliteWall: median(wall[true] ?? []), runs: runs)
  }
}
