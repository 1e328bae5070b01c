import GlanceKernel

/// The invariants checked for every strategy, with the stable names used in reports and tests.
///
/// The truth every check compares with is the domain's model (`TallyTruth`, `StepsTruth`,
/// `BudgetTruth`), fed by the engine with every action the person performed; a design never
/// says what the truth is. Each check that runs is counted (``StrategyResult/checks``).
///
/// A device shows what has reached it, by any channel. What it *must* show is the truth without
/// what the other device did since the earliest of (`World.pendingSince(to:)`):
/// - `transferUserInfo`: the send instant of the oldest transfer queued for it (FIFO: everything
///   sent before has been delivered);
/// - `updateApplicationContext`: the instant its context slot was first filled after its last
///   delivery (only the latest value is delivered, and it carries what was known then);
/// - `sendMessage` and its reply: the send instant of the oldest one on its way to it (until it
///   is delivered or fails in flight);
/// - range: the instant the watch went out of range, while it is out (no channel carries
///   anything then);
/// - what has not got through: the instant the other device's app began holding it (a
///   `sendMessage` refused for want of range or failed in flight, a tap made on the watch), until
///   something it sent once it knew is delivered (it sent again, on any channel; an app killed
///   meanwhile holds it until it runs again).
/// What it *may* show, beyond that, is what the other device did up to the send instant of the
/// latest thing delivered to it on any channel (a message included): a device that learned of a
/// tap by `sendMessage` while a transfer still carries it is right to show it. A surface is
/// right when it shows the truth cut at any instant in between (`DomainModel.expected(on:at:in:unknownSince:)`).
/// Nothing is quiescent while something is on its way (a message or a reply included), the watch
/// is out of range, or an app holds what has not got through.
///
/// A widget is *excused* (not compared) while WidgetKit ignores reloads (30 s after the app was
/// opened from the widget), while the device's last zone change is still being caught up with
/// (the converged widget's hourly zone check, fired late, served, plus the deaf window), and in a
/// store move until the updated app first runs (the data is in the app's own container until
/// then). A widget whose phone received something in the background (a delivery on any channel,
/// at that very event, while the app is not in the foreground) is excused until a pacing spacing
/// (2 × 24 h / `refreshBudget`) after its last charged reload: WidgetKit's budget allows no more.
/// That excuse is granted only for a delivery that happened (never for one still queued), and
/// never past a day boundary's rollover bound: a timeline shows the new day's figures with no
/// reload at all.
public enum Invariant: String, Hashable, Sendable, CaseIterable, Comparable, Codable {
  /// Every record of an accepted action is in every device's store, once, at every quiescent
  /// point and at the end: the phone's store holds every live record; the watch's store holds
  /// every live record of the current local day. Compared as multisets of records (event ids,
  /// or instants for designs that identify entries by timestamp).
  case noLostWrite = "no-lost-write"
  /// No store holds a record twice, nor a record that was deleted, at the same checks.
  case noDoubleCount = "no-double-count"
  /// After every quiescent window (30 minutes without an action, nothing in flight) and at the
  /// final check, every visible surface that is not excused shows exactly what the model says,
  /// compared whole (count, band, streak, average; done/total, activity, next step; period and
  /// `remaining`, year cells and highlight).
  case convergence = "convergence"
  /// After each local day boundary and each zone change, a surface still showing anything other
  /// than the new day's truth once the longest staleness bound has passed (measured from the
  /// boundary, or from the end of the zone change's catch-up) is a violation, whatever the stale
  /// value. A surface that was excused (see ``staleness``) less than its own bound before the
  /// check still has time to catch up; staleness judges it.
  case rollover = "rollover"
  /// For a design expected to converge: every disagreement of a surface with the model ends
  /// within the surface's bound, counted from the last instant the surface was excused. The app
  /// and the watch compute what they show from their own stores: 1 s. A widget waits for a
  /// reload: WidgetKit's latest firing (the scenario's `lateFiringSecondsMax`, at least 1 s), a
  /// second for a reload asked again after the deaf window, and 4 s of margin. Disagreement is
  /// measured for every design (the report's staleness table).
  case staleness = "staleness"
  /// WidgetKit's budget denied none of the widgets' reload requests.
  case refreshBudget = "refresh-budget"
  /// A store move keeps every record the store held when the updated app was installed (the
  /// phone's store before and after the move, compared as records).
  case noDataLoss = "no-data-loss"

  public static func < (lhs: Invariant, rhs: Invariant) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The position in ``allCases``: what the judge indexes its counts by (an array, not a hash of
  /// the name).
  var ordinal: Int {
    switch self {
    case .noLostWrite: return 0
    case .noDoubleCount: return 1
    case .convergence: return 2
    case .rollover: return 3
    case .staleness: return 4
    case .refreshBudget: return 5
    case .noDataLoss: return 6
    }
  }
}
