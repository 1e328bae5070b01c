// The WatchConnectivity adapter: it only forwards to `WCSession`. WatchConnectivity exists on
// iOS and watchOS alone, so this file is not compiled on Linux or macOS; keep it this small.
#if canImport(WatchConnectivity)
  import Foundation
  public import WatchConnectivity

  /// A ``PeerLink`` over a `WCSession`: each payload travels as one `Data` value under the key
  /// ``payloadKey``.
  ///
  /// Activate the session and set its delegate yourself; in the delegate, hand the engine
  /// ``payload(of:)`` of what `session(_:didReceiveUserInfo:)`,
  /// `session(_:didReceiveApplicationContext:)` and `session(_:didReceiveMessage:)` receive.
  public final class WatchConnectivityLink: PeerLink {
    /// The dictionary key a Glance payload travels under.
    public static let payloadKey = "glance"
    public let session: WCSession

    public init(session: WCSession = .default) {
      self.session = session
    }

    public func send(_ payload: [UInt8], on channel: PeerChannel) throws(PeerLinkError) {
      guard payload.count <= channel.payloadBytesMax else {
        throw .payloadTooLarge(channel: channel, bytes: payload.count, limit: channel.payloadBytesMax)
      }
      guard session.activationState == .activated else { throw .unavailable(reason: "the session is not activated") }
      let dictionary: [String: Any] = [Self.payloadKey: Data(payload)]
      switch channel {
      case .transferUserInfo:
        session.transferUserInfo(dictionary)
      case .applicationContext:
        do {
          try session.updateApplicationContext(dictionary)
        } catch {
          throw .unavailable(reason: "\(error)")
        }
      case .sendMessage:
        guard session.isReachable else { throw .notReachable }
        session.sendMessage(dictionary, replyHandler: nil, errorHandler: nil)
      }
    }

    /// The Glance payload a received dictionary carries, `nil` when it carries none.
    public static func payload(of dictionary: [String: Any]) -> [UInt8]? {
      (dictionary[payloadKey] as? Data).map { [UInt8]($0) }
    }
  }
#endif
