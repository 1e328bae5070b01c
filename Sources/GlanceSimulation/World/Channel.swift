/// The WatchConnectivity channel a message used.
public enum Channel: String, Hashable, Sendable {
  case sendMessage, transferUserInfo, applicationContext
}
