/// Which writer recorded an event: the app, the widget's interactive intent, or the watch.
///
/// The origin is part of an event's content (two events with one id and different origins
/// conflict); no count depends on it.
///
/// ## Laws
/// - Order is the declaration order: `app < widgetIntent < watch`.
/// - `Codable` writes the raw value (`"app"`, `"widgetIntent"`, `"watch"`).
public enum Origin: String, Hashable, Comparable, CaseIterable, Sendable, Codable {
  /// The containing iOS app.
  case app
  /// The widget extension's interactive intent (the widget's "+" button).
  case widgetIntent
  /// The watch app.
  case watch

  /// The position in the declaration order.
  package var rank: Int {
    switch self {
    case .app: return 0
    case .widgetIntent: return 1
    case .watch: return 2
    }
  }

  /// Declaration order: app, then widgetIntent, then watch.
  public static func < (lhs: Origin, rhs: Origin) -> Bool {
    lhs.rank < rhs.rank
  }
}
