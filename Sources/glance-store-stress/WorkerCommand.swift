import ArgumentParser
import Foundation
import GlanceKernel
import GlanceStore

/// `glance-store-stress worker`: one writer process that writes events into the store as fast as
/// it can, forever, acknowledging each committed write in its ack file. The driver kills it with
/// `SIGKILL`; it never stops on its own unless a law fails (then it prints why and exits 2).
///
/// ## Laws checked on every write
/// - A fresh id is new: `record` returns `true`, `receive` of a batch with one fresh event
///   returns 1, and the widget's snapshot contains the tap.
/// - Re-sending a batch the store already holds (the watch receiver) returns 0 and writes nothing.
/// - Acknowledgement follows commit: an id is appended to the ack file only after the write's
///   transaction returned, and before the next write starts (at most one write is in flight).
struct WorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "worker", abstract: "Write events into the store at full speed until killed.")

  @Option(name: .long, help: "The process this worker plays.")
  var role: StressRole

  @Option(name: .long, help: ArgumentHelp("The database file.", valueName: "path"))
  var db: String

  @Option(name: .long, help: ArgumentHelp("The file committed ids are appended to.", valueName: "path"))
  var ack: String

  @Option(name: .long, help: ArgumentHelp("Tells this worker's ids (and choices) from the others'.", valueName: "n"))
  var workerSeed: UInt32

  @Option(name: .long, help: ArgumentHelp("The restart generation; a new one for every restart.", valueName: "n"))
  var generation: UInt32 = 0

  @Option(name: .long, help: ArgumentHelp("The store's synchronous mode: full or normal.", valueName: "mode"))
  var synchronous: String = "full"

  func validate() throws {
    guard SynchronousMode(rawValue: synchronous.uppercased()) != nil else {
      throw ValidationError("--synchronous must be full or normal (got \(synchronous)).")
    }
    guard generation <= StressEvent.maximumGeneration else {
      throw ValidationError("--generation must be at most \(StressEvent.maximumGeneration) (got \(generation)).")
    }
  }

  func run() throws {
    do {
      try loop()
    } catch {
      FileHandle.standardError.write(Data("worker \(role.rawValue) seed \(workerSeed) generation \(generation): \(error)\n".utf8))
      throw ExitCode(2)
    }
  }

  /// Writes until killed.
  private func loop() throws(StressFailure) -> Never {
    let store: EventStore
    let calendar: ZoneCalendar
    do {
      let mode = SynchronousMode(rawValue: synchronous.uppercased()) ?? .full
      store = try EventStore(at: URL(fileURLWithPath: db), check: .quick, synchronous: mode)
    } catch {
      throw .store(error)
    }
    do {
      calendar = try ZoneCalendar(identifier: "UTC")
    } catch {
      throw .unexpected("no UTC zone: \(error)")
    }
    let log = try AckLog(appendingTo: ack)
    var random = SplitMix64(seed: UInt64(workerSeed) << 24 | UInt64(generation))
    var previousBatch: [Event] = []
    var counter: UInt32 = 0
    while true {
      let event = StressEvent(role: role, seed: workerSeed, generation: generation, counter: counter).event
      do {
        switch role {
        case .app:
          guard try store.record(event) else { throw StressFailure.unexpected("record of fresh \(event.id) was not new") }
        case .widget:
          let now = event.instant  // Same day as the tap, whatever the instant.
          let snapshot = try store.record(event, snapshotAt: now, in: calendar)
          guard snapshot.todayCount >= 1 else {
            throw StressFailure.unexpected("the widget's snapshot after \(event.id) counts \(snapshot.todayCount) today")
          }
        case .watch:
          if !previousBatch.isEmpty, random.draw(in: 0...7) == 0 {
            let again = try store.receive(previousBatch)
            guard again == 0 else { throw StressFailure.unexpected("re-sent batch made \(again) new events") }
          }
          // Some batches carry earlier (acknowledged) events along with the fresh one.
          let repeats = previousBatch.isEmpty ? 0 : random.draw(in: 0...2)
          let batch = [event] + (0..<repeats).compactMap { _ in previousBatch.randomElement(using: &random) }
          let fresh = try store.receive(batch.shuffled(using: &random))
          guard fresh == 1 else { throw StressFailure.unexpected("batch with one fresh event made \(fresh) new") }
          previousBatch = batch
        }
      } catch let error as StoreError {
        throw .store(error)
      } catch let error as StressFailure {
        throw error
      } catch {
        throw .unexpected("\(error)")
      }
      try log.append(event.id)
      guard counter < UInt32.max else { throw .unexpected("counter overflow") }
      counter += 1
    }
  }
}
