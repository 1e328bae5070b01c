extension FaultFamily {
  /// A `transferUserInfo` payload delivered twice (at-least-once delivery): drawn at each
  /// delivery as the run plays, so never scripted; the shrinker tries it at never.
  static let duplicateDelivery = FaultFamily(
    position: 2, name: "duplicate deliveries", kinds: [.duplicateDelivery],
    settings: [FaultSetting("duplicateDelivery", .chance(\.duplicateDelivery))], generatorVersion: 1,
    reaches: [FaultReach(.transferUserInfo, toward: [.app, .watch])])
}
