extension FaultFamily {
  /// Kills of the widget extension: each armed at a planned instant, it falls before one of the
  /// next steps of the intent the extension performs (within six hours; none if it performs
  /// none).
  static let widgetKills = FaultFamily(
    position: 4, name: "widget-extension kills", kinds: [.widgetKill],
    settings: [FaultSetting("widgetKillsPerDay", .integer(\.widgetKillsPerDay, bounds: 0...100, typical: 0...3))],
    script: FaultScript(
      key: "widgetKills",
      entries: .instants(\.widgetKills, perDay: \.widgetKillsPerDay, stream: "faults.kill.widget", arms: { _ in .kill(.widgetExtension) }),
      droppedWith: .kills),
    generatorVersion: 2,
    reaches: [FaultReach(.process, toward: [.widget, .yearWidget])])
}
