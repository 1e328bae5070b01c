public import GlanceKernel

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
public enum Invariant: String, Hashable, Sendable, CaseIterable, Comparable {
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

/// The first occurrence of a violated invariant, and how many times it was seen.
public struct Violation: Hashable, Sendable {
  public let invariant: Invariant
  public let time: Instant
  public let surface: Surface?
  /// The first field that differed (`band`, `remaining`), for a display; `nil` otherwise.
  public let field: String?
  /// What the model says, as a person reads it (`1’790.00 CHF`, `.nearLimit`, `12 records`).
  public let expected: String
  /// What the design showed or held, in the same words.
  public let found: String
  public let detail: String
  /// The events around it, oldest first: just before it, or, when it is dated at the action
  /// that made the entry (``datedAtAction``), around that action.
  public internal(set) var trace: [String]
  /// Whether `time` is the instant of the action whose record was lost or doubled (found at the
  /// final check), rather than when the checker saw it.
  public let datedAtAction: Bool
  public var occurrences: Int
  /// Every surface on which it was seen, in surface order.
  public var surfaces: [Surface]
}

/// Staleness of one surface: the intervals during which it disagreed with the truth.
public struct StalenessFigures: Hashable, Sendable {
  public let surface: Surface
  /// Every interval's length in milliseconds, sorted.
  public let intervals: [Int64]

  public var count: Int { intervals.count }
  /// The nearest-rank percentile `p` (0…100) in milliseconds, 0 when there is none.
  public func percentile(_ p: Int) -> Int64 {
    guard !intervals.isEmpty else { return 0 }
    let rank = max(1, (p * intervals.count + 99) / 100)
    return intervals[min(rank, intervals.count) - 1]
  }
  public var maximum: Int64 { intervals.last ?? 0 }
}

/// A fault the world injected, as the report counts them.
public enum FaultKind: String, Hashable, Sendable, CaseIterable, Comparable {
  /// The app process was killed (before a step of an operation, or outright).
  case appKill = "app-kill"
  /// The watch went out of range of the phone.
  case watchOutOfRange = "watch-out-of-range"
  /// A `transferUserInfo` payload was delivered twice.
  case duplicateDelivery = "duplicate-delivery"
  /// A store move's copy failed.
  case storeCopyFailure = "store-copy-failure"
  /// The widget extension was killed before a step of the intent it performed.
  case widgetKill = "widget-kill"
  /// The watch app was killed shortly after a tap.
  case watchAppKill = "watch-app-kill"
  /// A `sendMessage` failed in flight (`WCError.deliveryFailed`).
  case messageFailure = "message-failure"
  /// A `sendMessage` was delivered but its reply never came (`WCError.messageReplyTimedOut`).
  case replyTimeout = "reply-timeout"
  /// A `sendMessage` to the watch was refused: the watch was in range, but its app was not in
  /// the foreground (`isReachable` was false).
  case watchAppNotRunning = "watch-app-not-running"
  /// A commit to a store on the phone failed (disk full or an I/O error): nothing was written.
  case storeWriteFailure = "store-write-failure"
  /// A value the design keeps in the App Group's defaults was corrupted.
  case corruptedDefaults = "corrupted-defaults"
  /// The app was killed in the middle of its store move (before a step the scenario names).
  case storeMoveInterrupted = "store-move-interrupted"

  public static func < (lhs: FaultKind, rhs: FaultKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What one strategy did in one run.
public struct StrategyResult: Hashable, Sendable {
  public let strategy: String
  public let domain: Domain
  public let expectedToConverge: Bool
  /// Violations by invariant, in invariant order.
  public let violations: [Violation]
  /// For a design not expected to converge, held to no staleness bound: how many of its
  /// surfaces' disagreements outlasted the bound a converging design is held to (a figure, not a
  /// violation; 0 for a design expected to converge, whose late disagreements are violations).
  public let stalenessBeyondBound: Int
  /// How many checks of each invariant ran (each surface compared, each store audited, each
  /// reload request judged).
  public let checks: [Invariant: Int]
  /// How many faults of each kind the world injected.
  public let faults: [FaultKind: Int]
  public let staleness: [StalenessFigures]
  public let events: Int
  public let acceptedActions: Int
  public let reloadRequests: Int
  public let chargedReloads: Int
  public let deniedReloads: Int
  /// The SVG chart of displayed against true values over the longest divergence, from where it
  /// began to where it ended, if any surface ever disagreed.
  public let chart: String?
  /// The SVG chart of the whole run: every surface against the truth, where each disagreed,
  /// kills, spells out of range, denied reloads and the first occurrence of each violation.
  public let overview: String?

  public func violation(_ invariant: Invariant) -> Violation? {
    violations.first { $0.invariant == invariant }
  }

  /// Whether `invariant` was checked at all: a store audited, a surface compared, a request
  /// judged. An invariant that does not apply (no store move) has no check, and its verdict is
  /// ``Verdict/notApplicable``, never a pass.
  public func applies(_ invariant: Invariant) -> Bool {
    (checks[invariant] ?? 0) > 0 || violation(invariant) != nil
  }

  /// The verdict on `invariant`: for staleness of a design not expected to converge, the
  /// disagreements beyond the bound as a figure (``Verdict/late(occurrences:)``) when there were
  /// any.
  public func verdict(_ invariant: Invariant) -> Verdict {
    if let violation = violation(invariant) { return .fail(occurrences: violation.occurrences) }
    if invariant == .staleness, stalenessBeyondBound > 0 { return .late(occurrences: stalenessBeyondBound) }
    return applies(invariant) ? .pass : .notApplicable
  }

  /// The same result with `violations` in place of its own.
  func replacing(violations: [Violation]) -> StrategyResult {
    StrategyResult(
      strategy: strategy, domain: domain, expectedToConverge: expectedToConverge, violations: violations,
      stalenessBeyondBound: stalenessBeyondBound, checks: checks, faults: faults, staleness: staleness, events: events,
      acceptedActions: acceptedActions, reloadRequests: reloadRequests, chargedReloads: chargedReloads,
      deniedReloads: deniedReloads, chart: chart, overview: overview)
  }

  /// Whether a strategy that is expected to converge broke an invariant.
  public var failsExpectation: Bool { expectedToConverge && !violations.isEmpty }

  /// Whether every invariant held (a design not expected to converge may still).
  public var converged: Bool { violations.isEmpty }
}

/// What a run says of one invariant for one strategy and domain.
///
/// ## Laws
/// - `text` is `pass`, `FAIL ×n`, `late ×n` or `n/a`; `name` (for JSON) is `pass`, `fail`,
///   `late` or `n/a`.
public enum Verdict: Hashable, Sendable {
  /// Checked, and never broken.
  case pass
  /// Broken, `occurrences` times.
  case fail(occurrences: Int)
  /// Staleness of a design not expected to converge: `occurrences` disagreements outlasted the
  /// bound a converging design is held to (a figure, not a failure).
  case late(occurrences: Int)
  /// Never checked: it does not apply to the domain, the scenario or the design.
  case notApplicable

  public var text: String {
    switch self {
    case .pass: return "pass"
    case .fail(let occurrences): return "FAIL ×\(occurrences)"
    case .late(let occurrences): return "late ×\(occurrences)"
    case .notApplicable: return "n/a"
    }
  }

  public var name: String {
    switch self {
    case .pass: return "pass"
    case .fail: return "fail"
    case .late: return "late"
    case .notApplicable: return "n/a"
    }
  }
}
