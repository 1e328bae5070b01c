/// Which of a design's widgets: the domain's main widget, or Pulpe's year overview.
///
/// ## Laws
/// - `index` numbers the widgets from 0 in declaration order; a design's widgets are a prefix
///   of `allCases`.
public enum WidgetID: Int, Hashable, Sendable, CaseIterable, Comparable {
  /// The tally, the steps progress, the current-period budget.
  case main = 0
  /// Pulpe's year overview (budget domain).
  case year = 1

  /// The position of the widget's host in the world.
  var index: Int { rawValue }

  /// The surface the widget is.
  public var surface: Surface { self == .main ? .widget : .yearWidget }

  public static func < (lhs: WidgetID, rhs: WidgetID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Surface {
  /// The widget this surface is, `nil` for the app and the watch.
  public var widget: WidgetID? {
    switch self {
    case .widget: return .main
    case .yearWidget: return .year
    case .app, .watch: return nil
    }
  }
}
