extension FaultFamily {
  /// Corrupted values in the App Group's shared defaults: at each planned instant, one value the
  /// design keeps there (the injector draws which) turns into garbage of the wrong type.
  static let corruptedDefaults = FaultFamily(
    position: 9, name: "corrupted defaults", kinds: [.corruptedDefaults],
    settings: [FaultSetting("corruptedDefaultsPerDay", .integer(\.corruptedDefaultsPerDay, bounds: 0...50, typical: 0...3))],
    script: FaultScript(
      key: "corruptedDefaults",
      entries: .instants(
        \.corruptedDefaults, perDay: \.corruptedDefaultsPerDay, stream: "faults.defaults.corrupt", arms: { _ in .corruptDefaults }),
      droppedWith: .kills),
    generatorVersion: 2,
    reaches: [FaultReach(.defaults, toward: [.app, .widget, .yearWidget])])
}
