/// WidgetKit's reload accounting for one widget, as the simulator applies it.
///
/// From Apple's "Keeping a widget up to date" and the forum data points (see *The real apps Glance models*,
/// WidgetKit's refresh budget):
/// - a rolling 24-hour window holds at most ``limit`` charged reloads (default 70; Apple says
///   a frequently viewed widget "typically" gets 40–70, and an Apple engineer 72);
/// - reloads are free while the app is in the foreground and right after an interactive widget
///   intent;
/// - for 30 seconds after the app was opened from the widget, reload requests are silently
///   dropped, whatever the context.
///
/// Instants must not go backwards from one call to the next (a programmer error).
///
/// ## Laws
/// - In any window of 24 hours, at most `limit` reloads are charged.
/// - A free context never charges and, outside a deaf window, is always granted.
/// - A request in a deaf window is dropped and changes nothing else.
/// - A denied request changes nothing; it is granted again once the oldest charge leaves the
///   window (`retryAt`).
public struct RefreshBudget: Hashable, Sendable {
  /// The rolling window: 24 hours.
  public static let windowMilliseconds: Int64 = Instant.millisecondsPerDay
  /// The default number of charged reloads per window.
  public static let defaultLimit = 70
  /// The limits this model accepts.
  public static let limitRange: ClosedRange<Int> = 40...72
  /// How long reloads are dropped after the app is opened from the widget.
  public static let deafWindowMilliseconds: Int64 = 30_000

  /// Charged reloads allowed in any 24-hour window.
  public let limit: Int
  /// The charged reloads still inside the window as of the last call, oldest first.
  public private(set) var charged: [Instant] = []
  /// Reload requests are dropped before this instant.
  public private(set) var deafUntil: Instant? = nil
  /// The latest instant seen, to refuse time going backwards.
  package private(set) var latest: Instant? = nil

  /// A budget of `limit` charged reloads per rolling 24 hours.
  ///
  /// - Throws: ``RefreshBudgetError/limitOutOfRange(_:)`` outside 40…72.
  public init(limit: Int = RefreshBudget.defaultLimit) throws(RefreshBudgetError) {
    guard Self.limitRange.contains(limit) else { throw .limitOutOfRange(limit) }
    self.limit = limit
  }

  /// Records that the app was launched from the widget at `instant`: the next 30 seconds are deaf.
  public mutating func appOpenedFromWidget(at instant: Instant) {
    advance(to: instant)
    deafUntil = instant.advanced(by: Self.deafWindowMilliseconds)
  }

  /// Asks for a reload at `instant` and records the outcome.
  public mutating func requestReload(at instant: Instant, context: ReloadContext) -> ReloadDecision {
    advance(to: instant)
    if let deafUntil, instant < deafUntil { return .dropped(until: deafUntil) }
    switch context {
    case .appInForeground, .afterInteractiveIntent:
      return .granted(charged: false)
    case .background:
      guard charged.count < limit else {
        return .denied(retryAt: charged[0].advanced(by: Self.windowMilliseconds))
      }
      charged.append(instant)
      return .granted(charged: true)
    }
  }

  /// How many charged reloads are left at `instant` (not recorded: a query).
  public func remaining(at instant: Instant) -> Int {
    let windowStart = instant.advanced(by: -Self.windowMilliseconds)
    return limit - charged.filter { $0 > windowStart }.count
  }

  private mutating func advance(to instant: Instant) {
    if let latest {
      precondition(instant >= latest, "RefreshBudget: time went back from \(latest) to \(instant)")
    }
    latest = instant
    let windowStart = instant.advanced(by: -Self.windowMilliseconds)
    // A charge at exactly 24 h ago has left the window.
    let expired = charged.prefix { $0 <= windowStart }.count
    charged.removeFirst(expired)
    precondition(charged.count <= limit, "RefreshBudget holds \(charged.count) charges over its limit \(limit)")
  }
}

/// Where a reload request comes from, which decides whether it is charged.
public enum ReloadContext: String, Hashable, Sendable, Codable, CaseIterable {
  /// From the app in the background, a background task or the widget's own policy: charged.
  case background
  /// While the app is in the foreground: free.
  case appInForeground
  /// Right after an interactive widget intent (a "+" tap): free.
  case afterInteractiveIntent
}

/// What WidgetKit did with a reload request.
public enum ReloadDecision: Hashable, Sendable {
  /// The widget reloads; `charged` tells whether it used the budget.
  case granted(charged: Bool)
  /// Silently dropped: the app was just opened from the widget (deaf until `until`).
  case dropped(until: Instant)
  /// The budget is spent; a charged reload is possible again at `retryAt`.
  case denied(retryAt: Instant)

  /// Whether the widget reloads.
  public var isGranted: Bool {
    if case .granted = self { return true }
    return false
  }
}

/// Why a refresh budget could not be made.
public enum RefreshBudgetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The limit is outside 40…72.
  case limitOutOfRange(Int)

  public var description: String {
    switch self {
    case .limitOutOfRange(let limit):
      return
        "refresh budget limit \(limit) is outside \(RefreshBudget.limitRange.lowerBound)…\(RefreshBudget.limitRange.upperBound) per 24 h"
    }
  }
}
