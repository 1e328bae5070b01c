public import GlanceKernel

/// Why an engine refused a write its log deferred, instead of keeping it.
///
/// ## Laws
/// - When an engine throws it, nothing of the write was stored or kept: the app must tell the
///   person that the action was not saved.
public enum PendingWritesError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The log deferred the write (`deferral`: suspended or busy) while ``PendingWrites`` already
  /// held `capacity` writes waiting for it; the write whose first event is `event` is not kept.
  /// A log that defers this long is never resumed: see ``PendingWrites/capacity``.
  case full(capacity: Int, deferral: WriteDeferral, event: EventID)

  /// A sentence naming the write refused and why.
  public var description: String {
    switch self {
    case .full(let capacity, let deferral, let event):
      return "the write of event \(event) was not kept: the event log is \(deferral.rawValue) and \(capacity) earlier writes"
        + " already wait for it"
    }
  }
}
