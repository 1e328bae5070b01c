public import GlanceKernel

/// An explicit plan of what the person does and what goes wrong, at exact instants: a scenario
/// with a script plays exactly these actions and faults instead of drawing them from the seed
/// (the rates in `workload` and the fault counts in `faults` are then unused). A shrunk failure
/// (see ``Shrinker``) is a scenario with a script.
///
/// The seed still draws everything else: the ids of the events the actions make (each a function
/// of the seed and the action's instant, so that taking an action away changes no other
/// action's id, and a shrunk script keeps what each action meant), message latencies, duplicate deliveries, failed
/// messages and lost replies, late reloads and the step a kill falls before.
///
/// ```yaml
/// script:
///   actions:
///     - {at: 2026-03-10T13:44:43.020Z, kind: appOpen, minutes: 3, fromWidget: true}
///     - {at: 2026-03-10T13:45:02.511Z, kind: appTap}
///   kills: [2026-03-10T13:45:03.000Z]
///   outOfRange:
///     - {from: 2026-03-10T18:00:00.000Z, until: 2026-03-10T19:30:00.000Z}
///   widgetKills: [2026-03-10T20:00:00.000Z]
///   watchKills: []
///   storeWriteFailures: []
///   corruptedDefaults: []
///   storeBusy:
///     - {from: 2026-03-10T21:00:00.000Z, until: 2026-03-10T21:00:30.000Z}
/// ```
///
/// ## Laws
/// - `actions` strictly increase in time (the legacy design identifies entries by timestamp), `kills`,
///   `widgetKills`, `watchKills`, `storeWriteFailures` and `corruptedDefaults` never decrease,
///   `outOfRange` and `storeBusy` are sorted by `from` (never decreasing) and every spell has
///   `from < until`. The loader checks these, naming the index; ``Simulation/run(_:store:detail:choices:)``
///   checks them again, and that nothing is before the run's start.
/// - Action `i` of the list is the run's action number `i` (its ordinal in reports).
/// - What lies at or after the run's end is not played (as for a drawn plan).
/// - Playing the script of a drawn run (every action and fault it planned) replays that run
///   exactly, with the same seed.
public struct Script: Hashable, Sendable, Codable {
  /// What the person does, in strictly increasing time.
  public var actions: [ScriptedAction]
  /// What goes wrong: one list per ``FaultFamily`` with a ``FaultScript``, under its key.
  var faultPlan: FaultPlan

  /// App kills, in time order: each takes the app down before one of the next steps of whatever
  /// multi-step operation it runs (within six hours), as a drawn kill does.
  public var kills: [Instant] {
    get { faultPlan.kills }
    set { faultPlan.kills = newValue }
  }
  /// When the watch is out of range of the phone, sorted by `from`. Overlapping spells do not
  /// merge: a spell that begins before the latest end of the spells before it takes nothing
  /// out of range, and the watch comes back at the end of the spell that took it out (of 20–50
  /// and 25–60, out of range from 20 to 50 only; see `FaultPlan.timedEvents(from:until:)`).
  public var outOfRange: [OutOfRangeSpell] {
    get { faultPlan.outOfRange }
    set { faultPlan.outOfRange = newValue }
  }
  /// Kills of the widget extension, in time order: each falls before one of the next steps of
  /// the intent it performs (within six hours), as a drawn one does.
  public var widgetKills: [Instant] {
    get { faultPlan.widgetKills }
    set { faultPlan.widgetKills = newValue }
  }
  /// Kills of the watch app, in time order: each falls shortly after the next watch tap (within
  /// six hours), as a drawn one does.
  public var watchKills: [Instant] {
    get { faultPlan.watchKills }
    set { faultPlan.watchKills = newValue }
  }
  /// Store write failures, in time order: each makes the next commit to a store on the phone
  /// (within six hours) fail, as a drawn one does.
  public var storeWriteFailures: [Instant] {
    get { faultPlan.storeWriteFailures }
    set { faultPlan.storeWriteFailures = newValue }
  }
  /// Corruptions of a value in the App Group's defaults, in time order (the seed draws which
  /// value).
  public var corruptedDefaults: [Instant] {
    get { faultPlan.corruptedDefaults }
    set { faultPlan.corruptedDefaults = newValue }
  }
  /// Spells during which another process holds the App Group database's write lock, sorted by
  /// `from`: a commit to the App Group store on the phone meanwhile fails with `SQLITE_BUSY`
  /// and writes nothing (see the store-locks fault family).
  public var storeBusy: [OutOfRangeSpell] {
    get { faultPlan.storeBusy }
    set { faultPlan.storeBusy = newValue }
  }

