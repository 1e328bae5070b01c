extension FaultFamily {
  /// Widget reloads served late by WidgetKit, up to a bound: drawn at each reload as the run
  /// plays, so never scripted, and not counted; the shrinker tries the bound at 0 s.
  static let lateReloads = FaultFamily(
    position: 3, name: "late reloads", kinds: [],
    settings: [FaultSetting("lateFiringSecondsMax", .integer(\.lateFiringSecondsMax, bounds: 0...3600, typical: 0...120))],
    generatorVersion: 1,
    reaches: [FaultReach(.reload, toward: [.widget, .yearWidget])])
}
