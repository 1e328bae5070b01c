import GlanceKernel

/// A design's message as WatchConnectivity carries it: the world queues, delays, drops and
/// duplicates it without reading it; only the design that sent it reads it back
/// (``SyncDesign/Message``).
struct WireMessage: Sendable, CustomStringConvertible {
  /// The design's own message.
  let payload: any Sendable
  /// When it was sent: what the sender did before then may be known wherever it is delivered.
  let sentAt: Instant

  init(_ payload: some Sendable, sentAt: Instant) {
    self.payload = payload
    self.sentAt = sentAt
  }

  /// The payload as the design wrote it (`fullSync(day: 2026-04-09, timestamps: [])`), for traces.
  var description: String { String(describing: payload) }
}
