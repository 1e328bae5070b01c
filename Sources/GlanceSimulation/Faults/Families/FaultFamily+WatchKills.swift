extension FaultFamily {
  /// Kills of the watch app: each armed at a planned instant, it strikes shortly after the next
  /// watch tap (within six hours): what the watch app kept in memory and the replies it awaited
  /// are gone.
  static let watchKills = FaultFamily(
    position: 5, name: "watch-app kills", kinds: [.watchAppKill],
    settings: [FaultSetting("watchKillsPerDay", .integer(\.watchKillsPerDay, bounds: 0...100, typical: 0...3))],
    script: FaultScript(
      key: "watchKills",
      entries: .instants(\.watchKills, perDay: \.watchKillsPerDay, stream: "faults.kill.watch", arms: { _ in .kill(.watchApp) }),
      droppedWith: .kills),
    generatorVersion: 2,
    reaches: [FaultReach(.process, toward: [.watch])])
}
