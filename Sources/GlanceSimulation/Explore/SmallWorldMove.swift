import GlanceKernel

/// One move of the person in a ``SmallWorld``: a tap that adds, or a delete or an edit in the
/// app. A move in the app opens it for a minute ``appOpenLead`` before (in a small world the app is
/// never used closed: a tap on a closed app means nothing, and exploring it would only repeat
/// schedules).
///
/// ## Laws
/// - ``moves(of:)`` lists the moves that mean something in a domain, in declaration order: the
///   watch only where the domain has a watch, the delete only in the tally (the others edit).
public enum SmallWorldMove: String, Hashable, Sendable, CaseIterable {
  /// The app is opened and "+" tapped.
  case appTap = "app-tap"
  /// The app is opened and the latest record of today deleted ("undo").
  case appDelete = "app-delete"
  /// The app is opened and a task or an expense edited.
  case appEdit = "app-edit"
  /// The widget's "+".
  case widgetTap = "widget-tap"
  /// A tap on the watch.
  case watchTap = "watch-tap"

  /// The moves of `domain`, in declaration order.
  public static func moves(of domain: Domain) -> [SmallWorldMove] {
    switch domain {
    case .tally: return [.appTap, .appDelete, .widgetTap, .watchTap]
    case .steps, .budget: return [.appTap, .appEdit, .widgetTap]
    }
  }

  /// How long before a move in the app the app is opened.
  public static let appOpenLead: Int64 = 500

  /// The script's actions of the move made at `at`: for a move in the app, the app opened
  /// ``appOpenLead`` before, then the tap, then, where `sessions` says so, the person leaving the
  /// app ``SmallWorldSessions/leaveLag`` after.
  func actions(at: Instant, sessions: SmallWorldSessions = .oneSession) -> [ScriptedAction] {
    let open = ScriptedAction(at: at.advanced(by: -Self.appOpenLead), kind: .appOpen(minutes: 1))
    let leave = ScriptedAction(at: at.advanced(by: SmallWorldSessions.leaveLag), kind: .appLeave)
    let move: ScriptedAction.Kind
    switch self {
    case .appTap: move = .appTap
    case .appDelete: move = .appDelete
    case .appEdit: move = .appEdit
    case .widgetTap: return [ScriptedAction(at: at, kind: .widgetTap)]
    case .watchTap: return [ScriptedAction(at: at, kind: .watchTap)]
    }
    let made = [open, ScriptedAction(at: at, kind: move)]
    return sessions == .leftAfterEachMove ? made + [leave] : made
  }
}
