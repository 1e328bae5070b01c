import Foundation
import GlanceSimulation

/// Runs a sweep's seeds on `jobs` threads. The lines reach `sink` in seed order whatever thread
/// ran which seed, so they are the lines of ``Sweep/run(_:)`` byte for byte (the shard contract
/// does not depend on `--jobs`); none is kept once the sink has it.
enum SweepRunner {
  /// `progress`, when given, is called after each seed with the seeds done and the total, from
  /// whichever thread ran it. `sink` is called with each seed's lines, in seed order, one call
  /// at a time (under the runner's lock), from whichever thread finished the seed.
  ///
  /// - Throws: the ``SimulationError`` of the lowest seed whose run failed.
  static func run(
    _ request: SweepRequest, jobs: Int, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?,
    sink: @escaping @Sendable ([SweepLine]) -> Void
  ) throws(SimulationError) {
    let seeds = request.shardSeeds
    let board = Board(count: seeds.count, sink: sink)
    let work: @Sendable () -> Void = {
      while let index = board.claim() {
        do throws(SimulationError) {
          let done = board.finish(index, with: try Sweep.lines(request, seed: seeds[index]))
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
