import ArgumentParser
import Foundation
import GlanceSimulation

/// Plays one shard of an exploration on `jobs` threads: shard `K/N` is split into the `jobs`
/// shards `K + N·j` of `N·jobs` (`j < jobs`), which together hold exactly its plans.
///
/// ## Laws
/// - The parts come back in `j` order whatever thread finished first; when parts fail, the
///   error thrown is the lowest part's.
enum ExploreJobs {
  static func run(
    jobs: Int, shard: SweepShard, part: @escaping @Sendable (SweepShard) throws(SimulationError) -> ExplorationFigures
  ) throws -> [ExplorationFigures] {
    let count = max(1, jobs)
    let shards = try (0..<count).map { j in try SweepShard(index: shard.index + shard.count * j, count: shard.count * count) }
    let results = Results(count: count)
    let finished = DispatchSemaphore(value: 0)
    for (j, piece) in shards.enumerated() {
      let thread = Thread {
        do throws(SimulationError) {
          results.set(j, .success(try part(piece)))
        } catch {
          results.set(j, .failure(error))
        }
        finished.signal()
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    for _ in 0..<count { finished.wait() }
    var parts: [ExplorationFigures] = []
    for result in results.all {
      switch result {
      case .success(let figures): parts.append(figures)
      case .failure(let error):
        printError("\(error)")
        throw ExitCode(error)
      case nil: preconditionFailure("every part finished")
      }
    }
    return parts
  }

  /// The parts' results, by part; written under a lock, read after every thread signalled.
  private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<ExplorationFigures, SimulationError>?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ result: Result<ExplorationFigures, SimulationError>) { lock.withLock { results[index] = result } }
    var all: [Result<ExplorationFigures, SimulationError>?] { lock.withLock { results } }
  }
}
