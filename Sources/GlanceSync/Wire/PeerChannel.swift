/// The three ways WatchConnectivity carries a dictionary between the phone and the watch, with
/// the delivery each promises and the most bytes a Glance payload may take on it.
///
/// Apple documents the failure (`WCError.Code.payloadTooLarge`: "an attempt to send an item
/// that exceeds the maximum size limit") but not the numbers. The limits WatchConnectivity
/// enforces are its `WCPayloadSizeLimitMessage`, `WCPayloadSizeLimitUserInfo` and
/// `WCPayloadSizeLimitApplicationContext` constants: 65,536 bytes for a message and a user info
/// transfer, 262,144 bytes for an application context. A Glance payload travels as one `Data`
/// value in a one-key dictionary, so each bound here keeps 1,024 bytes for that envelope.
///
/// ## Laws
/// - `payloadBytesMax == wcLimitBytes - envelopeBytes` for every channel.
public enum PeerChannel: String, Hashable, Sendable, CaseIterable {
  /// `transferUserInfo(_:)`: queued, delivered in the order sent, at least once, even while the
  /// receiving app is suspended. For writes that must not be lost.
  case transferUserInfo
  /// `updateApplicationContext(_:)`: only the latest value is kept and delivered. For state,
  /// where a newer value makes an older one worthless.
  case applicationContext
  /// `sendMessage(_:replyHandler:errorHandler:)`: immediate, only while the counterpart is
  /// reachable; fails otherwise. Best effort.
  case sendMessage

  /// The bytes the dictionary that carries a payload may need besides the payload itself.
  public static let envelopeBytes = 1_024

  /// WatchConnectivity's limit for a dictionary on this channel, in bytes.
  public var wcLimitBytes: Int {
    switch self {
    case .transferUserInfo, .sendMessage: return 65_536
    case .applicationContext: return 262_144
    }
  }

  /// The most bytes an encoded ``PeerMessage`` may take on this channel.
  public var payloadBytesMax: Int { wcLimitBytes - Self.envelopeBytes }
}
