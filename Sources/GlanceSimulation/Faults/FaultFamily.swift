/// One family of faults, declared once, in a file of its own under `Faults/Families/`: the name
/// the report counts it by, its keys in a scenario's `faults:` section with their bounds, and,
/// for a family that strikes at planned times, its list in a script, how the seed plans it, the
/// events it puts on the queue and what the shrinker drops it with. The scenario reader and
/// writer, the generator, the planner, the engine and the shrinker go through ``all`` instead of
/// naming a family.
///
/// Adding a family is: its file in `Faults/Families/` (a `FaultFamily` and its settings), its
/// fields in ``Faults`` (and in ``FaultPlan`` if it is scripted), its ``FaultKind`` case, the
/// ``FaultEvent`` it arms, the world's behaviour when it strikes, and its place in ``all``.
///
/// ## Laws
/// - ``all`` holds each family once; their kinds, setting keys and script keys are distinct, and
///   every kind is one of `FaultKind.allCases` (a test checks all three).
/// - ``all``'s order is the schema's: a scenario's `faults:` keys and a script's lists are read,
///   written (and listed in errors) in this order, and the generator draws the settings in it.
/// - ``generatorVersion`` is the ``ScenarioGenerator/version`` that first drew the family's
///   settings: families of version 1 draw from the generator's own stream, in this order; a
///   later family from a stream of its version (`generator.faults.2`), so that every field
///   drawn before keeps its value.
struct FaultFamily: Sendable {
  /// Its place in ``all`` (a precondition checks it): the coverage of the fault space records a
  /// fault's cell by it at every late reload, where a search of ``all`` cost 1 % of a run.
  let position: Int
  /// What the family is, in words (`app kills`).
  let name: String
  /// What the report counts a fault of the family as (most families count one kind; store
  /// locks count the busy commits and the kills of a process suspended holding the lock); none
  /// for late reloads, which are not counted.
  let kinds: [FaultKind]
  /// The family's keys in a scenario's `faults:` section, in schema order.
  let settings: [FaultSetting]
  /// How the family's faults are scripted and planned, if they strike at planned times; `nil`
  /// for the families drawn as the run plays (a message's fate, a reload's lateness), whose
  /// settings a script still uses.
  let script: FaultScript?
  /// The generator version that first drew the family's settings.
  let generatorVersion: Int
  /// Where the family's faults can take effect, for the coverage of the fault space
  /// (``FaultCoverage``): on what each conduit carries toward which surfaces (or on the process
  /// behind them). A cell outside it is impossible by construction: no fault of the family ever
  /// acts there, and the coverage leaves it out of its total.
  let reaches: [FaultReach]

  init(
    position: Int, name: String, kinds: [FaultKind], settings: [FaultSetting], script: FaultScript? = nil, generatorVersion: Int,
    reaches: [FaultReach]
  ) {
    precondition(!settings.isEmpty, "the family \(name) has a key in a scenario")
    precondition(generatorVersion >= 1, "generator versions start at 1, not \(generatorVersion)")
    precondition(!reaches.isEmpty, "the family \(name) takes effect somewhere")
    precondition(!name.contains("/"), "a family's name is part of a coverage cell's name, whose axes `/` separates: \(name)")
    self.position = position
    self.name = name
    self.kinds = kinds
    self.settings = settings
    self.script = script
    self.generatorVersion = generatorVersion
    self.reaches = reaches
  }

  /// Every family, in schema order.
  static let all: [FaultFamily] = {
    let all: [FaultFamily] = [
      .appKills, .outOfRange, .duplicateDelivery, .lateReloads, .widgetKills, .watchKills, .messageFailure, .replyTimeout,
      .storeWriteFailures, .corruptedDefaults, .storeLocks,
    ]
    for (index, family) in all.enumerated() {
      precondition(family.position == index, "the family \(family.name) says it is at \(family.position) of all, not \(index)")
    }
    return all
  }()

  /// Every family's settings, in schema order: the keys of a scenario's `faults:` section.
  static let settings: [FaultSetting] = all.flatMap(\.settings)

  /// The scripts of the families that have one, in schema order: the fault lists of a script.
  static let scripts: [FaultScript] = all.compactMap(\.script)

  /// The setting whose key is `key`, if a family has it.
  static func setting(forKey key: String) -> FaultSetting? { settings.first { $0.key == key } }

  /// The script whose key is `key`, if a family has it.
  static func script(forKey key: String) -> FaultScript? { scripts.first { $0.key == key } }
}
