/// Spends a widget's refresh budget deliberately on changes learned in the background (a watch
/// delivery, a background refresh), where every reload is charged: requests are coalesced so that
/// traffic, however heavy, cannot exhaust ``RefreshBudget``.
///
/// The pacer lets one charged reload through at once when the last one it let through is at
/// least ``spacingMilliseconds`` old; otherwise it asks for one reload at the end of that spacing,
/// and every change until then rides on it. A change made where reloads are free (the app in the
/// foreground, right after a widget intent) is reloaded at once and covers every change before
/// it. The spacing is `2 × 24 h / limit`, rounded up: half the
/// budget goes to changes, the other half stays for the timeline's own policy reloads.
///
/// Instants must not go backwards from one call to the next (a programmer error).
///
/// ## Laws
/// - Any two charged reloads the pacer lets through are at least ``spacingMilliseconds`` apart,
///   so a window of 24 hours holds at most `limit / 2` of them (rounded up).
/// - No change is left behind: a change at `t` is covered by a reload let through at
///   `max(t, last + spacing)` at the latest, where `last` is the last charged reload let through
///   before `t`; a free change, at `t`.
/// - At most one reload is waiting at any time.
public struct ReloadPacer: Hashable, Sendable {
  /// The least time between two reloads the pacer lets through.
  public let spacingMilliseconds: Int64
  /// The last charged reload let through.
  public private(set) var lastReload: Instant? = nil
  /// When the waiting reload is due, if one is.
  public private(set) var waitingUntil: Instant? = nil

  /// What to do about a change.
  public enum Decision: Hashable, Sendable {
    /// Ask WidgetKit for a reload now.
    case reloadNow
    /// Schedule one reload at this instant (no reload was waiting).
    case reloadAt(Instant)
    /// A reload is already waiting: nothing to do.
    case coalesced
  }

  /// A pacer for a widget whose budget allows `limit` charged reloads per 24 hours.
  ///
  /// - Throws: ``RefreshBudgetError/limitOutOfRange(_:)`` outside ``RefreshBudget/limitRange``.
  public init(refreshBudget limit: Int) throws(RefreshBudgetError) {
    guard RefreshBudget.limitRange.contains(limit) else { throw .limitOutOfRange(limit) }
    spacingMilliseconds = Self.spacing(refreshBudget: limit)
  }

  /// A pacer that resumes after `lastReload`, the last charged reload a pacer let through
  /// before (kept where it outlives the app's process): the spacing law holds across the two.
  ///
  /// - Throws: ``RefreshBudgetError/limitOutOfRange(_:)`` outside ``RefreshBudget/limitRange``.
  public init(refreshBudget limit: Int, resumingAfter lastReload: Instant?) throws(RefreshBudgetError) {
    try self.init(refreshBudget: limit)
    self.lastReload = lastReload
  }

  /// `2 × 24 h / limit`, rounded up to the millisecond.
  public static func spacing(refreshBudget limit: Int) -> Int64 {
    let window = 2 * RefreshBudget.windowMilliseconds
    return (window + Int64(limit) - 1) / Int64(limit)
  }

  /// A change at `instant` wants the widget reloaded; `free` when a reload costs nothing now.
  public mutating func change(at instant: Instant, free: Bool) -> Decision {
    if free {
      // A free reload now shows every change so far: nothing needs to wait any more.
      waitingUntil = nil
      return .reloadNow
    }
    if waitingUntil != nil { return .coalesced }
    guard let lastReload, instant < lastReload.advanced(by: spacingMilliseconds) else {
      lastReload = instant
      return .reloadNow
    }
    let due = lastReload.advanced(by: spacingMilliseconds)
    waitingUntil = due
    return .reloadAt(due)
  }

  /// The waiting reload is due at `instant`: returns whether to ask for it now (`false` when
  /// nothing is waiting any more or it is not yet due); `free` when a reload costs nothing now.
  public mutating func due(at instant: Instant, free: Bool) -> Bool {
    guard let waitingUntil, instant >= waitingUntil else { return false }
    self.waitingUntil = nil
    if !free { lastReload = instant }
    return true
  }
}
