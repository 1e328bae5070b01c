extension FaultFamily {
  /// A `sendMessage` that fails in flight (`WCError.deliveryFailed`): drawn for each message as
  /// the run plays, so never scripted; the shrinker tries it at never.
  static let messageFailure = FaultFamily(
    position: 6, name: "failed messages", kinds: [.messageFailure],
    settings: [FaultSetting("messageFailure", .chance(\.messageFailure))], generatorVersion: 2,
    reaches: [FaultReach(.sendMessage, toward: [.app, .watch])])
}
