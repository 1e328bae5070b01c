public import GlanceKernel

/// One named scenario: where and when the simulated person lives, what they do, and what goes
/// wrong. Read from `Simulations/<name>.yaml` (see `ScenarioLoader`); every field has a
/// documented default so a scenario file names only what it changes.
///
/// ## Laws
/// - Every field is within its documented range (checked by the loader, which names the key path
///   of the first field out of range).
/// - `domains` is sorted and without duplicates.
/// - With a `script`, the run plays exactly its actions and faults; the workload's rates and the
///   faults' counts are not drawn (see ``Script``).
/// - `seed` and `days`, when set, name the run the file is meant to replay (a shrunk failure sets
///   both): a caller such as the CLI uses them when it is given no seed or days.
///   ``Simulation/run(_:store:detail:choices:)`` does not read them; the request's seed and days govern.
public struct Scenario: Hashable, Sendable {
  /// The scenario's name, as in `default`; used in report paths.
  public var name: String
  /// One or two sentences saying what the scenario is for.
  public var summary: String
  /// The IANA zone the person starts in.
  public var zone: String
  /// The local date the run starts on (at that date's first instant in `zone`).
  public var start: CivilDate
  /// Which data the app, widgets and watch share.
  public var domains: [Domain]
  /// Pulpe's pay day for the budget domain, 1…31.
  public var payDay: Int
  /// WidgetKit's charged reloads per rolling 24 h, 40…72.
  public var refreshBudget: Int
  public var workload: Workload
  public var faults: Faults
  /// Zone changes during the run, in order.
  public var travel: [Travel]
  /// The BabySteps store move (steps domain), if the scenario plays it.
  public var storeMove: StoreMove?
  /// The seed the scenario is meant to be run with, if it names one (0…2^64−1).
  public var seed: UInt64?
  /// How many days the scenario is meant to be run for, if it names it (1…3650).
  public var days: Int?
  /// The exact actions and faults to play instead of drawing them, if the scenario has them.
  public var script: Script?
  /// When set, the run lasts this many minutes on each side of the first day boundary after
  /// the start of ``start`` (never before that date's start), rather than whole days: a small
  /// world's run (``SmallWorld``), as an explored counterexample is written. An armed kill that
  /// meets no step then strikes 1.25 s after it is armed, as in a small world. 1…720.
  public var aroundBoundaryMinutes: Int?

  public init(
    name: String, summary: String = "", zone: String = "Europe/Zurich",
    start: CivilDate, domains: [Domain] = Domain.allCases, payDay: Int = 27, refreshBudget: Int = 70,
    workload: Workload = Workload(), faults: Faults = Faults(), travel: [Travel] = [], storeMove: StoreMove? = nil,
    seed: UInt64? = nil, days: Int? = nil, script: Script? = nil, aroundBoundaryMinutes: Int? = nil
  ) {
    self.name = name
    self.summary = summary
    self.zone = zone
    self.start = start
    self.domains = Array(Set(domains)).sorted()
    self.payDay = payDay
    self.refreshBudget = refreshBudget
    self.workload = workload
    self.faults = faults
    self.travel = travel
    self.storeMove = storeMove
    self.seed = seed
    self.days = days
    self.script = script
    self.aroundBoundaryMinutes = aroundBoundaryMinutes
  }
}

/// The data a scenario shares between app, widgets and watch.
public enum Domain: String, Hashable, Sendable, CaseIterable, Comparable, Codable {
  /// MirrorSmoker's daily tally: app, widget "+" and watch.
  case tally
  /// BabySteps' steps: app and widget.
  case steps
  /// Pulpe's budget: app, current-period widget and year widget.
  case budget

  /// The order of declaration: tally, steps, budget.
  public static func < (lhs: Domain, rhs: Domain) -> Bool { lhs.rank < rhs.rank }

  /// Whether the widget's "+" opens the app rather than performing an intent: Pulpe's is the
  /// link `pulpe://add-expense` (see *The real apps Glance models*, Pulpe: deep links), since an amount
  /// is entered on the app's add sheet.
  public var widgetPlusOpensApp: Bool { self == .budget }

  private var rank: Int {
    switch self {
    case .tally: return 0
    case .steps: return 1
    case .budget: return 2
    }
  }
}

/// What the person does, per local day. Counts are means of the day's draws; the daily profile
/// puts them between `wakeHour` and `sleepHour`, with some near midnight when `lateNightTaps`.
public struct Workload: Hashable, Sendable {
  /// Local hour the day's activity starts, 0…23.
  public var wakeHour: Int = 7
  /// Local hour it ends, 1…24 (24 = midnight), after `wakeHour`.
  public var sleepHour: Int = 23
  /// Times the app is opened per day, 0…100.
  public var appSessionsPerDay: Int = 5
  /// In-app taps ("+", a step, an expense) per session, 0…50.
  public var tapsPerSession: Int = 2
  /// Widget "+" taps (interactive intent) per day, 0…200.
  public var widgetTapsPerDay: Int = 6
  /// Watch taps per day, 0…200.
  public var watchTapsPerDay: Int = 4
  /// Deletes ("undo") in the app per week, 0…100.
  public var deletesPerWeek: Int = 3
  /// Edits in the app per week, 0…100: of the task list (steps) or of an expense (budget),
  /// each in a two-minute session of its own.
  public var editsPerWeek: Int = 3
  /// Taps in the minutes around local midnight (the rollover bugs need them).
  public var lateNightTaps: Bool = true
  /// Day offsets from the start (0 = the first day) with ten times the usual taps: the refresh
  /// budget runs out on such a day.
  public var busyDays: [Int] = []

  public init() {}
}

/// A zone change: on day `day` (offset from the start) at local hour `hour`, the device's zone
/// becomes `zone`.
public struct Travel: Hashable, Sendable {
  public var day: Int
  public var hour: Int
  public var zone: String

  public init(day: Int, hour: Int, zone: String) {
    self.day = day
    self.hour = hour
    self.zone = zone
  }
}

/// The BabySteps store move from Application Support to the App Group (§1.3).
public struct StoreMove: Hashable, Sendable {
  /// The day offset on which the updated app is installed (its processes end, the widget
  /// arrives; the app's next launch moves the store).
  public var day: Int
  /// The minute after the first instant of that day at which it is installed (0…``minutesMax``;
  /// ``minuteDefault``, 01:00 on a day that starts at midnight). A run that starts later that
  /// day has it installed at its start.
  public var minute: Int = StoreMove.minuteDefault
  /// Whether copying the store fails (BabySteps deletes the source anyway).
  public var copyFails: Bool
  /// Whether the widget opens the App Group store before the updated app runs.
  public var widgetOpensFirst: Bool
  /// The step before which the app is killed on the first move it attempts, if any: the person
  /// opens it again at their next session, and the move code runs again.
  public var interruptedBefore: StoreMoveStep?

  /// The minute the update is installed unless a scenario says otherwise: an hour into the day.
  public static let minuteDefault = 60
  /// The last minute a store move may name: every local day lasts at least 23 hours (a day that
  /// loses an hour to daylight saving time), so minute 1379 exists on every day.
  public static let minutesMax = 23 * 60 - 1

  public init(day: Int, minute: Int = minuteDefault, copyFails: Bool, widgetOpensFirst: Bool, interruptedBefore: StoreMoveStep? = nil) {
    self.day = day
    self.minute = minute
    self.copyFails = copyFails
    self.widgetOpensFirst = widgetOpensFirst
    self.interruptedBefore = interruptedBefore
  }
}
