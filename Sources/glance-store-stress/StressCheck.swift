import Foundation
import GlanceKernel
import GlanceStore

/// The check after a stress run: what the database holds against what the workers acknowledged.
///
/// ## Laws checked
/// - Integrity: SQLite's `integrity_check` (``GlanceStore/IntegrityCheck/full``) finds nothing.
/// - At most once: the database holds no id twice (its rows, its distinct ids and the kernel's
///   replica all have one count).
/// - Nothing invented: every row is a ``StressEvent`` of a worker of this run, from a generation
///   that ran, with exactly the content that attempt writes.
/// - Durability of acknowledged writes: every acknowledged id is in the database; no id is
///   acknowledged twice.
/// - One write in flight: for each worker generation the acknowledged counters are `0..<a` and
///   the stored counters `0..<k` with `k == a` or `k == a + 1` (a kill between commit and
///   acknowledgement leaves one committed write unacknowledged, never more, never a gap).
/// - Outbox: local writes (app, widget) are queued, received ones (watch) are not, so the outbox
///   holds as many entries as the database holds app and widget events.
struct StressCheck {
  /// The database file.
  let db: String
  /// The workers, at their last generation.
  let slots: [StressWorkerSlot]
  /// Where the ack files are.
  let directory: URL

  /// The figures of a check that passed.
  struct Verified {
    /// Acknowledged writes, over every worker and generation.
    let acknowledged: Int
    /// Events in the database.
    let rows: Int
  }

  /// A worker (its index in ``slots``) and one of its generations.
  private struct Run: Hashable {
    let slot: Int
    let generation: UInt32
  }

  /// Runs every check.
  ///
  /// - Throws: ``StressFailure/invariant(_:)`` naming the first law that failed, or
  ///   ``StressFailure/store(_:)`` when the database cannot be opened or read.
  func run() throws(StressFailure) -> Verified {
    let store: EventStore
    let rows: Int
    let replica: Replica
    let outbox: Int
    do {
      store = try EventStore(at: URL(fileURLWithPath: db), check: .full)
      try store.checkIntegrity(.full)
      rows = try store.eventCount()
      replica = try store.replica()
      outbox = try store.outboxCount()
    } catch {
      throw .store(error)
    }
    let stored = Set(replica.events.map(\.id))
    guard rows == replica.count, stored.count == rows else {
      throw .invariant("the database holds an id twice: \(rows) rows, \(stored.count) distinct ids, a replica of \(replica.count)")
    }
    let storedCounters = try storedCounters(of: replica)
    let local = replica.events.filter { $0.origin != .watch }.count
    guard outbox == local else {
      throw .invariant("the outbox holds \(outbox) entries for \(local) app and widget events")
    }
    var acknowledged: Set<EventID> = []
    for (index, slot) in slots.enumerated() {
      for generation in 0...slot.generation {
        let path = slot.ackPath(generation: generation, in: directory)
        let ids = try AckLog.read(path)
        for (position, id) in ids.enumerated() {
          let expected = StressEvent(role: slot.role, seed: slot.seed, generation: generation, counter: UInt32(position))
          guard id == expected.id else { throw .invariant("\(path) line \(position + 1) is \(id), expected \(expected.id)") }
          guard acknowledged.insert(id).inserted else { throw .invariant("\(id) is acknowledged twice") }
          guard stored.contains(id) else {
            throw .invariant(
              "acknowledged write \(id) (\(slot.role.rawValue) generation \(generation) #\(position)) is not in the database")
          }
        }
        let counters = storedCounters[Run(slot: index, generation: generation), default: []].sorted()
        guard counters.elementsEqual(0..<UInt32(counters.count)) else {
          throw .invariant("\(slot.role.rawValue) generation \(generation) stored counters with a gap: \(counters.prefix(20))…")
        }
        guard counters.count == ids.count || counters.count == ids.count + 1 else {
          throw .invariant("\(slot.role.rawValue) generation \(generation) stored \(counters.count) events but acknowledged \(ids.count)")
        }
      }
    }
    return Verified(acknowledged: acknowledged.count, rows: rows)
  }

  /// The counters of the stored events, by worker generation.
  ///
  /// - Throws: ``StressFailure/invariant(_:)`` for an event no worker of this run attempted.
  private func storedCounters(of replica: Replica) throws(StressFailure) -> [Run: [UInt32]] {
    var slotOf: [StressRole: [UInt32: Int]] = [:]
    for (index, slot) in slots.enumerated() { slotOf[slot.role, default: [:]][slot.seed] = index }
    var counters: [Run: [UInt32]] = [:]
    for event in replica.events {
      guard let attempt = StressEvent(id: event.id) else { throw .invariant("\(event.id) is not a stress id: no worker attempted it") }
      guard let slot = slotOf[attempt.role]?[attempt.seed], attempt.generation <= slots[slot].generation else {
        throw .invariant(
          "\(event.id) names \(attempt.role.rawValue) seed \(attempt.seed) generation \(attempt.generation), which never ran")
      }
      guard event == attempt.event else { throw .invariant("\(event.id) holds \(event), not what its worker wrote") }
      counters[Run(slot: slot, generation: attempt.generation), default: []].append(attempt.counter)
    }
    return counters
  }
}
