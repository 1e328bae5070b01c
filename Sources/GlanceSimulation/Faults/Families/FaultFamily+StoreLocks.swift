import GlanceKernel

extension FaultFamily {
  /// Store locks: the two ways an iOS app meets the write lock of a SQLite database it shares in
  /// its App Group with other processes.
  ///
  /// - **Busy** (planned): spells during which another process holds the App Group database's
  ///   write lock (the `storeBusy` list of a script, drawn `storeBusyPerDay` a day, each
  ///   `storeBusySeconds` long). A commit to the App Group store on the phone meanwhile waits out
  ///   its busy timeout and fails with `SQLITE_BUSY`: the store port (``SimulatedEventLog``)
  ///   throws a `DeferrableWriteError` whose deferral is `.busy`, having written nothing; the
  ///   same write succeeds once the spell ends. Counted as ``FaultKind/storeBusy``, one per
  ///   commit refused.
  /// - **Suspended holding the lock** (the platform's rule, in every run): iOS suspends an app
  ///   ``StoreFaults/suspensionMilliseconds`` after it went to the background; one that still
  ///   holds the App Group database's write lock then (a transaction it opened on the store port,
  ///   ``SimulatedEventLog/beginTransaction(in:)``, and has not committed) is killed by the system
  ///   (`0xDEAD10CC`), and its open transaction is rolled back. The world decides it from the
  ///   lock it tracks, never by asking the design. Counted as ``FaultKind/suspendedHoldingLock``.
  ///
  /// ## Laws
  /// - With `storeBusyPerDay` 0 (the default) the family draws nothing and plans nothing: no
  ///   stream is read, no event is queued, and a run's bytes are those of a run without it.
  /// - A busy commit writes nothing, and the same write made after the spell is stored as if it
  ///   were the first (the kernel's `DeferrableWriteError` law).
  /// - A design that holds no transaction across its background transition is never killed by
  ///   the rule, and the rule queues nothing for it.
  /// - Busy spells are drawn from the stream `faults.store.busy` alone, and the generator draws
  ///   the family's settings from `generator.faults.4`: every earlier field keeps its value.
  static let storeLocks = FaultFamily(
    position: 10, name: "store locks", kinds: [.storeBusy, .suspendedHoldingLock],
    settings: [
      FaultSetting("storeBusyPerDay", .integer(\.storeBusyPerDay, bounds: 0...50, typical: 0...3)),
      FaultSetting("storeBusySeconds", .range(\.storeBusySeconds, bounds: 1...600, typicalLow: 1...10, typicalHigh: 5...60)),
    ],
    script: FaultScript(
      key: "storeBusy",
      entries: .spells(
        \.storeBusy, drawn: { faults, days, choices in storeBusySpells(faults: faults, days: days, choices: &choices) },
        begins: .storeBusy(true), ends: .storeBusy(false)),
      droppedWith: .kills),
    generatorVersion: 4,
    reaches: [FaultReach(.process, toward: [.app]), FaultReach(.store, toward: [.app, .widget, .yearWidget])])

  /// The busy spells of `days`, sorted by `from`: none without reading a stream when
  /// `storeBusyPerDay` is 0; otherwise per day, how many from the stream `faults.store.busy`,
  /// then each one's start and length in seconds from the same stream (a spell drawn outside the
  /// piece's window is dropped, its draws made all the same).
  static func storeBusySpells(faults: Faults, days: [DayPiece], choices: inout Choices) -> [OutOfRangeSpell] {
    guard faults.storeBusyPerDay > 0 else { return [] }
    let stream = choices.open(ChoiceLabel("faults.store.busy"))
    var spells: [OutOfRangeSpell] = []
    for piece in days {
      for _ in 0..<choices.count(mean: faults.storeBusyPerDay, spread: 1, from: stream) {
        let from = Instant(millisecondsSince1970: choices.uniform(in: piece.span, from: stream))
        let seconds = choices.uniform(in: faults.storeBusySeconds, from: stream)
        if piece.window.contains(from) { spells.append(OutOfRangeSpell(from: from, until: from.advanced(by: Int64(seconds) * 1_000))) }
      }
    }
    spells.sort { $0.from < $1.from }
    return spells
  }
}
