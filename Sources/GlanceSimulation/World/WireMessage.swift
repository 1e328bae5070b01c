/// A design's message as WatchConnectivity carries it: the world queues, delays, drops and
/// duplicates it without reading it; only the design that sent it reads it back
/// (``SyncDesign/Message``).
struct WireMessage: Sendable, CustomStringConvertible {
  /// The design's own message.
  let payload: any Sendable

  init(_ payload: some Sendable) { self.payload = payload }

  /// The payload as the design wrote it (`fullSync(day: 2026-04-09, timestamps: [])`), for traces.
  var description: String { String(describing: payload) }
}
