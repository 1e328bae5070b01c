import GlanceKernel

extension EventKind {
  /// `add`, `remove`, `complete`, `uncomplete`, `expense`, `defineTask`, `removeTask`,
  /// `defineStep`, `removeStep`.
  var traceName: String {
    switch self {
    case .add: return "add"
    case .remove: return "remove"
    case .complete: return "complete"
    case .uncomplete: return "uncomplete"
    case .expense: return "expense"
    case .defineTask: return "defineTask"
    case .removeTask: return "removeTask"
    case .defineStep: return "defineStep"
    case .removeStep: return "removeStep"
    }
  }
}
