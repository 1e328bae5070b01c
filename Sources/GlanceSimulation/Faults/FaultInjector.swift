import GlanceKernel

/// Every fault of one play in one place: the streams that draw what each fault strikes (opened on
/// the world's ``Choices``, which each drawing method is handed), what is
/// armed, and what struck (the report's counts). The world holds it and asks it at each point a
/// fault can strike (a step of an operation, a `sendMessage`, a transfer's delivery, a commit, a
/// step of the store move, a suspension); the engine and the world arm what the ``FaultPlan``
/// schedules. A fault acts on the world (a process ends, a message is lost, a commit fails, a
/// value turns to garbage), never by telling a design; what it does that the judge must allow
/// for is ``effects``.
///
/// ## Laws
/// - Each kind of draw reads its own labelled stream of the seed (`faults.kill.step`,
///   `world.messages`, …), so adding a fault family, or a draw to one, changes no other draw.
/// - Faults are off in the liveness phase (``end()``): nothing is armed or drawn then, and
///   nothing more is counted.
/// - ``counts`` holds a kind only once it struck (a fault armed that met nothing is not counted).
struct FaultInjector {
  /// Whether faults strike: `false` from the liveness phase on.
  private(set) var on = true
  /// The play's store faults (the run's stores meet them too).
  private(set) var storeFaults: StoreFaults
  /// The step of the store move before which the app is killed, until it is.
  private var storeMoveInterruption: StoreMoveStep?

  /// Draws which upcoming operation step an armed kill of the app falls before.
  private let killSteps: ChoiceStream
  /// Draws which upcoming step of an intent a widget-extension kill falls before.
  private let widgetKillSteps: ChoiceStream
  /// Draws how long after a watch tap the watch app's armed kill strikes.
  private let watchKillDelays: ChoiceStream
  /// Draws which of the values in the App Group's defaults a corruption strikes.
  private let corruptedKeys: ChoiceStream
  /// Draws whether a `transferUserInfo` delivery comes twice.
  private let duplicates: ChoiceStream
  /// Draws each `sendMessage`'s fate: failed in flight, reply lost, or answered.
  private let messageFates: ChoiceStream
  private let rates: Faults

  /// Armed kills of the app and the widget extension: how many operation steps to let through
  /// first.
  private var armedKills: [Process: Int] = [:]
  /// Whether a kill of the watch app is armed (it strikes after the next watch tap).
  private var watchKillArmed = false
  /// What struck so far, by kind (store write failures are counted by ``storeFaults``).
  private var struck: [FaultKind: Int] = [:]
  /// The cells of the fault space reached so far (``FaultCoverage``).
  private(set) var coverage = FaultCoverage()

  /// Feeds `hasher` what decides the faults still to strike: whether faults are on, the store
  /// faults, the store move's interruption and the armed kills; not the streams (constant), nor
  /// the counts and the coverage kept for the report (for a fingerprint of a play's state).
  func fingerprint(into hasher: inout StateHasher) {
    hasher.combine(on)
    storeFaults.fingerprint(into: &hasher)
    hasher.combine(storeMoveInterruption)
    hasher.combine(armedKills[.app])
    hasher.combine(armedKills[.widgetExtension])
    hasher.combine(armedKills[.watchApp])
    hasher.combine(watchKillArmed)
  }

  /// The injector of a play whose choices are read from `choices` (its streams are opened there).
  init(choices: inout Choices, rates: Faults, storeFaults: StoreFaults, storeMoveInterruption: StoreMoveStep?) {
    self.rates = rates
    self.storeFaults = storeFaults
    self.storeMoveInterruption = storeMoveInterruption
    killSteps = choices.open(Self.killStepsLabel)
    widgetKillSteps = choices.open(Self.widgetKillStepsLabel)
    watchKillDelays = choices.open(Self.watchKillDelaysLabel)
    corruptedKeys = choices.open(Self.corruptedKeysLabel)
    duplicates = choices.open(Self.duplicatesLabel)
    messageFates = choices.open(Self.messageFatesLabel)
  }

