extension FaultFamily {
  /// Kills of the app: each armed at a planned instant, it takes the app down before one of the
  /// next steps of whatever multi-step operation it runs (the injector draws which), or at its
  /// deadline six hours later if the app is still running.
  static let appKills = FaultFamily(
    position: 0, name: "app kills", kinds: [.appKill],
    settings: [FaultSetting("appKillsPerDay", .integer(\.appKillsPerDay, bounds: 0...100, typical: 0...3))],
    script: FaultScript(
      key: "kills", entries: .instants(\.kills, perDay: \.appKillsPerDay, stream: "faults.kill", arms: { _ in .kill(.app) }),
      droppedWith: .kills),
    generatorVersion: 1,
    reaches: [FaultReach(.process, toward: [.app])])
}
