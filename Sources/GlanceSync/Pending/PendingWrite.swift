public import GlanceKernel

/// One write an engine hands its event log: one `EventLog` call, so one transaction.
///
/// ## Laws
/// - Writing it (`write(to:)`) is exactly one call of the log: `record` for ``record(_:)``, `receive` for
///   ``receive(_:)`` (each tried once more at once when it fails for a reason other than a
///   deferral, as every engine's write is).
/// - Writing it twice stores what writing it once stores (a log keeps an event once by id).
public enum PendingWrite: Sendable, Hashable, Codable {
  /// An event written on this device (`EventLog.record(_:)`): a store with an outbox queues it
  /// for the peer device.
  case record(Event)
  /// Events written together in one transaction (`EventLog.receive(_:)`): what the peer device
  /// delivered, or the events of one edit. They are not queued for the peer.
  case receive([Event])

  /// The events the write stores, in its order.
  public var events: [Event] {
    switch self {
    case .record(let event): return [event]
    case .receive(let events): return events
    }
  }

  /// Hands the write to `log`; returns how many of its events were new.
  ///
  /// - Throws: what the log throws; the log stored nothing of the write then.
  func write(to log: inout some EventLog) throws -> Int {
    switch self {
    case .record(let event): return try log.recordRetrying(event) ? 1 : 0
    case .receive(let events): return try log.receiveRetrying(events)
    }
  }
}