  // The labels of the injector's streams, made once: a label checks its name when it is made,
  // and an exploration makes a play, so an injector, for every schedule.
  private static let killStepsLabel = ChoiceLabel("faults.kill.step")
  private static let widgetKillStepsLabel = ChoiceLabel("faults.kill.widget.step")
  private static let watchKillDelaysLabel = ChoiceLabel("faults.kill.watch.delay")
  private static let corruptedKeysLabel = ChoiceLabel("faults.defaults.key")
  private static let duplicatesLabel = ChoiceLabel("world.duplicates")
  private static let messageFatesLabel = ChoiceLabel("world.messages")

  /// What struck, by kind: the report's fault counts.
  var counts: [FaultKind: Int] {
    var counts = struck
    if storeFaults.struck > 0 { counts[.storeWriteFailure] = storeFaults.struck }
    if storeFaults.busyStruck > 0 { counts[.storeBusy] = storeFaults.busyStruck }
    return counts
  }

  /// What the faults in effect do to the platform now, for the judge (see ``FaultEffects``).
  var effects: FaultEffects { FaultEffects(deferredWrites: storeFaults.deferredEvents.count) }

  /// How many faults of `kind` struck so far.
  func count(_ kind: FaultKind) -> Int { counts[kind] ?? 0 }

  /// Counts a fault of `kind` that struck; nothing is counted once faults are off.
  mutating func note(_ kind: FaultKind) {
    guard on else { return }
    struck[kind, default: 0] += 1
  }

  /// A fault of `family` took effect on what `conduit` carries toward `surfaces` (or on the
  /// process behind them) at `relation` to the nearest day boundary: its cells are reached.
  /// Nothing is reached once faults are off. O(1) per surface.
  mutating func cover(_ family: FaultFamily, _ conduit: Conduit, toward surfaces: [Surface], at relation: BoundaryRelation) {
    guard on else { return }
    let position = family.position
    for surface in surfaces {
      coverage.insert(ordinal: CoverageCell.ordinal(surface, conduit, familyPosition: position, relation))
    }
  }

  /// The liveness phase begins: nothing strikes from now on, and what was armed is taken back.
  mutating func end() {
    on = false
    storeFaults.disarmAll()
  }

  // MARK: Kills

  /// Arms a kill of `process`: the app's and the widget extension's fall before one of the next
  /// operation steps (0–2 let through for the app, 0–4 for the extension); the watch app's after
  /// the next watch tap. Returns `false` when nothing was armed (faults are off, or a watch kill
  /// in a domain without a watch).
  mutating func armKill(of process: Process, hasWatch: Bool, choices: inout Choices) -> Bool {
    guard on else { return false }
    switch process {
    case .app: armedKills[.app] = choices.uniform(in: 0...2, from: killSteps)
    case .widgetExtension: armedKills[.widgetExtension] = choices.uniform(in: 0...4, from: widgetKillSteps)
    case .watchApp:
      guard hasWatch else { return false }
      watchKillArmed = true
    }
    return true
  }

  /// Whether an armed kill of `process` falls just before the operation step about to run (the
  /// step then never runs): each armed kill lets its drawn number of steps through first.
  mutating func killFalls(beforeStepOf process: Process) -> Bool {
    guard on, let skip = armedKills[process] else { return false }
    guard skip == 0 else {
      armedKills[process] = skip - 1
      return false
    }
    armedKills[process] = nil
    return true
  }

  /// The armed kill of `process` met nothing within its deadline: it is taken back. Returns
  /// whether a kill of the app was still armed (it then strikes now, if the app runs).
  mutating func disarmKill(of process: Process) -> Bool {
    switch process {
    case .app, .widgetExtension: return armedKills.removeValue(forKey: process) != nil
    case .watchApp:
      watchKillArmed = false
      return false
    }
  }

