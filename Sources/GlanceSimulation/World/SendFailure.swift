/// Why a `sendMessage` that was sent came to nothing: what its error handler is told.
public enum SendFailure: String, Hashable, Sendable {
  /// It failed in flight and was not delivered (`WCError.deliveryFailed`).
  case deliveryFailed
  /// It was delivered, but its reply did not come in time (`WCError.messageReplyTimedOut`): the
  /// receiver acted on it, the sender does not know.
  case replyTimedOut
}