  public init(
    actions: [ScriptedAction] = [], kills: [Instant] = [], outOfRange: [OutOfRangeSpell] = [],
    widgetKills: [Instant] = [], watchKills: [Instant] = [], storeWriteFailures: [Instant] = [],
    corruptedDefaults: [Instant] = [], storeBusy: [OutOfRangeSpell] = []
  ) {
    self.init(
      actions: actions,
      faultPlan: FaultPlan(
        kills: kills, outOfRange: outOfRange, widgetKills: widgetKills, watchKills: watchKills,
        storeWriteFailures: storeWriteFailures, corruptedDefaults: corruptedDefaults, storeBusy: storeBusy))
  }

  /// The script of `actions` and the faults of `faultPlan` (a run's plan, as ``Shrinker`` takes it).
  init(actions: [ScriptedAction], faultPlan: FaultPlan) {
    self.actions = actions
    self.faultPlan = faultPlan
  }

  /// Actions and faults together.
  public var eventCount: Int { actions.count + faultPlan.entryCount }
}

/// One action of a ``Script``: what the person does at `at`.
///
/// ## Laws
/// - `kind.name` is the key a scenario file writes (`appOpen`, `appTap`, `widgetTap`, `watchTap`,
///   `appDelete`, `appEdit`, `appLeave`), and ``ScriptedAction/Kind/names`` lists them in that order.
public struct ScriptedAction: Hashable, Sendable, Codable {
  /// What the person does.
  public enum Kind: Hashable, Sendable, Codable {
    /// Opens the app for `minutes` (1…1440); `fromWidget` when by a tap on the widget's body (a
    /// deep link), after which WidgetKit ignores reloads for 30 s.
    case appOpen(minutes: Int, fromWidget: Bool = false)
    /// A tap in the app ("+", a step, an expense); nothing happens unless the app is open.
    case appTap
    /// The widget's "+" (an interactive intent).
    case widgetTap
    /// A tap on the watch.
    case watchTap
    /// A delete ("undo") in the app; nothing happens unless the app is open.
    case appDelete
    /// An edit in the app: of the task list (steps: a task added with its steps, steps added to
    /// a task, a task renamed, moved or deleted) or of an expense's amount (budget); the action's
    /// id decides which. Nothing happens unless the app is open (nor in the tally, which has
    /// nothing to edit).
    case appEdit
    /// The person leaves the app before its session ends: it goes to the background now (and
    /// the session is over). Nothing happens unless the app is open.
    case appLeave

    /// The kinds' names, in declaration order.
    public static let names = ["appOpen", "appTap", "widgetTap", "watchTap", "appDelete", "appEdit", "appLeave"]

    /// The name a scenario file writes.
    public var name: String {
      switch self {
      case .appOpen: return "appOpen"
      case .appTap: return "appTap"
      case .widgetTap: return "widgetTap"
      case .watchTap: return "watchTap"
      case .appDelete: return "appDelete"
      case .appEdit: return "appEdit"
      case .appLeave: return "appLeave"
      }
    }
  }

  /// The instant of the action (UTC, to the millisecond).
  public var at: Instant
  public var kind: Kind

  public init(at: Instant, kind: Kind) {
    self.at = at
    self.kind = kind
  }
}
