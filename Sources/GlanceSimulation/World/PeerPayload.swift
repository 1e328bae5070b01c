import GlanceKernel
import GlanceSync

/// An encoded GlanceSync ``PeerMessage`` as WatchConnectivity carries it in the simulated world:
/// bytes, queued, delayed and duplicated unread; the receiving engine decodes them.
struct PeerPayload: Hashable, Sendable, CustomStringConvertible, StateFingerprinted {
  let bytes: [UInt8]

  /// The bytes (for a fingerprint of a play's state).
  func fingerprint(into hasher: inout StateHasher) { hasher.combine(bytes: bytes) }

  /// The message in a few words, for traces: `event add at 2026-03-10T08:00:00.000Z (watch)`,
  /// `tally digest of 12 events from 2026-03-08T08:00:00.000Z` (`168 bytes`).
  var description: String {
    let text: String
    switch try? PeerMessage(decoding: bytes) {
    case .event(let event)?: text = "event \(event.kind.traceName) at \(event.instant) (\(event.origin.rawValue))"
    case .tallyDigest(let digest)?: text = "tally digest of \(digest.events.count) events from \(digest.from)"
    case nil: text = "undecodable payload"
    }
    return "\(text), \(bytes.count) bytes"
  }
}
