/// A surface that shows a count.
public enum Surface: String, Hashable, Sendable, CaseIterable, Comparable, Codable {
  /// The app's own screen (seen only while it is in the foreground).
  case app
  /// The domain's main widget: the tally, the steps progress, the current-period budget.
  case widget
  /// Pulpe's year-overview widget (budget domain): compared by the year it shows.
  case yearWidget = "year-widget"
  case watch

  public static func < (lhs: Surface, rhs: Surface) -> Bool { lhs.rank < rhs.rank }

  /// The device the surface is on: the watch's, or the phone's (the app and its widgets).
  public var device: Device {
    switch self {
    case .watch: return .watch
    case .app, .widget, .yearWidget: return .phone
    }
  }
  private var rank: Int {
    switch self {
    case .app: return 0
    case .widget: return 1
    case .yearWidget: return 2
    case .watch: return 3
    }
  }
}
