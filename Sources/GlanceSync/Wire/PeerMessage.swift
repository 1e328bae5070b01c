public import GlanceKernel

/// What the converged design's phone and watch send each other: real values, encoded to a
/// compact binary form (``encoded()``) whose size the sender checks against the channel's bound
/// (``PeerChannel/payloadBytesMax``) and the receiver decodes with a typed error for anything
/// malformed (``init(decoding:)``).
///
/// | message | from → to | channel |
/// |---|---|---|
/// | ``event(_:)`` | watch → phone | ``PeerChannel/transferUserInfo`` (durable, in order, at least once) |
/// | ``tallyDigest(_:)`` | phone → watch | ``PeerChannel/applicationContext`` (latest wins) |
///
/// ## Laws
/// - `try PeerMessage(decoding: m.encoded()) == m` for every message.
/// - `m.encoded().count == m.encodedByteCount`.
/// - Decoding never traps: any bytes give a message or a ``PeerMessageError``.
public enum PeerMessage: Hashable, Sendable {
  /// One event a device recorded (the watch's tap), for the other to merge.
  case event(Event)
  /// The phone's recent tally, as the watch needs it to show today's count in any zone.
  case tallyDigest(TallyDigest)
}
