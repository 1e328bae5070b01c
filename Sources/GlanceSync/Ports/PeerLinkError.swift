/// Why a ``PeerLink`` refused a payload.
public enum PeerLinkError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The payload is longer than the channel allows (`WCError.Code.payloadTooLarge`).
  case payloadTooLarge(channel: PeerChannel, bytes: Int, limit: Int)
  /// `sendMessage` while the counterpart is not reachable (`WCError.Code.notReachable`).
  case notReachable
  /// The session cannot send at all: not activated, no paired watch, no watch app installed.
  case unavailable(reason: String)

  public var description: String {
    switch self {
    case .payloadTooLarge(let channel, let bytes, let limit):
      return "a \(bytes)-byte payload exceeds the \(limit) bytes \(channel.rawValue) allows"
    case .notReachable:
      return "the counterpart is not reachable: sendMessage needs it to be"
    case .unavailable(let reason):
      return "WatchConnectivity cannot send: \(reason)"
    }
  }
}
