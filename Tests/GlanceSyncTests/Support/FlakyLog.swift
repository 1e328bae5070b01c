import GlanceKernel

/// A log whose next `failures` writes (`record` or `receive`) fail, writing nothing: an I/O
/// error or a full disk in a transaction.
final class FlakyLog: EventLog {
  struct IOError: Error {}
  var events = Replica()
  var failures: Int

  init(failures: Int = 0) { self.failures = failures }

  private func commit() throws {
    guard failures > 0 else { return }
    failures -= 1
    throw IOError()
  }

  func record(_ event: Event) throws -> Bool {
    try commit()
    return try events.record(event)
  }

  func receive(_ incoming: [Event]) throws -> Int {
    try commit()
    return try events.receive(incoming)
  }

  func replica() -> Replica { events }
  func replica(in instants: Range<Instant>) -> Replica { events.slice(instants) }
}
