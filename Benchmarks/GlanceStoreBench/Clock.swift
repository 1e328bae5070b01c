import Foundation

/// The monotonic clock in nanoseconds: one clock for every process of the machine (Linux's
/// `CLOCK_MONOTONIC`), so writer processes' times compare with the parent's.
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The CPU time (user + system) of the children this process has waited for, in seconds.
func childrenCPUSeconds() -> Double {
  var usage = rusage()
  getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
  func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
  return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The median of `values` (not empty).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let n = sorted.count
  precondition(n > 0, "the median of nothing")
  return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
}

/// Fails the benchmark loudly when two implementations disagree or a step fails.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition {
    FileHandle.standardError.write(Data("glance-store-bench: \(message())\n".utf8))
    exit(1)
  }
}
