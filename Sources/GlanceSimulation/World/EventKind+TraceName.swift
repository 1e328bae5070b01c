import GlanceKernel

extension EventKind {
  /// `add`, `remove`, `complete`, `uncomplete`, `expense`.
  var traceName: String {
    switch self {
    case .add: return "add"
    case .remove: return "remove"
    case .complete: return "complete"
    case .uncomplete: return "uncomplete"
    case .expense: return "expense"
    }
  }
}
