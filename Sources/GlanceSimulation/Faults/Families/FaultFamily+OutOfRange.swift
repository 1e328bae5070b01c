import GlanceKernel

extension FaultFamily {
  /// Spells during which the watch is out of range of the phone: WatchConnectivity is not
  /// reachable from the spell's start until its end. Drawn per local day with their lengths,
  /// from one stream; removed by the shrinker with the watch's taps.
  static let outOfRange = FaultFamily(
    position: 1, name: "watch out of range", kinds: [.watchOutOfRange],
    settings: [
      FaultSetting("watchOutOfRangePerDay", .integer(\.watchOutOfRangePerDay, bounds: 0...50, typical: 0...3)),
      FaultSetting(
        "watchOutOfRangeMinutes", .range(\.watchOutOfRangeMinutes, bounds: 1...1440, typicalLow: 1...60, typicalHigh: 20...240)),
    ],
    script: FaultScript(
      key: "outOfRange",
      entries: .spells(
        \.outOfRange, drawn: { faults, days, choices in outOfRangeSpells(faults: faults, days: days, choices: &choices) },
        begins: .reachability(false), ends: .reachability(true)),
      droppedWith: .watch),
    generatorVersion: 1,
    reaches: [
      FaultReach(.sendMessage, toward: [.app, .watch]), FaultReach(.transferUserInfo, toward: [.app, .watch]),
      FaultReach(.applicationContext, toward: [.app, .watch]),
    ])

  /// The spells of `days`, sorted by `from`: per day, how many from the stream `faults.watch`,
  /// then each one's start and length in minutes from the same stream (a spell drawn outside
  /// the piece's window is dropped, its draws made all the same).
  private static func outOfRangeSpells(faults: Faults, days: [DayPiece], choices: inout Choices) -> [OutOfRangeSpell] {
    let stream = choices.open(ChoiceLabel("faults.watch"))
    var spells: [OutOfRangeSpell] = []
    for piece in days {
      for _ in 0..<choices.count(mean: faults.watchOutOfRangePerDay, spread: 1, from: stream) {
        let from = Instant(millisecondsSince1970: choices.uniform(in: piece.span, from: stream))
        let minutes = choices.uniform(in: faults.watchOutOfRangeMinutes, from: stream)
        if piece.window.contains(from) {
          spells.append(OutOfRangeSpell(from: from, until: from.advanced(by: Int64(minutes) * Instant.millisecondsPerMinute)))
        }
      }
    }
    spells.sort { $0.from < $1.from }
    return spells
  }
}
