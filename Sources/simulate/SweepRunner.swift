import Foundation
import GlanceSimulation

/// Runs a sweep's seeds on `jobs` threads. The lines come back in seed order whatever thread ran
/// which seed, so they are the lines of ``Sweep/run(_:)`` byte for byte (the shard contract does
/// not depend on `--jobs`).
enum SweepRunner {
  /// `progress`, when given, is called after each seed with the seeds done and the total, from
  /// whichever thread ran it.
  ///
  /// - Throws: the ``SimulationError`` of the lowest seed whose run failed.
  static func run(
    _ request: SweepRequest, jobs: Int, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
  ) throws(SimulationError) -> [SweepLine] {
    let seeds = request.shardSeeds
    let board = Board(count: seeds.count)
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
    return try board.lines()
  }

  /// The seeds still to run, the lines of those done, and the first failure; shared by the
  /// threads under one lock. Its memory grows with the lines, never with the range: a seed's
  /// lines wait aside only while an earlier seed still runs.
  private final class Board: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var next = 0
    private var done = 0
    /// The lines of seeds `0..<flushed`, in seed order.
    private var flushedLines: [SweepLine] = []
    private var flushed = 0
    /// The lines of seeds done before an earlier one, by seed index.
    private var waiting: [Int: [SweepLine]] = [:]
    private var failure: (index: Int, error: SimulationError)?

    init(count: Int) { self.count = count }

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
          flushedLines += ready
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

    func lines() throws(SimulationError) -> [SweepLine] {
      lock.lock()
      defer { lock.unlock() }
      if let failure { throw failure.error }
      precondition(flushed == count && waiting.isEmpty, "\(flushed) of \(count) seeds done")
      return flushedLines
    }
  }
}
