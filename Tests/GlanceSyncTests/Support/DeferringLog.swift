import GlanceKernel

/// A log shared by processes, as GlanceStore's `EventStore` is: while `suspended` every write is
/// refused (the process is about to be suspended), and the next `busyWrites` writes meet another
/// process's lock; both throw a deferral, writing nothing. `failures` writes fail for good (an
/// I/O error; the engines try those once more at once). Every call that wrote is recorded, in
/// order, so a test sees what reached the log and when.
final class DeferringLog: EventLog {
  /// The store's deferral error, as `StoreError.suspended` and `.busy` report it.
  struct Deferred: DeferrableWriteError, Equatable {
    let deferral: WriteDeferral?
  }
  struct IOError: Error {}

  var events = Replica()
  var suspended = false
  var busyWrites = 0
  var failures = 0
  /// The events of every write that reached the log, one entry per write, in order.
  private(set) var written: [[EventID]] = []
  /// How many writes were refused with a deferral.
  private(set) var deferred = 0

  private func commit() throws {
    if suspended {
      deferred += 1
      throw Deferred(deferral: .suspended)
    }
    if busyWrites > 0 {
      busyWrites -= 1
      deferred += 1
      throw Deferred(deferral: .busy)
    }
    if failures > 0 {
      failures -= 1
      throw IOError()
    }
  }

  func record(_ event: Event) throws -> Bool {
    try commit()
    written.append([event.id])
    return try events.record(event)
  }

  func receive(_ incoming: [Event]) throws -> Int {
    try commit()
    written.append(incoming.map(\.id))
    return try events.receive(incoming)
  }

  func replica() -> Replica { events }
  func replica(in instants: Range<Instant>) -> Replica { events.slice(instants) }
}
