extension FaultFamily {
  /// A `sendMessage` delivered whose reply never comes (`WCError.messageReplyTimedOut`): drawn
  /// for each message as the run plays, so never scripted; the shrinker tries it at never.
  static let replyTimeout = FaultFamily(
    position: 7, name: "lost replies", kinds: [.replyTimeout],
    settings: [FaultSetting("replyTimeout", .chance(\.replyTimeout))], generatorVersion: 2,
    reaches: [FaultReach(.sendMessage, toward: [.app, .watch])])
}