  /// A watch tap was performed: when a kill of the watch app is armed, how long after now it
  /// strikes; `nil` otherwise.
  mutating func watchKillDelay(choices: inout Choices) -> Int64? {
    guard watchKillArmed, on else { return nil }
    watchKillArmed = false
    return choices.uniform(in: Limits.watchKillDelayMilliseconds, from: watchKillDelays)
  }

  // MARK: Store write failures

  /// Arms store write failure `number`: the next commit on the phone fails. Returns `false` when
  /// faults are off (nothing armed).
  mutating func armStoreWriteFailure(_ number: Int) -> Bool {
    guard on else { return false }
    storeFaults.arm(number)
    return true
  }

  // MARK: Store locks

  /// Another process takes the App Group database's write lock (`held`), or releases it; none is
  /// taken once faults are off (``end()`` released it).
  func holdStoreLock(_ held: Bool) {
    guard on || !held else { return }
    storeFaults.setBusy(held)
  }

  /// The app went to the background and its design's callback returned: when the app holds the
  /// App Group database's write lock, iOS's suspension (``FaultEvent/suspendApp``) and how long
  /// from now it comes (``StoreFaults/suspensionMilliseconds``); `nil` otherwise, and nothing is
  /// queued.
  func suspension() -> (event: FaultEvent, afterMilliseconds: Int64)? {
    guard storeFaults.lock?.process == .app else { return nil }
    return (.suspendApp, StoreFaults.suspensionMilliseconds)
  }

  /// iOS suspends the app (``FaultEvent/suspendApp``): whether the system kills it, which it does
  /// when the app runs in the background (`inBackground`) and still holds the App Group
  /// database's write lock (`0xDEAD10CC`); counted as ``FaultKind/suspendedHoldingLock`` while
  /// faults are on. Its open transaction is rolled back with the process.
  mutating func killsSuspendedApp(inBackground: Bool) -> Bool {
    guard inBackground, storeFaults.lock?.process == .app else { return false }
    note(.suspendedHoldingLock)
    return true
  }

  // MARK: The store move

  /// Whether the store move is killed before `step` (``StoreMove/interruptedBefore``, once per
  /// run); counted as ``FaultKind/storeMoveInterrupted`` when it is.
  mutating func interruptsStoreMove(before step: StoreMoveStep) -> Bool {
    guard on, storeMoveInterruption == step else { return false }
    storeMoveInterruption = nil
    note(.storeMoveInterrupted)
    return true
  }

  // MARK: Defaults

  /// Which of `keys`, the keys the App Group's defaults hold now (sorted, so that the draw
  /// depends on the seed only), a corruption strikes now; `nil` when faults are off or there is
  /// none to strike. Counted.
  mutating func corruptedKey(among keys: [String], choices: inout Choices) -> String? {
    guard on, !keys.isEmpty else { return nil }
    precondition(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "the keys to corrupt are sorted and distinct: \(keys)")
    let key = keys[choices.uniform(in: 0...(keys.count - 1), from: corruptedKeys)]
    note(.corruptedDefaults)
    return key
  }

  // MARK: WatchConnectivity

  /// The fate of a `sendMessage` just sent: failed in flight, or delivered with its reply lost
  /// or answered. Each is drawn only while faults are on, and counted.
  mutating func messageFate(choices: inout Choices) -> MessageFate {
    guard on else { return .answered }
    if choices.strikes(rates.messageFailure, from: messageFates) {
      note(.messageFailure)
      return .failsInFlight
    }
    guard choices.strikes(rates.replyTimeout, from: messageFates) else { return .answered }
    note(.replyTimeout)
    return .replyLost
  }

  /// Whether the `transferUserInfo` delivered now comes twice (at-least-once delivery). Counted.
  mutating func deliversTwice(choices: inout Choices) -> Bool {
    guard on, choices.strikes(rates.duplicateDelivery, from: duplicates) else { return false }
    note(.duplicateDelivery)
    return true
  }

  /// The injector of a play resumed from a snapshot: it arms and counts `storeFaults`, the
  /// copied stores' (``RunStores/copy()``).
  mutating func resume(storeFaults: StoreFaults) { self.storeFaults = storeFaults }
}
