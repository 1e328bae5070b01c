import Foundation
import GlanceKernel
import GlanceSimulation
import GlanceStore

/// A simulated device's `EventStore` with the events it holds also kept in memory, so that the
/// engines' reads (the day's slice after every event, the whole log after a launch) do not
/// decode the database again and again (`simulate --store sqlite`).
///
/// Every write goes to the database first, and the database's answer is the one returned; the
/// copy in memory must give the same one. Every ``checkInterval``-th read of each kind is read
/// from the database too, and must equal the copy's. A disagreement throws
/// `StoreCopyDisagreement`, which stops the run like any store failure.
///
/// ## Laws
/// - `record` and `receive` return what `EventStore` returned, and the copy agrees.
/// - `replica()` and `replica(in:)` return what `EventStore` holds: checked on a schedule that
///   depends only on the number of reads, so a run stays deterministic.
final class CachedEventStore: EventLog {
  /// Every how many reads of one kind the database is read as well.
  static let checkInterval = 16

  let store: EventStore
  private var copy = Replica()
  private var wholeReads = 0
  private var sliceReads = 0

  init(_ store: EventStore) {
    self.store = store
  }

  func record(_ event: Event) throws -> Bool {
    let new = try store.record(event)
    guard try copy.record(event) == new else {
      throw StoreCopyDisagreement(description: "\(store.url.path): record(\(event.id)) returned \(new), the copy in memory did not")
    }
    return new
  }

  func receive(_ events: [Event]) throws -> Int {
    let new = try store.receive(events)
    // In place (a copy of the replica would cost every event it holds); a disagreement stops
    // the run, so what the copy holds after one no longer matters.
    let copied = try copy.receive(events)
    guard copied == new else {
      throw StoreCopyDisagreement(description: "\(store.url.path): receive of \(events.count) events inserted \(new), the copy \(copied)")
    }
    return new
  }

  func replica() throws -> Replica {
    wholeReads += 1
    if wholeReads % Self.checkInterval == 0 {
      let stored = try store.replica()
      guard stored == copy else {
        throw StoreCopyDisagreement(description: "\(store.url.path): holds \(stored.count) events, the copy in memory \(copy.count)")
      }
    }
    return copy
  }

  func replica(in instants: Range<Instant>) throws -> Replica {
    sliceReads += 1
    let slice = copy.slice(instants)
    if sliceReads % Self.checkInterval == 0 {
      let stored = try store.replica(in: instants)
      guard stored == slice else {
        throw StoreCopyDisagreement(
          description: "\(store.url.path): the slice \(instants) holds \(stored.count) events, the copy's \(slice.count)")
      }
    }
    return slice
  }
}
