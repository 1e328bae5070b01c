/// What becomes of a `sendMessage` once sent (``FaultInjector/messageFate()``).
enum MessageFate {
  /// Delivered, and its reply (if the receiver answers) delivered too.
  case answered
  /// Fails in flight (`WCError.deliveryFailed`): the sender's error handler runs.
  case failsInFlight
  /// Delivered, but the reply never comes (`WCError.messageReplyTimedOut`).
  case replyLost
}
