extension FaultFamily {
  /// Store write failures: failure number `i`, armed at its planned instant, makes the next
  /// commit to a store on the phone (within six hours) fail, as a full disk or an I/O error
  /// does, writing nothing.
  static let storeWriteFailures = FaultFamily(
    position: 8, name: "store write failures", kinds: [.storeWriteFailure],
    settings: [FaultSetting("storeWriteFailuresPerDay", .integer(\.storeWriteFailuresPerDay, bounds: 0...100, typical: 0...3))],
    script: FaultScript(
      key: "storeWriteFailures",
      entries: .instants(
        \.storeWriteFailures, perDay: \.storeWriteFailuresPerDay, stream: "faults.store.write", arms: { .armStoreWriteFailure($0) }),
      droppedWith: .kills),
    generatorVersion: 2,
    reaches: [FaultReach(.store, toward: [.app, .widget, .yearWidget])])
}
