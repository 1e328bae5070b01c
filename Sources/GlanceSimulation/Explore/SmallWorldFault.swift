import GlanceKernel

/// The one fault a ``SmallWorld`` schedule may hold, struck just before one of its moves: each
/// is a fault of the world's own families, scripted as a drawn one would be, so it strikes as it
/// does in a sweep (a kill falls before one of the next steps of an operation, and the explorer
/// tries each of those steps).
///
/// ## Laws
/// - ``faults(of:)`` lists the faults that can strike in a domain, in declaration order: the
///   watch's only where the domain has a watch.
public enum SmallWorldFault: String, Hashable, Sendable, CaseIterable {
  /// The app is killed before one of the next steps of what it does.
  case appKill = "app-kill"
  /// The widget extension is killed before one of the next steps of its intent.
  case widgetKill = "widget-kill"
  /// The watch app is killed shortly after the next watch tap.
  case watchKill = "watch-kill"
  /// The watch goes out of range until a minute after the last move.
  case outOfRange = "out-of-range"
  /// The next commit to a store on the phone fails.
  case storeWriteFailure = "store-write-failure"

  /// The faults of `domain`, in declaration order.
  public static func faults(of domain: Domain) -> [SmallWorldFault] {
    switch domain {
    case .tally: return allCases
    case .steps, .budget: return [.appKill, .widgetKill, .storeWriteFailure]
    }
  }

  /// `plan` with this fault struck at `at`, before a move; a spell out of range lasts `until`.
  func strike(at: Instant, until: Instant, in plan: inout FaultPlan) {
    switch self {
    case .appKill: plan.kills.append(at)
    case .widgetKill: plan.widgetKills.append(at)
    case .watchKill: plan.watchKills.append(at)
    case .outOfRange: plan.outOfRange.append(OutOfRangeSpell(from: at, until: until))
    case .storeWriteFailure: plan.storeWriteFailures.append(at)
    }
  }
}
