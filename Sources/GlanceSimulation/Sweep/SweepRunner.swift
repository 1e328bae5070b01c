import Foundation

/// Runs a sweep's seeds on `jobs` threads: the one place where the simulator meets threads, used
/// by ``Sweep/run(_:jobs:)``, ``Sweep/run(design:request:jobs:)`` and `simulate sweep --jobs N`.
///
/// Each seed is one call of `lines`, a pure function of the request and the seed that shares
/// nothing with the other seeds' calls (a run makes its own world, design and streams). The
/// seeds are claimed in order; their lines reach `sink` in seed order whatever thread ran which
/// seed.
///
/// ## Laws
/// - The sink receives the lines of every seed, each seed's once, in seed order, whatever `jobs`:
///   with any number of jobs the lines are those of one job, in the same order.
/// - When seeds fail, the error thrown is the lowest failing seed's, whatever `jobs`: seeds are
///   claimed in order, none after a failure, and every seed claimed before it runs to its end.
/// - Memory does not grow with the range: a seed's lines wait aside only while an earlier seed
///   still runs, then go to the sink.
package enum SweepRunner {
  /// Runs `lines` for every seed of `seeds` on `jobs` threads (`1...`, at most the seed count
  /// are started) and hands each seed's lines to `sink`.
  ///
  /// `progress`, when given, is called after each seed with the seeds done and the total, from
  /// whichever thread ran it. `sink` is called with each seed's lines, in seed order, one call
  /// at a time (under the runner's lock), from whichever thread finished the seed.
  ///
  /// - Throws: the ``SimulationError`` of the lowest seed whose run failed.
  package static func run(
    _ seeds: ShardSeeds, jobs: Int, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
    lines: @escaping @Sendable (_ seed: UInt64) throws(SimulationError) -> [SweepLine],
    sink: @escaping @Sendable ([SweepLine]) -> Void
  ) throws(SimulationError) {
    precondition(jobs >= 1, "a sweep runs on at least one job (got \(jobs))")
    let board = Board(count: seeds.count, sink: sink)
    let work: @Sendable () -> Void = {
      while let index = board.claim() {
        do throws(SimulationError) {
          let done = board.finish(index, with: try lines(seeds[index]))
          progress?(done, seeds.count)
        } catch {
          board.fail(index, with: error)
        }
      }
    }
    let threads = min(jobs, max(1, seeds.count))
    if threads == 1 {
      work()
    } else {
      let finished = DispatchSemaphore(value: 0)
      for _ in 0..<threads {
        let thread = Thread {
          work()
          finished.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
      }
      for _ in 0..<threads { finished.wait() }
    }
    try board.finished()
  }

  /// The lines of every seed of `seeds`, run on `jobs` threads, in seed order.
  ///
  /// - Throws: the ``SimulationError`` of the lowest seed whose run failed.
  package static func lines(
    _ seeds: ShardSeeds, jobs: Int, lines: @escaping @Sendable (_ seed: UInt64) throws(SimulationError) -> [SweepLine]
  ) throws(SimulationError) -> [SweepLine] {
    let collected = Collected()
    try run(seeds, jobs: jobs, lines: lines) { collected.lines += $0 }
    return collected.lines
  }

  /// The lines the sink of ``lines(_:jobs:lines:)`` gathers. Unchecked: the runner calls its
  /// sink one call at a time under its lock, and the lines are read only after every thread
  /// has finished (the semaphore orders the reads after the writes).
  private final class Collected: @unchecked Sendable {
    var lines: [SweepLine] = []
  }

  /// The seeds still to run, the lines of those done and not yet sunk, and the first failure;
  /// shared by the threads under one lock. Its memory never grows with the range: a seed's lines
  /// wait aside only while an earlier seed still runs, then go to the sink.
  private final class Board: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private let sink: @Sendable ([SweepLine]) -> Void
    private var next = 0
    private var done = 0
    /// The seeds `0..<flushed` went to the sink, in seed order.
    private var flushed = 0
    /// The lines of seeds done before an earlier one, by seed index.
    private var waiting: [Int: [SweepLine]] = [:]
    private var failure: (index: Int, error: SimulationError)?

    init(count: Int, sink: @escaping @Sendable ([SweepLine]) -> Void) {
      self.count = count
      self.sink = sink
    }

    /// The next seed's index, or `nil` when every seed is taken or a seed failed.
    func claim() -> Int? {
      lock.withLock {
        guard failure == nil, next < count else { return nil }
        defer { next += 1 }
        return next
      }
    }

    /// Stores a seed's lines and returns how many seeds are done.
    func finish(_ index: Int, with lines: [SweepLine]) -> Int {
      lock.withLock {
        precondition(index >= flushed && waiting[index] == nil, "seed \(index) finished twice")
        waiting[index] = lines
        while let ready = waiting.removeValue(forKey: flushed) {
          sink(ready)
          flushed += 1
        }
        done += 1
        return done
      }
    }

    func fail(_ index: Int, with error: SimulationError) {
      lock.withLock {
        if failure.map({ index < $0.index }) ?? true { failure = (index, error) }
      }
    }

    func finished() throws(SimulationError) {
      lock.lock()
      defer { lock.unlock() }
      if let failure { throw failure.error }
      precondition(flushed == count && waiting.isEmpty, "\(flushed) of \(count) seeds done")
    }
  }
}
