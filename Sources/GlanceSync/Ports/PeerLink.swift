/// The engine's side of WatchConnectivity: it hands over an encoded ``PeerMessage`` on one of
/// the three channels and learns at once whether the payload was accepted. What happens next
/// (queueing, delivery, duplicates, latest-wins) is the channel's, as ``PeerChannel`` describes.
///
/// An app conforms with a thin adapter over `WCSession` (`WatchConnectivityLink` where
/// WatchConnectivity exists); the simulator conforms with a link that enforces the same
/// semantics and bounds in virtual time.
///
/// ## Laws (every conformer)
/// - A payload longer than `channel.payloadBytesMax` is refused with
///   ``PeerLinkError/payloadTooLarge(channel:bytes:limit:)`` and nothing is sent.
/// - ``PeerChannel/sendMessage`` is refused with ``PeerLinkError/notReachable`` while the
///   counterpart is unreachable; the other channels accept and deliver later.
/// - An accepted ``PeerChannel/transferUserInfo`` payload is delivered at least once, in the
///   order sent; of the ``PeerChannel/applicationContext`` payloads accepted, the latest is
///   delivered.
public protocol PeerLink: AnyObject {
  /// Hands `payload` to the platform on `channel`.
  ///
  /// - Throws: ``PeerLinkError`` when the platform refuses it; nothing was sent then.
  func send(_ payload: [UInt8], on channel: PeerChannel) throws(PeerLinkError)
}
