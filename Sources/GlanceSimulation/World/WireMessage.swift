import GlanceKernel

/// A design's message as WatchConnectivity carries it: the world queues, delays, drops and
/// duplicates it without reading it; only the design that sent it reads it back
/// (``SyncDesign/Message``).
struct WireMessage: Sendable, CustomStringConvertible {
  /// The design's own message.
  let payload: any Sendable
  /// When it was sent: what the sender did before then may be known wherever it is delivered.
  let sentAt: Instant
  /// Whether it answers a `sendMessage` (its reply handler runs in the process that sent the
  /// message, which it does not launch); otherwise a delivery to the phone launches the app.
  let isReply: Bool

  init(_ payload: some Sendable, sentAt: Instant, isReply: Bool = false) {
    self.payload = payload
    self.sentAt = sentAt
    self.isReply = isReply
  }

  /// The payload as the design wrote it (`fullSync(day: 2026-04-09, timestamps: [])`), for traces.
  var description: String { String(describing: payload) }

  /// Feeds `hasher` the message: its payload (fed by `payloads`), its send instant and whether it
  /// is a reply.
  func fingerprint<Payloads: PayloadFingerprinter>(into hasher: inout StateHasher, of payloads: Payloads.Type) {
    Payloads.feed(self, into: &hasher)
    hasher.combine(sentAt)
    hasher.combine(isReply)
  }
}
